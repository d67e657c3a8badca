package org.tally.core.conversation;

import java.util.List;
import java.util.Objects;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.TimeScope;

/**
 * What a conversation is about after its last turn, typed and model-free: the last answered spec (as the reader
 * made it, before canonical form, so a follow-up can replace its period or add to its conditions), the turn it came
 * from and the spec it refined, what its answer came to, the clarifying question still open, the service line, and
 * the patient, place and value last named. Written after every turn; immutable.
 *
 * @param spec         the last answered spec; null when nothing has been answered (or after "start over")
 * @param turn         the turn that answered it (0 when none)
 * @param narrowedFrom the spec {@code spec} refined, when it was a follow-up; null otherwise
 * @param question     the words of that turn
 * @param move         what that turn did (a follow-up move id, or null for a question read alone)
 * @param digest       what its answer came to
 * @param pending      the clarifying question the last turn asked, null when none is open
 * @param scope        the service line the conversation reads (its label)
 * @param named        the patient, place and value the conversation last named
 * @param unanswered   the words of the turns since the last answer that were not answered (refused), null when the
 *                     last turn answered: a follow-up then has nothing certain to build on
 */
public record ConversationFocus(QuerySpec spec, int turn, QuerySpec narrowedFrom, String question, String move,
                                ResultDigest digest, PendingClarify pending, String scope, Named named,
                                String unanswered) {

    public ConversationFocus {
        if (spec == null && (turn != 0 || narrowedFrom != null)) {
            throw new IllegalArgumentException("a focus without a spec refers to no turn");
        }
        if (spec != null && turn < 1) {
            throw new IllegalArgumentException("a spec comes from a turn, counted from 1");
        }
        Objects.requireNonNull(scope, "scope");
        digest = digest == null ? new ResultDigest(0, List.of()) : digest;
        named = named == null ? Named.NONE : named;
    }

    /** A conversation that has not started (or has started over). */
    public static ConversationFocus empty(String scope) {
        return new ConversationFocus(null, 0, null, null, null, null, null, scope, Named.NONE, null);
    }

    /** Whether a follow-up has something to refine. */
    public boolean hasSpec() {
        return spec != null;
    }

    public String subject() {
        return spec == null ? null : spec.subject();
    }

    public TimeScope timeScope() {
        return spec == null ? null : spec.timeScope();
    }

    public List<Filter> filters() {
        return spec == null ? List.of() : spec.filters();
    }

    public List<Dimension> grouping() {
        return spec == null ? List.of() : spec.dimensions();
    }

    /** After a turn that answered {@code answered}: everything about it, and nothing open. */
    ConversationFocus answered(QuerySpec answered, int at, QuerySpec refined, String words, String madeBy,
                               ResultDigest came) {
        return new ConversationFocus(answered, at, refined, words, madeBy, came, null, scope, named.after(answered),
                null);
    }

    /** After a turn that was not answered: follow-ups wait for an answer to build on. */
    ConversationFocus notAnswered(String words) {
        return new ConversationFocus(spec, turn, narrowedFrom, question, move, digest, null, scope, named,
                unanswered == null ? words : unanswered);
    }

    /** The same focus with a clarifying question open. */
    ConversationFocus asking(PendingClarify ask) {
        return new ConversationFocus(spec, turn, narrowedFrom, question, move, digest, ask, scope, named, unanswered);
    }

    /** The same focus with nothing open. */
    ConversationFocus settled() {
        return pending == null ? this
                : new ConversationFocus(spec, turn, narrowedFrom, question, move, digest, null, scope, named, unanswered);
    }

    /**
     * The patient, place and value a conversation last named (a filter's value on a patient, on a ward, department or
     * location, or any other value), kept as the words shown.
     */
    public record Named(String patient, String place, String value) {

        public static final Named NONE = new Named(null, null, null);

        /** What {@code spec} names, over what was named before. */
        Named after(QuerySpec spec) {
            String p = patient;
            String l = place;
            String v = value;
            for (Filter f : spec.filters()) {
                if (!(f instanceof Filter.Compare c) || !(c.target() instanceof ColumnRef col)
                        || !(c.value() instanceof Literal.StringValue s)) {
                    continue;
                }
                if (col.concept().equalsIgnoreCase("Patient") || col.role() == ColumnRole.PATIENT_REF) {
                    p = s.value();
                } else if (col.role() == ColumnRole.LOCATION || col.role() == ColumnRole.WARD_REF
                        || col.role() == ColumnRole.DEPARTMENT_REF || col.role() == ColumnRole.NAME && col.via() == null
                        && !col.concept().equalsIgnoreCase(spec.subject())) {
                    l = s.value();
                } else {
                    v = s.value();
                }
            }
            return new Named(p, l, v);
        }

        /** Values are record content: never in a log line. */
        @Override
        public String toString() {
            return "Named[" + (patient != null) + ", " + (place != null) + ", " + (value != null) + "]";
        }
    }

    /** The focus names record content: only its shape reaches a log line. */
    @Override
    public String toString() {
        return "ConversationFocus[turn " + turn + (spec == null ? ", nothing answered" : ", " + spec.subject())
                + (pending == null ? "" : ", asking") + ", " + scope + "]";
    }
}
