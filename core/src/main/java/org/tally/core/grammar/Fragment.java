package org.tally.core.grammar;

import java.util.List;
import java.util.Objects;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.ValueRef;

/**
 * One typed piece of meaning a rule read from the question's words. Rules return the fragments they read; {@link
 * Reading#with} folds them, in order, into what the question says so far, and {@link SpecAssembly} turns the whole
 * reading into a spec. Nothing else changes a reading.
 */
sealed interface Fragment {

    // ---------------------------------------------------------------- what the question asks for

    /** The lead words fix the shape family and the rule's id. */
    record LeadWords(Lead lead, String rule) implements Fragment {
    }

    /** The concept whose rows the question counts, lists or measures. */
    record Subject(String concept) implements Fragment {
        public Subject {
            Objects.requireNonNull(concept, "concept");
        }
    }

    /** An aggregate word ("average", "total") and how it was written. */
    record AggregateWord(Aggregation aggregation, String phrase) implements Fragment {
    }

    /** The value an aggregate (or a ranking by a sum) is over. */
    record MeasureOf(ValueRef of) implements Fragment {
    }

    /** How many rows a ranking keeps (null: not said yet). */
    record Limit(Integer limit) implements Fragment {
    }

    /** What a "which X had the most Y" ranking groups by, as written. */
    record RankedGroup(String phrase) implements Fragment {
    }

    /** A ranking by the sum of the subject's amount ("brought in the most money"). */
    record RankedSum() implements Fragment {
    }

    /** In "which doctors were the attending doctor for …", the words naming the referenced rows ("doctors"). */
    record ReferenceNamer(String words) implements Fragment {
    }

    /** Whether a "most common" subject was written in the singular (one row) or the plural. */
    record TopSingular(boolean singular) implements Fragment {
    }

    /** The column a ranking groups by when the question names a column, not a concept. */
    record RankedColumn(ColumnRef column) implements Fragment {
    }

    /** Where a ranking's verb stands ("which surgeons performed …"): checked once the subject is known. */
    record WhichVerb(int at) implements Fragment {
    }

    /** Where "how much was VERB" has its verb. */
    record AmountVerb(int at) implements Fragment {
    }

    /** Where the subject phrase of a ranking lead starts. */
    record ResumeAt(int at) implements Fragment {
    }

    /** The words naming a rate ("no-show" in "the no-show rate"). */
    record RateWords(String words) implements Fragment {
    }

    /** A concept named right before the subject term ("clinic" in "clinic appointments"): its values win ties. */
    record PreferredReach(String concept) implements Fragment {
    }

    /** The patient reference whose distinct values are counted ("how many patients are currently admitted"). */
    record DistinctPeople(ColumnRef column) implements Fragment {
    }

    /** "list the dates of …": column words before the subject, resolved once it is known. */
    record PendingProjection(int from, int to) implements Fragment {
    }

    /** Where "new" was read; it needs a start or event time verb of the subject. */
    record NewWord(int at) implements Fragment {
    }

    // ---------------------------------------------------------------- conditions

    /** Conditions on the subject's rows; in a percentage, once its counted condition has started, they count it. */
    record Condition(List<Filter> filters) implements Fragment {
        public Condition {
            filters = List.copyOf(filters);
        }
    }

    /** A condition on the subject's rows that is never the counted condition of a percentage. */
    record SubjectFilter(Filter filter) implements Fragment {
        public SubjectFilter {
            Objects.requireNonNull(filter, "filter");
        }
    }

    /** A condition on related records (EXISTS, NOT EXISTS, a count of them); routed like {@link Condition}. */
    record Related(RelatedScope scope) implements Fragment {
        public Related {
            Objects.requireNonNull(scope, "scope");
        }
    }

    /** From here on, the conditions read are the counted condition of a percentage ("… were no-shows"). */
    record CountedCondition() implements Fragment {
    }

    /** The last conditions from {@code from} on one list are one list of values ("moderate, severe or fatal"). */
    record ValueList(boolean numerator, int from, Filter merged) implements Fragment {
    }

    /** Where the current run of values on one column starts (null: no run). */
    record ValueRunMark(ValueRun run) implements Fragment {
    }

    /** A run of value conditions on one column: the list they are in and the index of the first. */
    record ValueRun(boolean numerator, int start) {
    }

    // ---------------------------------------------------------------- groups, shown columns, time

    record Grouping(Dimension dimension) implements Fragment {
    }

    record Bucketed(Bucket bucket) implements Fragment {
    }

    /** Columns a list or look-up shows. */
    record Shown(List<ColumnRef> columns) implements Fragment {
        public Shown {
            columns = List.copyOf(columns);
        }
    }

    /** A time phrase and where it starts. */
    record Range(TimePhrases.Match match, int at) implements Fragment {
    }

    /** The unit a duration is measured in. */
    record Unit(DurationUnit unit) implements Fragment {
    }

    /** A verb naming a time column ("admitted"), and the index after it. */
    record TimeVerb(ColumnRef column, int end) implements Fragment {
    }

    /** A verb naming the records' own event where they keep no time ("diagnosed"): a time phrase for it misses. */
    record UntimedVerb(String reason) implements Fragment {
    }

    /** The time column a range or bucket applies to, as a ranking's verb names it. */
    record NamedTime(ColumnRef column) implements Fragment {
    }
}
