package org.tally.core.grammar;

import java.util.Optional;
import org.tally.core.spec.QuerySpec;

/**
 * What a follow-up did to the last spec. A refined spec names its move in its provenance ({@code followUp}), so whoever
 * keeps the conversation can say what changed and prefer another kind of suggestion next.
 */
public enum FollowUpMove {
    /** The period replaced or moved ("what about 2024?", "same period last year"). */
    TIME("time"),
    /** A grouping added ("and by ward?"). */
    GROUPING("grouping"),
    /** The grouping replaced ("by clinic instead"). */
    REGROUPING("regrouping"),
    /** A condition added ("only caesareans"). */
    FILTER("filter"),
    /** A condition replaced by another on the same column ("what about sodium?"). */
    REFILTER("refilter"),
    /** A condition removed ("without the caesarean filter", "all wards"). */
    UNFILTER("unfilter"),
    /** Counted as a share of the rows in scope ("as a percentage"). */
    RATE("rate"),
    /** Counted per bucket of time ("per month"). */
    BUCKET("bucket"),
    /** Only the largest groups ("top 3"). */
    TOP("top"),
    /** Into one group of the last answer ("drill into Fever"). */
    DRILL("drill"),
    /** The same frame for another concept ("same for deliveries"). */
    SUBJECT("subject"),
    /** How many of the rows counted meet a further condition ("how many of those were readmitted"). */
    SUBSET("subset"),
    /** The rows counted, listed ("list them with their ward"). */
    LIST("list");

    private final String id;

    FollowUpMove(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The move that made {@code spec}, when a follow-up made it. */
    public static Optional<FollowUpMove> of(QuerySpec spec) {
        String move = spec.provenance().followUp();
        for (FollowUpMove m : values()) {
            if (m.id.equals(move)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
