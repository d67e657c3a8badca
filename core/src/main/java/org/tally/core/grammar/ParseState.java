package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.ValueRef;

/** What one parse has read so far; each inner parse (a related record's conditions) has its own. */
final class ParseState {

    String rule;
    Lead lead;
    String subject;
    Aggregation aggregation;
    String measurePhrase;
    ValueRef measureOf;
    Integer limit;
    String groupConcept;
    final List<Filter> filters = new ArrayList<>();
    final List<Filter> numerator = new ArrayList<>();
    final List<RelatedScope> related = new ArrayList<>();
    final List<Dimension> dimensions = new ArrayList<>();
    final List<ColumnRef> projection = new ArrayList<>();
    /** "list the dates of …": column words read before the subject, resolved once it is known. */
    int pendingFrom = -1;
    int pendingTo = -1;
    Bucket bucket;
    TimePhrases.Match range;
    DurationUnit unit = DurationUnit.DAYS;
    boolean numeratorMode;
    String rateWords;
    ColumnRef namedTime;
    String readingPhrase;
    int whichVerbAt = -1;
    int amountVerbAt = -1;

    void reset() {
        subject = null;
        filters.clear();
        projection.clear();
    }

    int whichNext = -1;

    /** A ranking by the sum of the subject's amount ("which payment method brought in the most money"). */
    boolean rankedSum;

    /** In "which doctors were the attending doctor for …", the words that name the referenced rows ("doctors"). */
    String referenceNamer;

    boolean topSingular;

    /** A concept named right before the subject term ("clinic" in "clinic appointments"): its values win ties. */
    String preferredReach;

    /** The column a ranking groups by when the question names a column, not a concept ("most common complaints"). */
    ColumnRef rankedBy;

    /** The patient reference whose distinct values are counted ("how many patients are currently admitted"). */
    ColumnRef distinctPeople;
        /** The subject's time verbs read so far, with the index after each. */
    final List<ColumnRef> verbTimes = new ArrayList<>();
    int rangeAt = -1;
    /** Where "new" was read without a value of its own; it needs the subject's start or event time verb. */
    int newAt = -1;

    /** Related scopes go to the rate's numerator once the counted condition has started. */
    final List<RelatedScope> numeratorRelated = new ArrayList<>();

    void addRelated(RelatedScope scope) {
        (numeratorMode ? numeratorRelated : related).add(scope);
    }

    void addFilters(List<Filter> list) {
        (numeratorMode ? numerator : filters).addAll(list);
    }
}
