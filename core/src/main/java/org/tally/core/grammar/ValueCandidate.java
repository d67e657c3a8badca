package org.tally.core.grammar;

import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;

/** A column a value phrase names, with the filter that reading makes and the label a clarification offers. */
record ValueCandidate(ColumnRef ref, Filter filter, String label) {
}
