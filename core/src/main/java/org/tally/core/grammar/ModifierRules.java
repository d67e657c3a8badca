package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.ValueRef;

/** The modifiers after the lead and subject, tried at each remaining word in order, and lists of values. */
final class ModifierRules extends RuleFamily {

    /** Verbs after which a percentage question names its counted condition ("what share of stays involved …"). */
    private static final java.util.Set<String> RATE_COPULAS = java.util.Set.of("were", "was", "are", "is", "had",
            "involved", "needed", "required", "received", "have", "has");

    // ---------------------------------------------------------------- value lists

    /** The filter list and position of the last run of value phrases on one column ("moderate severe"). */
    private List<Filter> runList;
    private int runStart = -1;

    ModifierRules(QuestionParser parse) {
        super(parse);
    }

    // ---------------------------------------------------------------- modifiers

    /** Consumes tokens [from, to): every one must belong to a modifier or be a filler. */
    void modifiers(int from, int to) {
        int i = from;
        while (i < to) {
            int joined = valueUnion(i, to);
            if (joined > 0) {
                i += joined;
                continue;
            }
            List<Filter> target = state.numeratorMode ? state.numerator : state.filters;
            int before = target.size();
            int n = modifier(i, to);
            noteValueRun(target, before, n);
            if (n <= 0) {
                String w = tokens.get(i).text();
                if (state.lead == Lead.RATE && state.rateWords == null && !state.numeratorMode && isCopula(w)) {
                    state.numeratorMode = true;
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
                if (w.equals("new") && state.newAt < 0) {
                    state.newAt = i; // "new patients registered per month": new is what the registration time says
                    i++;
                    continue;
                }
                if (w.equals("ever") && state.lead == Lead.EXISTS && state.range == null) {
                    i++; // "has any incident ever caused a death": over all time, which is already the default
                    continue;
                }
                int included = including(i, to);
                if (included > 0) {
                    i += included;
                    continue;
                }
                if (Lexicon.FILLERS.contains(w)) {
                    i++;
                    continue;
                }
                int restated = restatedSubject(i, to);
                if (restated > 0) {
                    i += restated;
                    continue;
                }
                throw new GrammarMiss("'" + w + "' is not understood here"
                        + (state.subject == null ? "" : " (asking about " + state.subject + ")"));
            }
            i += n;
        }
    }

    /**
     * "were emergency operations", "of stays discharged": a term naming exactly the subject again adds nothing; a
     * term naming any other concept (or several) is not consumed here.
     */
    int restatedSubject(int i, int to) {
        if (state.subject == null) {
            return 0;
        }
        int at = i;
        if (tokens.word(at, "across")) {
            at += tokens.word(at + 1, "all") ? 2 : 1; // "average heart rate across vital signs"
        }
        ConceptTerm term = parse.conceptTerms.term(at);
        if (term == null || at + term.length() > to) {
            return 0;
        }
        List<String> bound = new ArrayList<>();
        for (String id : term.concepts()) {
            if (vocab.concepts().contains(id)) {
                bound.add(id);
            }
        }
        return bound.equals(List.of(state.subject)) ? at - i + term.length() : 0;
    }

    private static boolean isCopula(String w) {
        return RATE_COPULAS.contains(w);
    }

    /**
     * Remembers a value phrase that added one equality or list filter, so "X or Y" / "X, Y and Z" on the same column
     * can become one list. Any other modifier ends the run.
     */
    private void noteValueRun(List<Filter> target, int before, int consumed) {
        if (consumed <= 0) {
            return;
        }
        boolean oneValue = target.size() == before + 1 && isValueTest(target.get(before));
        if (!oneValue) {
            runList = null;
            return;
        }
        if (runList == target && runStart >= 0 && runStart < before
                && target.get(runStart).target().equals(target.get(before).target())) {
            return; // the run goes on: "moderate severe"
        }
        runList = target;
        runStart = before;
    }

    private static boolean isValueTest(Filter f) {
        return f instanceof Filter.In
                || f instanceof Filter.Compare && ((Filter.Compare) f).op() == org.tally.core.spec.CompareOp.EQ;
    }

    /**
     * "or" / "and" after a run of values, followed by another value of the same column: the values form one list
     * ("moderate, severe or fatal harm", "acuity 1 or 2"); a column holds one value per row, so "and" between two of
     * its values can only mean either. Between conditions on different columns "and" joins them; "or" there is not
     * supported and misses. Returns the tokens read, 0 when this is no such connector.
     */
    private int valueUnion(int i, int to) {
        if (!(tokens.word(i, "or") || tokens.word(i, "and") || tokens.word(i, "nor")) || i + 1 >= to) {
            return 0;
        }
        if (runList == null) {
            return 0;
        }
        List<Filter> target = runList;
        int before = target.size();
        ValueRef runColumn = target.get(runStart).target();
        int n = runColumn instanceof ColumnRef ? parse.valueRules.columnValue(i + 1, to, (ColumnRef) runColumn) : 0;
        if (n <= 0) {
            n = modifier(i + 1, to);
        }
        if (n <= 0) {
            return 0;
        }
        Filter added = target.size() == before + 1 ? target.get(before) : null;
        if (added == null || !isValueTest(added) || !added.target().equals(target.get(runStart).target())) {
            if (tokens.word(i, "or")) {
                throw new GrammarMiss("'or' between conditions on different things is not supported ('"
                        + tokens.words(i - 1, Math.min(tokens.size(), i + 1 + n)) + "')");
            }
            runList = null;
            return 1 + n; // "admitted to X and discharged this year": both conditions hold
        }
        List<Literal> values = new ArrayList<>();
        for (Filter f : target.subList(runStart, target.size())) {
            values.addAll(f instanceof Filter.In ? ((Filter.In) f).values() : List.of(((Filter.Compare) f).value()));
        }
        ValueRef on = added.target();
        target.subList(runStart, target.size()).clear();
        List<Literal> distinct = values.stream().distinct()
                .sorted(java.util.Comparator.comparing(ModifierRules::literalText)).toList();
        target.add(distinct.size() == 1 ? new Filter.Compare(on, org.tally.core.spec.CompareOp.EQ, distinct.get(0))
                : new Filter.In(on, distinct));
        return 1 + n;
    }

    private static String literalText(Literal l) {
        return l instanceof Literal.StringValue ? ((Literal.StringValue) l).value() : l.toString();
    }

    /**
     * "including beds out of service": the named rows are a part of the subject's rows, which are all counted anyway;
     * the phrase must restate the subject (with its own conditions) and adds nothing. Returns the tokens read.
     */
    private int including(int i, int to) {
        if (!(tokens.word(i, "including") || tokens.word(i, "incl")) || state.subject == null) {
            return 0;
        }
        int k = i + 1 + (tokens.word(i + 1, "the") ? 1 : 0);
        QuestionParser scratch = new QuestionParser(context);
        scratch.state.subject = state.subject;
        scratch.state.lead = Lead.LIST;
        boolean restated = false;
        while (k < to) {
            int r = restatedSubject(k, to);
            if (r > 0 && !restated) {
                restated = true;
                k += r;
                continue;
            }
            int v = scratch.valueRules.valuePhrase(k, to, state.subject, false);
            if (v <= 0) {
                break;
            }
            k += v;
        }
        if (!restated || !scratch.state.related.isEmpty()) {
            throw new GrammarMiss("'" + tokens.words(i, k) + "' must name a part of the " + state.subject + " rows");
        }
        return k - i;
    }

    private int modifier(int i, int to) {
        TimePhrases.Match m = time.at(i);
        if (m != null && i + m.length() <= to) {
            if (state.range != null) {
                throw new GrammarMiss("the question names two time ranges");
            }
            state.range = m;
            state.rangeAt = i;
            return m.length();
        }
        int n;
        if ((n = parse.timeRules.timeVerb(i, to)) > 0) {
            return n;
        }
        if ((n = parse.groupingRules.bucketPhrase(i)) > 0) {
            return n;
        }
        if ((n = parse.groupingRules.grouping(i)) > 0) {
            return n;
        }
        if ((n = parse.projectionRules.projectionPhrase(i, to)) > 0) {
            return n;
        }
        if ((n = parse.relatedScopeRules.relatedScope(i)) > 0) {
            return n;
        }
        if ((n = parse.relatedScopeRules.negatedVerbScope(i, to)) > 0) {
            return n;
        }
        if ((n = parse.verbScopeRules.verbScope(i, to)) > 0) {
            return n;
        }
        if ((n = parse.measureRules.durationFilter(i)) > 0) {
            return n;
        }
        if ((n = parse.timeRules.dueWindow(i)) > 0) {
            return n;
        }
        if ((n = parse.groupingRules.unitPhrase(i)) > 0) {
            return n;
        }
        if ((n = parse.measureRules.measureComparison(i)) > 0) {
            return n;
        }
        if (state.subject != null && (n = parse.lookupRules.conceptLiteral(i, to)) > 0) {
            return n;
        }
        if (tokens.word(i, "under") && state.subject != null) {
            int v = parse.valueRules.valuePhrase(i + 1, to, state.subject, false);
            if (v > 0) {
                return 1 + v; // "done under local anaesthesia"
            }
        }
        if (tokens.word(i, "during") && state.subject != null) {
            int k = tokens.word(i + 1, "the") || tokens.word(i + 1, "a") || tokens.word(i + 1, "an") ? i + 2 : i + 1;
            int parent = parse.placeRules.parentScope(k, to);
            if (parent > 0) {
                return k - i + parent; // "diagnoses during outpatient visits"
            }
        }
        if ((tokens.word(i, "in") || tokens.word(i, "on") || tokens.word(i, "at")) && state.subject != null) {
            for (int w = Math.min(5, to - i); w >= 2; w--) {
                Optional<Predicate> p = pack.predicateForPhrase(tokens.words(i, i + w));
                if (p.isPresent() && p.get().on(state.subject).isPresent()) {
                    return parse.valueRules.valuePhrase(i, to, state.subject, false); // "in service" is a condition, not a place
                }
            }
            int k = tokens.word(i + 1, "the") || tokens.word(i + 1, "a") ? i + 2 : i + 1;
            int parent = parse.placeRules.parentScope(k, to);
            if (parent > 0) {
                return k - i + parent;
            }
            int restated = restatedSubject(k, to);
            if (restated > 0 && restated >= parse.placeRules.valueLength(k, to)) {
                return k - i + restated; // "controlled drugs in the medication catalogue", not "in the Labour Suite"
            }
            int line = parse.placeRules.owningServiceLine(k, to);
            if (line > 0 && line >= parse.placeRules.valueLength(k, to) && line > parse.placeRules.placeLength(k, to)) {
                return k - i + line; // "triage assessments in the emergency department": where they all are
            }
            int v = parse.valueRules.valuePhrase(k, to, state.subject, true);
            if (v > 0) {
                return k - i + v;
            }
            int place = parse.placeRules.anyPlace(k, to);
            if (place > 0) {
                return k - i + place;
            }
            if (k < to && !Lexicon.FILLERS.contains(tokens.get(k).text()) && time.at(k) == null) {
                int end = Math.min(to, k + 3);
                throw new GrammarMiss("no recorded value matches '" + tokens.words(k, end) + "' on this source");
            }
            return 0;
        }
        if (state.subject != null) {
            initialStateDated(i, to);
            return parse.valueRules.valuePhrase(i, to, state.subject, false);
        }
        return 0;
    }

    /**
     * "appointments were booked last month": the state a record is made in, as a verb with a time right after it,
     * dates the making of the record (no time verb of this source read it, or it would have been taken before);
     * reading it as today's status on the record's own time would count last month's appointments still booked.
     */
    private void initialStateDated(int i, int to) {
        if (!(tokens.word(i - 1, "were") || tokens.word(i - 1, "was") || tokens.word(i - 1, "been") || tokens.word(i - 1, "got"))) {
            return;
        }
        for (int n = Math.min(3, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            for (org.tally.core.pack.ValueClass c : pack.valueClasses()) {
                if (c.initial() && c.phrases().contains(phrase)
                        && (c.concepts().isEmpty() || c.concepts().contains(state.subject)) && time.at(i + n) != null) {
                    throw new GrammarMiss("'" + phrase + " " + tokens.words(i + n, i + n + time.at(i + n).length())
                            + "' dates when each " + state.subject + " was " + phrase + ", which this source does not"
                            + " record");
                }
            }
        }
    }}
