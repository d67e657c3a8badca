package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.ValueRef;

/** Time verbs, the times of related records and due windows: which time column a range or bucket applies to. */
final class TimeRules extends RuleFamily {

    /** Verbs of a start or an end, whatever the record: the subject's own start or end time names them. */
    private static final Map<String, ColumnRole> START_END_VERBS = Map.of("started", ColumnRole.START_TIME,
            "began", ColumnRole.START_TIME, "begun", ColumnRole.START_TIME, "ended", ColumnRole.END_TIME,
            "finished", ColumnRole.END_TIME);

    /** Why the subject's event verb read so far names no time here ("diagnosed" on undated diagnoses), or null. */
    private String untimedVerb;
    private final List<Integer> verbEnds = new ArrayList<>();
    private boolean severalTimes;

    TimeRules(QuestionParser parse) {
        super(parse);
    }

    /**
     * "performed", "admitted", "discharged on": a pack phrase naming one of the subject's time columns. It fixes the
     * column a time range or bucket applies to and is never read as a value ("scheduled" is not a status here).
     */
    int timeVerb(int i, int to) {
        if (state.subject == null) {
            return 0;
        }
        for (int n = Math.min(3, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            LinkedVerbTime own = linkedVerbTime(state.subject, phrase);
            if (own.untimed() != null) {
                untimedVerb = own.untimed(); // "patients diagnosed with sepsis": being a diagnosis is the event
                return n;
            }
            ColumnRef col = own.time();
            if (col == null) {
                col = startOrEndVerb(phrase);
            }
            if (col == null) {
                col = referredTime(phrase);
            }
            if (col == null) {
                continue;
            }
            state.verbTimes.add(col);
            verbEnds.add(i + n);
            if (state.namedTime == null) {
                state.namedTime = col;
            } else if (!state.namedTime.equals(col)) {
                severalTimes = true;
            }
            return n;
        }
        return 0;
    }

    /**
     * "prescriptions started last month", "stays that ended this week": the subject's one start (or end) time; several
     * ask which, none leaves the word unread.
     */
    private ColumnRef startOrEndVerb(String phrase) {
        ColumnRole role = START_END_VERBS.get(phrase);
        if (role == null) {
            return null;
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
            if (c.role() == role && !refs.contains(ref(state.subject, c))) {
                refs.add(ref(state.subject, c));
            }
        }
        if (refs.isEmpty()) {
            return null;
        }
        return refs.size() == 1 ? refs.get(0) : clarify.pickRef("timeColumn", state.subject + " " + phrase, refs);
    }

    /**
     * "babies born this year": a time verb of the one concept the subject refers to directly, when the subject has
     * no time of its own for it (a newborn's birth is its delivery's time). Null when there is none or several.
     */
    private ColumnRef referredTime(String phrase) {
        if (!lexicon.timeHints(state.subject, phrase).isEmpty()
                || vocab.columns(state.subject).stream().anyMatch(c -> c.role().isTemporal())) {
            return null; // a subject with times of its own is asked about by them ("bills discharged" is no bill time)
        }
        List<ColumnRef> found = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
            if (p.via() == null && !lexicon.timeHints(p.concept(), phrase).isEmpty()) {
                ColumnRef c = verbTimeColumn(p.concept(), phrase);
                if (c != null && !found.contains(c)) {
                    found.add(c);
                }
            }
        }
        return found.size() == 1 ? found.get(0) : null;
    }

    /**
     * "stays admitted to the Orthopaedic Ward and discharged this year": of several time verbs, the one right before
     * the time phrase ("discharged this year", "discharged in 2025") takes it; a verb of an end time that takes no
     * time phrase says the end happened (not null); any other bare verb adds nothing. No verb next to the phrase:
     * a miss, since which time is meant cannot be told.
     */
    void settleTimes() {
        if (untimedVerb != null && (state.range != null || state.bucket != null)) {
            throw new GrammarMiss(untimedVerb);
        }
        if (state.verbTimes.isEmpty()) {
            return;
        }
        ColumnRef ranged = null;
        if (state.range != null || state.bucket != null) {
            if (!severalTimes) {
                ranged = state.namedTime;
            } else {
                for (int v = 0; v < state.verbTimes.size(); v++) {
                    int end = verbEnds.get(v);
                    boolean next = end == state.rangeAt || end + 1 == state.rangeAt
                            && (tokens.word(end, "on") || tokens.word(end, "in") || tokens.word(end, "during"));
                    if (next) {
                        ranged = state.verbTimes.get(v);
                    }
                }
                if (ranged == null) {
                    throw new GrammarMiss("the question names two different times of " + state.subject);
                }
            }
            state.namedTime = ranged;
        }
        for (ColumnRef c : state.verbTimes) {
            if (!c.equals(ranged) && c.role() == ColumnRole.END_TIME && c.concept().equals(state.subject)
                    && !state.filters.contains(new Filter.IsNotNull(c))) {
                state.filters.add(new Filter.IsNotNull(c)); // "admissions … discharged": the stay has ended
            }
        }
    }

    /** The time column of {@code concept} a time verb names; null when the phrase is no time verb of it. */
    ColumnRef verbTimeColumn(String concept, String phrase) {
        List<RoleHint> hints = lexicon.timeHints(concept, phrase);
        if (hints.isEmpty()) {
            return null;
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (RoleHint h : hints) {
            for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                if (h.roles().contains(c.role().jsonName()) && hintsMatch(h.nameHints(), c)
                        && !refs.contains(ref(concept, c))) {
                    refs.add(ref(concept, c));
                }
            }
        }
        if (refs.isEmpty()) {
            throw new GrammarMiss("'" + phrase + "' names a time this source does not record for " + concept);
        }
        return refs.size() == 1 ? refs.get(0) : clarify.pickRef("timeColumn", concept + " " + phrase, refs);
    }

    /**
     * After a related concept: "had no results reported last month". A time verb of that concept and a time phrase
     * restrict the related rows, not the subject. Returns the index after what it read.
     */
    int relatedTime(String other, int k, int to, List<Filter> out) {
        if (k >= to) {
            return k;
        }
        ColumnRef col = verbTimeColumn(other, tokens.get(k).text());
        if (col == null) {
            return k;
        }
        k++;
        TimePhrases.Match m = time.at(k);
        if (m != null && k + m.length() <= to) {
            rangeFilters(col, m, out);
            k += m.length();
        }
        return k;
    }

    /**
     * A time phrase right after a related concept dates that concept's rows, not the subject's ("patients who had an
     * admission last month": admissions last month). It takes the concept's one event or start time; several ask,
     * none is a miss. Returns the index after the phrase (unchanged when there is none).
     */
    int relatedRange(String other, int k, List<Filter> out) {
        TimePhrases.Match m = time.at(k);
        if (m == null) {
            return k;
        }
        List<ColumnRef> times = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(other)) {
            if (c.role() == ColumnRole.EVENT_TIME || c.role() == ColumnRole.START_TIME) {
                times.add(ref(other, c));
            }
        }
        if (times.isEmpty()) {
            throw new GrammarMiss(other + " has no date on this source for '" + tokens.words(k, k + m.length()) + "'");
        }
        rangeFilters(times.size() == 1 ? times.get(0) : clarify.pickRef("timeColumn", other + " time", times), m, out);
        return k + m.length();
    }

    /**
     * The time a verb names ("diagnosed", "prescribed"), or none when it names the records' own event and they keep
     * no time of theirs: "patients diagnosed with sepsis" needs no time, so the verb still reads; a time phrase for
     * it misses.
     */
    LinkedVerbTime linkedVerbTime(String concept, String verb) {
        try {
            return new LinkedVerbTime(verbTimeColumn(concept, verb), null);
        } catch (GrammarMiss untimed) {
            if (!namesOwnEvent(concept, verb)) {
                throw untimed; // "cancelled" names a time of its own: without it the verb says nothing checkable
            }
            return new LinkedVerbTime(null, untimed.getMessage());
        }
    }

    /**
     * Whether {@code verb} names only the event each record of {@code concept} is ("diagnosed" for a diagnosis): the
     * record's existence then says it happened. A verb of an end ("discharged") or of a particular time column
     * ("cancelled" at its own time) does not: its absence cannot be read from the row being there.
     */
    private boolean namesOwnEvent(String concept, String verb) {
        List<RoleHint> hints = lexicon.timeHints(concept, verb);
        return !hints.isEmpty() && hints.stream().allMatch(h -> h.nameHints().isEmpty()
                && !h.roles().contains(ColumnRole.END_TIME.jsonName()));
    }

    record LinkedVerbTime(ColumnRef time, String untimed) {
        ColumnRef column() {
            if (time == null) {
                throw new GrammarMiss(untimed);
            }
            return time;
        }
    }

    static void rangeFilters(ColumnRef col, TimePhrases.Match m, List<Filter> out) {
        if (m.from() != null) {
            out.add(Filter.ge(col, Literal.of(m.from())));
        }
        if (m.to() != null) {
            out.add(Filter.lt(col, Literal.of(m.to())));
        }
    }

    /** "due within 14 days", "due in the next 2 weeks": a due-date column of the subject in [today, today+N]. */
    int dueWindow(int i) {
        if (state.subject == null || !tokens.word(i, "due")) {
            return 0;
        }
        int k = i + 1;
        if (!(tokens.word(k, "within") || tokens.word(k, "in"))) {
            return 0;
        }
        k++;
        if (tokens.word(k, "the") && tokens.word(k + 1, "next")) {
            k += 2;
        } else if (tokens.word(k, "next")) {
            k++;
        }
        if (k + 1 >= tokens.size() || !tokens.get(k).isNumber()) {
            throw new GrammarMiss("'" + tokens.words(i, Math.min(tokens.size(), k + 1)) + "' needs a number of days");
        }
        int days = tokens.get(k).number();
        String u = tokens.get(k + 1).text();
        if (u.startsWith("week")) {
            days *= 7;
        } else if (!u.startsWith("day")) {
            throw new GrammarMiss("'" + u + "' is not a unit for a due window (days or weeks)");
        }
        List<ColumnRef> due = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
            if (c.role().isTemporal() && c.nameTokens().contains("due")) {
                due.add(ref(state.subject, c));
            }
        }
        if (due.isEmpty()) {
            throw new GrammarMiss(state.subject + " has no due date on this source");
        }
        ColumnRef col = due.size() == 1 ? due.get(0) : clarify.pickRef("column", "due date", due);
        state.filters.add(Filter.ge(col, Literal.of(today)));
        state.filters.add(Filter.lt(col, Literal.of(today.plusDays(days + 1L))));
        return k + 2 - i;
    }

    /**
     * "patients who died last year": a predicate that says a time of the subject is recorded (a death date, a
     * discharge) names the time a phrase right after it is about, as a time verb does; the time verbs' rule then
     * decides which time the range takes.
     */
    void datedBy(List<Filter> bound, String concept, int after) {
        if (bound.size() != 1 || !(bound.get(0) instanceof Filter.IsNotNull) || !concept.equals(state.subject)
                || time.at(after) == null) {
            return;
        }
        ValueRef target = bound.get(0).target();
        if (!(target instanceof ColumnRef) || !target.isTemporal()) {
            return;
        }
        ColumnRef col = (ColumnRef) target;
        state.verbTimes.add(col);
        verbEnds.add(after);
        if (state.namedTime == null) {
            state.namedTime = col;
        } else if (!state.namedTime.equals(col)) {
            severalTimes = true;
        }
    }

    /** The subject's single EventTime or StartTime; several candidates are a question, none a miss. */
    ColumnRef timeColumn() {
        if (state.namedTime != null) {
            return state.namedTime;
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
            if (c.role() == ColumnRole.EVENT_TIME || c.role() == ColumnRole.START_TIME) {
                refs.add(ref(state.subject, c));
            }
        }
        if (refs.isEmpty()) {
            throw new GrammarMiss(state.subject + " has no date on this source for the time range");
        }
        return refs.size() == 1 ? refs.get(0) : clarify.pickRef("timeColumn", state.subject + " time", refs);
    }}
