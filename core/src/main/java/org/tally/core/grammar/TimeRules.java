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
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.ValueRef;

/** Time verbs, the times of related records and due windows: which time column a range or bucket applies to. */
final class TimeRules extends RuleFamily {

    /** Verbs of a start or an end, whatever the record: the subject's own start or end time names them. */
    private static final Map<String, ColumnRole> START_END_VERBS = Map.of("started", ColumnRole.START_TIME,
            "began", ColumnRole.START_TIME, "begun", ColumnRole.START_TIME, "ended", ColumnRole.END_TIME,
            "finished", ColumnRole.END_TIME);

    TimeRules(Rules rules) {
        super(rules);
    }

    /**
     * "performed", "admitted", "discharged on": a pack phrase naming one of the subject's time columns. It fixes the
     * column a time range or bucket applies to and is never read as a value ("scheduled" is not a status here).
     * Returns the tokens read.
     */
    Result<Read> timeVerb(int i, int to, Reading r) {
        if (r.subject() == null) {
            return Read.noneOk(r);
        }
        for (int n = Math.min(3, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            Result<LinkedVerbTime> own = linkedVerbTime(r.subject(), phrase);
            if (own.stopped()) {
                return own.stop();
            }
            if (own.value().untimed() != null) {
                // "patients diagnosed with sepsis": being a diagnosis is the event
                return Read.ok(n, r.with(new Fragment.UntimedVerb(own.value().untimed())));
            }
            ColumnRef col = own.value().time();
            if (col == null) {
                Result<ColumnRef> startOrEnd = startOrEndVerb(phrase, r.subject());
                if (startOrEnd.stopped()) {
                    return startOrEnd.stop();
                }
                col = startOrEnd.value();
            }
            if (col == null) {
                Result<ColumnRef> referred = referredTime(phrase, r.subject());
                if (referred.stopped()) {
                    return referred.stop();
                }
                col = referred.value();
            }
            if (col == null) {
                continue;
            }
            return Read.ok(n, r.with(new Fragment.TimeVerb(col, i + n)));
        }
        return Read.noneOk(r);
    }

    /**
     * "prescriptions started last month", "stays that ended this week": the subject's one start (or end) time; several
     * ask which, none leaves the word unread.
     */
    private Result<ColumnRef> startOrEndVerb(String phrase, String subject) {
        ColumnRole role = START_END_VERBS.get(phrase);
        if (role == null) {
            return Result.ok(null);
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(subject)) {
            if (c.role() == role && !refs.contains(ref(subject, c))) {
                refs.add(ref(subject, c));
            }
        }
        if (refs.isEmpty()) {
            return Result.ok(null);
        }
        return clarify.oneRef("timeColumn", subject + " " + phrase, refs);
    }

    /**
     * "babies born this year": a time verb of the one concept the subject refers to directly, when the subject has
     * no time of its own for it (a newborn's birth is its delivery's time). Null when there is none or several.
     */
    private Result<ColumnRef> referredTime(String phrase, String subject) {
        if (!lexicon.timeHints(subject, phrase).isEmpty()
                || vocab.columns(subject).stream().anyMatch(c -> c.role().isTemporal())) {
            return Result.ok(null); // a subject with times of its own is asked about by them ("bills discharged" is no bill time)
        }
        List<ColumnRef> found = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (p.via() == null && !lexicon.timeHints(p.concept(), phrase).isEmpty()) {
                Result<ColumnRef> c = verbTimeColumn(p.concept(), phrase);
                if (c.stopped()) {
                    return c;
                }
                if (c.value() != null && !found.contains(c.value())) {
                    found.add(c.value());
                }
            }
        }
        return Result.ok(found.size() == 1 ? found.get(0) : null);
    }

    /**
     * "stays admitted to the Orthopaedic Ward and discharged this year": of several time verbs, the one right before
     * the time phrase ("discharged this year", "discharged in 2025") takes it; a verb of an end time that takes no
     * time phrase says the end happened (not null); any other bare verb adds nothing. No verb next to the phrase:
     * a miss, since which time is meant cannot be told.
     */
    Result<Reading> settleTimes(Reading r) {
        if (r.untimedVerb() != null && (r.range() != null || r.bucket() != null)) {
            return Result.miss(r.untimedVerb());
        }
        if (r.verbTimes().isEmpty()) {
            return Result.ok(r);
        }
        Reading out = r;
        ColumnRef ranged = null;
        if (r.range() != null || r.bucket() != null) {
            if (!r.severalTimes()) {
                ranged = r.namedTime();
            } else {
                for (int v = 0; v < r.verbTimes().size(); v++) {
                    int end = r.verbEnds().get(v);
                    boolean next = end == r.rangeAt() || end + 1 == r.rangeAt()
                            && (tokens.word(end, "on") || tokens.word(end, "in") || tokens.word(end, "during"));
                    if (next) {
                        ranged = r.verbTimes().get(v);
                    }
                }
                if (ranged == null) {
                    return Result.miss("the question names two different times of " + r.subject());
                }
            }
            out = out.with(new Fragment.NamedTime(ranged));
        }
        for (ColumnRef c : r.verbTimes()) {
            if (!c.equals(ranged) && c.role() == ColumnRole.END_TIME && c.concept().equals(r.subject())
                    && !out.filters().contains(new Filter.IsNotNull(c))) {
                out = out.with(new Fragment.SubjectFilter(new Filter.IsNotNull(c))); // "admissions … discharged": the stay has ended
            }
        }
        return Result.ok(out);
    }

    /** The time column of {@code concept} a time verb names; null when the phrase is no time verb of it. */
    Result<ColumnRef> verbTimeColumn(String concept, String phrase) {
        List<RoleHint> hints = lexicon.timeHints(concept, phrase);
        if (hints.isEmpty()) {
            return Result.ok(null);
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
            return Result.miss("'" + phrase + "' names a time this source does not record for " + concept);
        }
        return clarify.oneRef("timeColumn", concept + " " + phrase, refs);
    }

    /**
     * After a related concept: "had no results reported last month". A time verb of that concept and a time phrase
     * restrict the related rows, not the subject; their conditions go to {@code out}. Returns the index after what it
     * read.
     */
    Result<Integer> relatedTime(String other, int k, int to, List<Filter> out) {
        if (k >= to) {
            return Result.ok(k);
        }
        Result<ColumnRef> col = verbTimeColumn(other, tokens.get(k).text());
        if (col.stopped()) {
            return col.stop();
        }
        if (col.value() == null) {
            return Result.ok(k);
        }
        k++;
        Result<TimePhrases.Match> m = time.at(k);
        if (m.stopped()) {
            return m.stop();
        }
        if (m.value() != null && k + m.value().length() <= to) {
            rangeFilters(col.value(), m.value(), out);
            k += m.value().length();
        }
        return Result.ok(k);
    }

    /**
     * A time phrase right after a related concept dates that concept's rows, not the subject's ("patients who had an
     * admission last month": admissions last month). It takes the concept's one event or start time; several ask,
     * none is a miss. Its conditions go to {@code out}. Returns the index after the phrase (unchanged when none).
     */
    Result<Integer> relatedRange(String other, int k, List<Filter> out) {
        Result<TimePhrases.Match> read = time.at(k);
        if (read.stopped()) {
            return read.stop();
        }
        TimePhrases.Match m = read.value();
        if (m == null) {
            return Result.ok(k);
        }
        List<ColumnRef> times = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(other)) {
            if (datesRows(other, c.role())) {
                times.add(ref(other, c));
            }
        }
        if (times.isEmpty()) {
            return Result.miss(other + " has no date on this source for '" + tokens.words(k, k + m.length()) + "'");
        }
        Result<ColumnRef> col = clarify.oneRef("timeColumn", other + " time", times);
        if (col.stopped()) {
            return col.stop();
        }
        rangeFilters(col.value(), m, out);
        return Result.ok(k + m.length());
    }

    /**
     * The time a verb names ("diagnosed", "prescribed"), or none when it names the records' own event and they keep
     * no time of theirs: "patients diagnosed with sepsis" needs no time, so the verb still reads; a time phrase for
     * it misses.
     */
    Result<LinkedVerbTime> linkedVerbTime(String concept, String verb) {
        Result<ColumnRef> col = verbTimeColumn(concept, verb);
        if (col.missed()) {
            if (!namesOwnEvent(concept, verb)) {
                return col.stop(); // "cancelled" names a time of its own: without it the verb says nothing checkable
            }
            return Result.ok(new LinkedVerbTime(null, ((Halt.Miss) ((Result.Stop<ColumnRef>) col).halt()).reason()));
        }
        return col.map(c -> new LinkedVerbTime(c, null));
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
        Result<ColumnRef> column() {
            return time == null ? Result.miss(untimed) : Result.ok(time);
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
    Result<Read> dueWindow(int i, Reading r) {
        if (r.subject() == null || !tokens.word(i, "due")) {
            return Read.noneOk(r);
        }
        int k = i + 1;
        if (!(tokens.word(k, "within") || tokens.word(k, "in"))) {
            return Read.noneOk(r);
        }
        k++;
        if (tokens.word(k, "the") && tokens.word(k + 1, "next")) {
            k += 2;
        } else if (tokens.word(k, "next")) {
            k++;
        }
        if (k + 1 >= tokens.size() || !tokens.get(k).isNumber()) {
            return Result.miss("'" + tokens.words(i, Math.min(tokens.size(), k + 1)) + "' needs a number of days");
        }
        int days = tokens.get(k).number();
        String u = tokens.get(k + 1).text();
        if (u.startsWith("week")) {
            days *= 7;
        } else if (!u.startsWith("day")) {
            return Result.miss("'" + u + "' is not a unit for a due window (days or weeks)");
        }
        List<ColumnRef> due = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(r.subject())) {
            if (c.role().isTemporal() && c.nameTokens().contains("due")) {
                due.add(ref(r.subject(), c));
            }
        }
        if (due.isEmpty()) {
            return Result.miss(r.subject() + " has no due date on this source");
        }
        Result<ColumnRef> col = clarify.oneRef("column", "due date", due);
        if (col.stopped()) {
            return col.stop();
        }
        int read = k + 2 - i;
        long window = days + 1L;
        return Read.ok(read, r.with(new Fragment.SubjectFilter(Filter.ge(col.value(), Literal.of(today))),
                new Fragment.SubjectFilter(Filter.lt(col.value(), Literal.of(today.plusDays(window))))));
    }

    /**
     * "patients who died last year": a predicate that says a time of the subject is recorded (a death date, a
     * discharge) names the time a phrase right after it is about, as a time verb does; the time verbs' rule then
     * decides which time the range takes.
     */
    Result<Reading> datedBy(List<Filter> bound, String concept, int after, Reading r) {
        if (bound.size() != 1 || !(bound.get(0) instanceof Filter.IsNotNull) || !concept.equals(r.subject())) {
            return Result.ok(r);
        }
        Result<TimePhrases.Match> m = time.at(after);
        if (m.stopped()) {
            return m.stop();
        }
        if (m.value() == null) {
            return Result.ok(r);
        }
        ValueRef target = bound.get(0).target();
        if (!(target instanceof ColumnRef columnRef) || !target.isTemporal()) {
            return Result.ok(r);
        }
        return Result.ok(r.with(new Fragment.TimeVerb(columnRef, after)));
    }

    /**
     * "patients who died last year" where the predicate holds as one related record (a death record) and the subject
     * keeps no date of its own: the time phrase right after it dates that record, as it does after "had an
     * admission". {@code bound} comes back with the range added to that record's conditions, and the index after
     * the phrase; unchanged, with {@code after}, when the subject has a date, the predicate is no single related
     * record or no time phrase follows.
     */
    Result<DatedPredicate> relatedDatedBy(PredicateBinding.Bound bound, String subject, int after) {
        DatedPredicate unchanged = new DatedPredicate(bound, after);
        if (!bound.filters().isEmpty() || bound.related().size() != 1
                || bound.related().get(0).quantifier() != Quantifier.EXISTS
                || vocab.columns(subject).stream().anyMatch(c -> datesRows(subject, c.role()))) {
            return Result.ok(unchanged);
        }
        RelatedScope scope = bound.related().get(0);
        List<Filter> range = new ArrayList<>();
        Result<Integer> next = relatedRange(scope.concept(), after, range);
        if (next.stopped()) {
            return next.stop();
        }
        if (range.isEmpty()) {
            return Result.ok(unchanged);
        }
        List<Filter> filters = new ArrayList<>(scope.filters());
        filters.addAll(range);
        RelatedScope dated = new RelatedScope(scope.quantifier(), scope.concept(), filters);
        return Result.ok(new DatedPredicate(new PredicateBinding.Bound(List.of(), List.of(dated)), next.value()));
    }

    /** A bound predicate and the index after what was read with it. */
    record DatedPredicate(PredicateBinding.Bound bound, int next) {
    }

    /**
     * Whether a column of {@code role} dates each row of {@code concept}: its EventTime or StartTime, or a time role
     * the pack says dates that concept's rows (a death record's DeathDate).
     */
    private boolean datesRows(String concept, ColumnRole role) {
        return role == ColumnRole.EVENT_TIME || role == ColumnRole.START_TIME
                || pack.concept(concept).map(c -> c.datedBy().contains(role.jsonName())).orElse(false);
    }

    /**
     * The subject's single EventTime or StartTime (or a time role the pack says dates its rows); several candidates
     * are a question, none a miss.
     */
    Result<ColumnRef> timeColumn(Reading r) {
        if (r.namedTime() != null) {
            return Result.ok(r.namedTime());
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(r.subject())) {
            if (datesRows(r.subject(), c.role())) {
                refs.add(ref(r.subject(), c));
            }
        }
        if (refs.isEmpty()) {
            return Result.miss(r.subject() + " has no date on this source for the time range");
        }
        return clarify.oneRef("timeColumn", r.subject() + " time", refs);
    }
}
