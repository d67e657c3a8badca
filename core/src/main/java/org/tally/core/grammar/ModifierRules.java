package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.tally.core.pack.Predicate;
import org.tally.core.pack.ValueClass;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.ValueRef;

/** The modifiers after the lead and subject, tried at each remaining word in order, and lists of values. */
final class ModifierRules extends RuleFamily {

    /** Verbs after which a percentage question names its counted condition ("what share of stays involved …"). */
    private static final Set<String> RATE_COPULAS = Set.of("were", "was", "are", "is", "had",
            "involved", "needed", "required", "received", "have", "has");

    ModifierRules(Rules rules) {
        super(rules);
    }

    // ---------------------------------------------------------------- modifiers

    /** Reads tokens [from, to) into {@code r}: every one must belong to a modifier or be a filler. */
    Result<Reading> modifiers(int from, int to, Reading r) {
        int i = from;
        Reading cur = r;
        while (i < to) {
            Result<Read> joined = valueUnion(i, to, cur);
            if (joined.stopped()) {
                return joined.stop();
            }
            if (joined.value().matched()) {
                i += joined.value().n();
                cur = joined.value().reading();
                continue;
            }
            boolean numeratorTarget = cur.numeratorMode();
            int before = cur.target().size();
            Result<Read> read = modifier(i, to, cur);
            if (read.stopped()) {
                return read.stop();
            }
            int n = read.value().n();
            if (n > 0) {
                cur = noteValueRun(read.value().reading(), numeratorTarget, before);
                i += n;
                continue;
            }
            String w = tokens.get(i).text();
            if (cur.lead() == Lead.RATE && cur.rateWords() == null && !cur.numeratorMode() && RATE_COPULAS.contains(w)) {
                cur = cur.with(new Fragment.CountedCondition());
                i++;
                continue;
            }
            if (tokens.match(i, "the", "hospital", "have") > 0 || tokens.match(i, "the", "hospital", "has") > 0) {
                i += 3; // "how many departments does the hospital have": the whole source, no condition
                continue;
            }
            if (w.equals("and") && i > from && i + 1 < to) {
                i++; // "admitted to X and discharged this year": conditions are AND-ed anyway
                continue;
            }
            if (w.equals("new") && cur.newAt() < 0) {
                cur = cur.with(new Fragment.NewWord(i)); // "new patients registered per month": what the registration time says
                i++;
                continue;
            }
            if (w.equals("ever") && cur.lead() == Lead.EXISTS && cur.range() == null) {
                i++; // "has any incident ever caused a death": over all time, which is already the default
                continue;
            }
            Result<Integer> included = including(i, to, cur);
            if (included.stopped()) {
                return included.stop();
            }
            if (included.value() > 0) {
                i += included.value();
                continue;
            }
            if (Lexicon.FILLERS.contains(w)) {
                i++;
                continue;
            }
            Result<Integer> restated = restatedSubject(i, to, cur);
            if (restated.stopped()) {
                return restated.stop();
            }
            if (restated.value() > 0) {
                i += restated.value();
                continue;
            }
            return Result.miss("'" + w + "' is not understood here"
                    + (cur.subject() == null ? "" : " (asking about " + cur.subject() + ")"));
        }
        return Result.ok(cur);
    }

    /**
     * "were emergency operations", "of stays discharged": a term naming exactly the subject again adds nothing; a
     * term naming any other concept (or several) is not consumed here. Returns the tokens read.
     */
    Result<Integer> restatedSubject(int i, int to, Reading r) {
        if (r.subject() == null) {
            return Result.ok(0);
        }
        int at = i;
        if (tokens.word(at, "across")) {
            at += tokens.word(at + 1, "all") ? 2 : 1; // "average heart rate across vital signs"
        }
        int start = at;
        return rules.conceptTerms.term(at).map(term -> {
            if (term == null || start + term.length() > to) {
                return 0;
            }
            List<String> bound = new ArrayList<>();
            for (String id : term.concepts()) {
                if (vocab.concepts().contains(id)) {
                    bound.add(id);
                }
            }
            return bound.equals(List.of(r.subject())) ? start - i + term.length() : 0;
        });
    }

    /**
     * Remembers a value phrase that added one equality or list filter, so "X or Y" / "X, Y and Z" on the same column
     * can become one list. Any other modifier ends the run. {@code numerator} and {@code before} say which list
     * conditions went to before the modifier and how long it was.
     */
    private static Reading noteValueRun(Reading r, boolean numerator, int before) {
        List<Filter> target = numerator ? r.numerator() : r.filters();
        boolean oneValue = target.size() == before + 1 && isValueTest(target.get(before));
        if (!oneValue) {
            return r.run() == null ? r : r.with(new Fragment.ValueRunMark(null));
        }
        Fragment.ValueRun run = r.run();
        if (run != null && run.numerator() == numerator && run.start() >= 0 && run.start() < before
                && target.get(run.start()).target().equals(target.get(before).target())) {
            return r; // the run goes on: "moderate severe"
        }
        return r.with(new Fragment.ValueRunMark(new Fragment.ValueRun(numerator, before)));
    }

    private static boolean isValueTest(Filter f) {
        return f instanceof Filter.In || f instanceof Filter.Compare compare && compare.op() == CompareOp.EQ;
    }

    /**
     * "or" / "and" after a run of values, followed by another value of the same column: the values form one list
     * ("moderate, severe or fatal harm", "acuity 1 or 2"); a column holds one value per row, so "and" between two of
     * its values can only mean either. Between conditions on different columns "and" joins them; "or" there is not
     * supported and misses. Returns the tokens read, 0 when this is no such connector.
     */
    private Result<Read> valueUnion(int i, int to, Reading r) {
        if (!(tokens.word(i, "or") || tokens.word(i, "and") || tokens.word(i, "nor")) || i + 1 >= to) {
            return Read.noneOk(r);
        }
        Fragment.ValueRun run = r.run();
        if (run == null) {
            return Read.noneOk(r);
        }
        List<Filter> target = run.numerator() ? r.numerator() : r.filters();
        int before = target.size();
        ValueRef runColumn = target.get(run.start()).target();
        Read read = runColumn instanceof ColumnRef columnRef ? rules.valueRules.columnValue(i + 1, to, r, columnRef)
                : Read.none(r);
        if (read.n() <= 0) {
            Result<Read> other = modifier(i + 1, to, r);
            if (other.stopped()) {
                return other;
            }
            read = other.value();
        }
        if (read.n() <= 0) {
            return Read.noneOk(r);
        }
        Reading after = read.reading();
        List<Filter> now = run.numerator() ? after.numerator() : after.filters();
        Filter added = now.size() == before + 1 ? now.get(before) : null;
        if (added == null || !isValueTest(added) || !added.target().equals(now.get(run.start()).target())) {
            if (tokens.word(i, "or")) {
                return Result.miss("'or' between conditions on different things is not supported ('"
                        + tokens.words(i - 1, Math.min(tokens.size(), i + 1 + read.n())) + "')");
            }
            // "admitted to X and discharged this year": both conditions hold
            return Read.ok(1 + read.n(), after.with(new Fragment.ValueRunMark(null)));
        }
        List<Literal> values = new ArrayList<>();
        for (Filter f : now.subList(run.start(), now.size())) {
            values.addAll(f instanceof Filter.In in ? in.values() : List.of(((Filter.Compare) f).value()));
        }
        ValueRef on = added.target();
        List<Literal> distinct = values.stream().distinct()
                .sorted(Comparator.comparing(ModifierRules::literalText)).toList();
        Filter merged = distinct.size() == 1 ? new Filter.Compare(on, CompareOp.EQ, distinct.get(0))
                : new Filter.In(on, distinct);
        return Read.ok(1 + read.n(), after.with(new Fragment.ValueList(run.numerator(), run.start(), merged)));
    }

    private static String literalText(Literal l) {
        return l instanceof Literal.StringValue stringValue ? stringValue.value() : l.toString();
    }

    /**
     * "including beds out of service": the named rows are a part of the subject's rows, which are all counted anyway;
     * the phrase must restate the subject (with its own conditions) and adds nothing. Returns the tokens read.
     */
    private Result<Integer> including(int i, int to, Reading r) {
        if (!(tokens.word(i, "including") || tokens.word(i, "incl")) || r.subject() == null) {
            return Result.ok(0);
        }
        int k = i + 1 + (tokens.word(i + 1, "the") ? 1 : 0);
        Reading scratch = Reading.of(r.subject(), Lead.LIST);
        boolean restated = false;
        while (k < to) {
            Result<Integer> again = restatedSubject(k, to, r);
            if (again.stopped()) {
                return again;
            }
            if (again.value() > 0 && !restated) {
                restated = true;
                k += again.value();
                continue;
            }
            Result<Read> v = rules.valueRules.valuePhrase(k, to, scratch, r.subject(), false);
            if (v.stopped()) {
                return v.stop();
            }
            if (!v.value().matched()) {
                break;
            }
            k += v.value().n();
            scratch = v.value().reading();
        }
        if (!restated || !scratch.related().isEmpty()) {
            return Result.miss("'" + tokens.words(i, k) + "' must name a part of the " + r.subject() + " rows");
        }
        return Result.ok(k - i);
    }

    /** The first modifier that reads the words at {@code i}: the tokens it read (0: none) and what it read. */
    private Result<Read> modifier(int i, int to, Reading r) {
        Result<TimePhrases.Match> timed = time.at(i);
        if (timed.stopped()) {
            return timed.stop();
        }
        TimePhrases.Match m = timed.value();
        if (m != null && i + m.length() <= to) {
            if (r.range() != null) {
                return Result.miss("the question names two time ranges");
            }
            return Read.ok(m.length(), r.with(new Fragment.Range(m, i)));
        }
        List<Supplier<Result<Read>>> rulesInOrder = List.of(
                () -> rules.timeRules.timeVerb(i, to, r),
                () -> rules.groupingRules.bucketPhrase(i, r),
                () -> rules.groupingRules.grouping(i, r),
                () -> rules.projectionRules.projectionPhrase(i, to, r),
                () -> rules.relatedScopeRules.relatedScope(i, r),
                () -> rules.relatedScopeRules.negatedVerbScope(i, to, r),
                () -> rules.verbScopeRules.verbScope(i, to, r),
                () -> rules.measureRules.durationFilter(i, r),
                () -> rules.timeRules.dueWindow(i, r),
                () -> rules.groupingRules.unitPhrase(i, r),
                () -> rules.measureRules.measureComparison(i, r));
        for (Supplier<Result<Read>> rule : rulesInOrder) {
            Result<Read> read = rule.get();
            if (read.stopped() || read.value().matched()) {
                return read;
            }
        }
        String subject = r.subject();
        if (subject == null) {
            return Read.noneOk(r);
        }
        Result<Read> literal = rules.lookupRules.conceptLiteral(i, to, r);
        if (literal.stopped() || literal.value().matched()) {
            return literal;
        }
        if (tokens.word(i, "under")) {
            Result<Read> v = rules.valueRules.valuePhrase(i + 1, to, r, subject, false);
            if (v.stopped() || v.value().matched()) {
                return v.map(read -> new Read(1 + read.n(), read.reading())); // "done under local anaesthesia"
            }
        }
        if (tokens.word(i, "during")) {
            int k = tokens.word(i + 1, "the") || tokens.word(i + 1, "a") || tokens.word(i + 1, "an") ? i + 2 : i + 1;
            Result<Read> parent = rules.placeRules.parentScope(k, to, r);
            if (parent.stopped() || parent.value().matched()) {
                return parent.map(read -> new Read(k - i + read.n(), read.reading())); // "diagnoses during outpatient visits"
            }
        }
        if (tokens.word(i, "in") || tokens.word(i, "on") || tokens.word(i, "at")) {
            return place(i, to, r);
        }
        Result<Boolean> dated = initialStateDated(i, to, subject);
        if (dated.stopped()) {
            return dated.stop();
        }
        return rules.valueRules.valuePhrase(i, to, r, subject, false);
    }

    /** in|on|at (the) VALUE: a predicate, a parent record, the subject restated, a service line, a value or a place. */
    private Result<Read> place(int i, int to, Reading r) {
        String subject = r.subject();
        for (int w = Math.min(5, to - i); w >= 2; w--) {
            Optional<Predicate> p = pack.predicateForPhrase(tokens.words(i, i + w));
            if (p.isPresent() && p.get().on(subject).isPresent()) {
                return rules.valueRules.valuePhrase(i, to, r, subject, false); // "in service" is a condition, not a place
            }
        }
        int k = tokens.word(i + 1, "the") || tokens.word(i + 1, "a") ? i + 2 : i + 1;
        Result<Read> parent = rules.placeRules.parentScope(k, to, r);
        if (parent.stopped() || parent.value().matched()) {
            return parent.map(read -> new Read(k - i + read.n(), read.reading()));
        }
        Result<Integer> restated = restatedSubject(k, to, r);
        if (restated.stopped()) {
            return restated.stop();
        }
        if (restated.value() > 0 && restated.value() >= rules.placeRules.valueLength(k, to, r)) {
            return Read.ok(k - i + restated.value(), r); // "controlled drugs in the medication catalogue", not "in the Labour Suite"
        }
        int line = rules.placeRules.owningServiceLine(k, to, subject);
        if (line > 0 && line >= rules.placeRules.valueLength(k, to, r) && line > rules.placeRules.placeLength(k, to, r)) {
            return Read.ok(k - i + line, r); // "triage assessments in the emergency department": where they all are
        }
        Result<Read> v = rules.valueRules.valuePhrase(k, to, r, subject, true);
        if (v.stopped() || v.value().matched()) {
            return v.map(read -> new Read(k - i + read.n(), read.reading()));
        }
        Result<Read> anywhere = rules.placeRules.anyPlace(k, to, r);
        if (anywhere.stopped() || anywhere.value().matched()) {
            return anywhere.map(read -> new Read(k - i + read.n(), read.reading()));
        }
        if (k < to && !Lexicon.FILLERS.contains(tokens.get(k).text())) {
            Result<TimePhrases.Match> timed = time.at(k);
            if (timed.stopped()) {
                return timed.stop();
            }
            if (timed.value() == null) {
                int end = Math.min(to, k + 3);
                return Result.miss("no recorded value matches '" + tokens.words(k, end) + "' on this source");
            }
        }
        return Read.noneOk(r);
    }

    /**
     * "appointments were booked last month": the state a record is made in, as a verb with a time right after it,
     * dates the making of the record (no time verb of this source read it, or it would have been taken before);
     * reading it as today's status on the record's own time would count last month's appointments still booked.
     */
    private Result<Boolean> initialStateDated(int i, int to, String subject) {
        if (!(tokens.word(i - 1, "were") || tokens.word(i - 1, "was") || tokens.word(i - 1, "been") || tokens.word(i - 1, "got"))) {
            return Result.ok(true);
        }
        for (int n = Math.min(3, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            for (ValueClass c : pack.valueClasses()) {
                if (c.initial() && c.phrases().contains(phrase)
                        && (c.concepts().isEmpty() || c.concepts().contains(subject))) {
                    Result<TimePhrases.Match> timed = time.at(i + n);
                    if (timed.stopped()) {
                        return timed.stop();
                    }
                    if (timed.value() != null) {
                        return Result.miss("'" + phrase + " " + tokens.words(i + n, i + n + timed.value().length())
                                + "' dates when each " + subject + " was " + phrase + ", which this source does not"
                                + " record");
                    }
                }
            }
        }
        return Result.ok(true);
    }
}
