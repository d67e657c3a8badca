package org.tally.core.grammar;

import java.util.List;

/** A concept term read at a position: how many tokens it spans, the pack concepts it names, and its words. */
record ConceptTerm(int length, List<String> concepts, String phrase) {
}
