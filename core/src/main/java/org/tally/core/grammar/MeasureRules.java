package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.ValueRef;

/** Measured values: what an aggregate is over, durations, and comparisons of a measure or a duration with a number. */
final class MeasureRules extends RuleFamily {

    MeasureRules(QuestionParser parse) {
        super(parse);
    }

    // ---------------------------------------------------------------- measures

    /** "length of stay", "birth weight", "duration of surgeries" (pack phrases of up to five words: "time in the emergency department"): sets subject and measured value. */
    int measure(int i) {
        for (int n = Math.min(5, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            List<String> owners = lexicon.conceptsWithRoleHint(phrase);
            List<String> numericOwners = new ArrayList<>();
            for (String c : owners) {
                for (RoleHint h : lexicon.roleHints(c, phrase)) {
                    if (h.roles().stream().map(ColumnRole::fromJson)
                            .anyMatch(r -> r.isNumeric() || r == ColumnRole.DURATION)) {
                        numericOwners.add(c);
                        break;
                    }
                }
            }
            if (numericOwners.isEmpty()) {
                continue;
            }
            int k = i + n;
            String concept = null;
            if (tokens.word(k, "of") || tokens.word(k, "for") || tokens.word(k, "per")) {
                ConceptTerm after = parse.conceptTerms.term(k + 1);
                if (after != null) {
                    concept = parse.conceptTerms.boundOne(after, "subject");
                    if (!numericOwners.contains(concept)) {
                        throw new GrammarMiss("'" + phrase + "' is not recorded for " + after.phrase());
                    }
                    k = k + 1 + after.length();
                }
            }
            if (concept == null) {
                concept = numericOwners.size() == 1 ? numericOwners.get(0)
                        : clarify.choose("subject", phrase, "The " + phrase + " of what?", numericOwners);
            }
            state.subject = concept;
            state.measureOf = numericColumn(concept, phrase);
            return k;
        }
        int spelled = namedMeasureColumn(i);
        if (spelled >= 0) {
            return spelled;
        }
        if (tokens.word(i, "duration") || tokens.word(i, "length")) {
            int k = i + 1;
            if (tokens.word(k, "of")) {
                k++;
            }
            int named = durationOfValue(k);
            if (named > 0) {
                return named;
            }
            k += Math.max(tokens.match(k, "a"), tokens.match(k, "an")); // "the length of an emergency visit"
            ConceptTerm term = parse.conceptTerms.term(k);
            if (term != null) {
                state.subject = parse.conceptTerms.boundOne(term, "subject");
                state.measureOf = derivedDuration(state.subject);
                return k + term.length();
            }
        }
        return -1;
    }

    /**
     * "the average duration of a laparoscopic cholecystectomy": a recorded value names the rows (as a value-named
     * subject does), and the duration is end − start of that concept. Returns the index after the value, or 0.
     */
    private int durationOfValue(int k) {
        int at = k + (tokens.word(k, "a") || tokens.word(k, "an") || tokens.word(k, "the") ? 1 : 0);
        if (at >= tokens.size() || parse.conceptTerms.term(at) != null) {
            return 0;
        }
        for (int n = Math.min(5, tokens.size() - at); n >= 1; n--) {
            String phrase = tokens.words(at, at + n);
            Map<String, List<ValueCandidate>> owners = parse.subjectRules.valueOwners(phrase);
            if (owners.isEmpty()) {
                continue;
            }
            String concept = clarify.one("subject", phrase, "Which do you mean by '" + phrase + "'?", owners.keySet());
            List<ValueCandidate> cols = owners.get(concept);
            if (cols.size() != 1) {
                return 0;
            }
            state.subject = concept;
            state.measureOf = derivedDuration(concept);
            state.filters.add(cols.get(0).filter());
            return at + n;
        }
        return 0;
    }

    /**
     * "the average wait to be seen (in minutes)": a phrase of two or more words that spells the whole name of a
     * numeric column, with or without the unit its name ends in, is that column. A single word ("value", "cost") is
     * too loose to name one column. Columns of several concepts: "of|for CONCEPT" after the phrase picks one, else
     * ask. Returns the index after what was read, or -1.
     */
    private int namedMeasureColumn(int i) {
        for (int n = Math.min(6, tokens.size() - i); n >= 2; n--) {
            String phrase = tokens.words(i, i + n);
            List<String> words = pack.nameTokens().phrase(phrase);
            int k = i + n;
            String named = null;
            if (tokens.word(k, "of") || tokens.word(k, "for")) {
                ConceptTerm after = parse.conceptTerms.term(k + 1);
                if (after != null) {
                    named = parse.conceptTerms.boundOne(after, "subject");
                }
            }
            List<ColumnRef> found = new ArrayList<>();
            for (String concept : vocab.concepts()) {
                for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                    if (c.role().isNumeric() && spells(words, c.nameTokens()) && !found.contains(ref(concept, c))) {
                        found.add(ref(concept, c));
                    }
                }
            }
            if (found.isEmpty()) {
                continue;
            }
            if (named != null) {
                String of = named;
                List<ColumnRef> own = found.stream().filter(r -> r.concept().equals(of)).toList();
                if (own.isEmpty()) {
                    throw new GrammarMiss("'" + phrase + "' is not recorded for " + tokens.words(k + 1, k + 2));
                }
                found = own;
                k = k + 1 + parse.conceptTerms.term(k + 1).length();
            }
            ColumnRef column = found.size() == 1 ? found.get(0) : clarify.pickRef("column", phrase, found);
            state.subject = column.concept();
            state.measureOf = column;
            return k;
        }
        return -1;
    }

    /** Whether the words are a column's name, or its name without the unit it ends in ("wait minutes"). */
    private static boolean spells(List<String> words, List<String> name) {
        if (words.equals(name)) {
            return true;
        }
        if (name.size() < 2 || !words.equals(name.subList(0, name.size() - 1))) {
            return false;
        }
        String last = name.get(name.size() - 1);
        return ProjectionRules.UNIT_TOKENS.values().stream().anyMatch(u -> u.contains(last));
    }

    private ValueRef numericColumn(String concept, String phrase) {
        List<ColumnRef> found = new ArrayList<>();
        boolean durationHint = false;
        for (RoleHint h : lexicon.roleHints(concept, phrase)) {
            for (String role : h.roles()) {
                ColumnRole r = ColumnRole.fromJson(role);
                durationHint |= r == ColumnRole.DURATION;
                for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                    if (c.role() == r && hintsMatch(h.nameHints(), c) && (r.isNumeric())) {
                        ColumnRef ref = ref(concept, c);
                        if (!found.contains(ref)) {
                            found.add(ref);
                        }
                    }
                }
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.size() > 1) {
            return clarify.pickRef("column", phrase, found);
        }
        if (durationHint) {
            return derivedDuration(concept);
        }
        throw new GrammarMiss("'" + phrase + "' is not recorded on this source's " + concept);
    }

    private DurationRef derivedDuration(String concept) {
        ColumnRef start = uniqueRole(concept, ColumnRole.START_TIME, "a start time");
        ColumnRef end = uniqueRole(concept, ColumnRole.END_TIME, "an end time");
        return DurationRef.of(start, end, state.unit, DurationMode.COMPLETED_ONLY);
    }

    ColumnRef uniqueRole(String concept, ColumnRole role, String what) {
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (c.role() == role) {
                refs.add(ref(concept, c));
            }
        }
        if (refs.isEmpty()) {
            throw new GrammarMiss(concept + " has no " + what + " on this source");
        }
        return refs.size() == 1 ? refs.get(0) : clarify.pickRef("column", concept + " " + role.jsonName(), refs);
    }

    /** "stayed over 7 days", "longer than 2 days", "length of stay over 7 days", "lasting at least 3 hours". */
    int durationFilter(int i) {
        if (state.subject == null) {
            return 0;
        }
        int k = i;
        if (tokens.word(k, "stayed") || tokens.word(k, "lasted") || tokens.word(k, "lasting") || tokens.word(k, "that") && tokens.word(k + 1, "lasted")) {
            k += tokens.word(k, "that") ? 2 : 1;
        } else if (tokens.word(k, "length") && tokens.word(k + 1, "of") && tokens.word(k + 2, "stay")) {
            k += 3;
        } else if (tokens.word(k, "los")) {
            k++;
        } else if (!(tokens.word(k, "longer") || tokens.word(k, "shorter"))) {
            return 0;
        }
        org.tally.core.spec.CompareOp op;
        int n;
        if ((n = tokens.match(k, "over")) > 0 || (n = tokens.match(k, "more", "than")) > 0 || (n = tokens.match(k, "longer", "than")) > 0
                || (n = tokens.match(k, "above")) > 0) {
            op = org.tally.core.spec.CompareOp.GT;
        } else if ((n = tokens.match(k, "at", "least")) > 0) {
            op = org.tally.core.spec.CompareOp.GE;
        } else if ((n = tokens.match(k, "under")) > 0 || (n = tokens.match(k, "less", "than")) > 0
                || (n = tokens.match(k, "shorter", "than")) > 0 || (n = tokens.match(k, "below")) > 0) {
            op = org.tally.core.spec.CompareOp.LT;
        } else if ((n = tokens.match(k, "at", "most")) > 0) {
            op = org.tally.core.spec.CompareOp.LE;
        } else {
            return 0;
        }
        k += n;
        if (k + 1 >= tokens.size() || !tokens.get(k).isNumber()) {
            throw new GrammarMiss("'" + tokens.words(i, Math.min(tokens.size(), k + 1)) + "' needs a number of days or hours");
        }
        int amount = tokens.get(k).number();
        String u = tokens.get(k + 1).text();
        DurationUnit du;
        switch (u) {
            case "day": case "days": du = DurationUnit.DAYS; break;
            case "week": case "weeks": du = DurationUnit.DAYS; amount *= 7; break;
            case "hour": case "hours": du = DurationUnit.HOURS; break;
            case "minute": case "minutes": du = DurationUnit.MINUTES; break;
            default: throw new GrammarMiss("'" + u + "' is not a unit of time");
        }
        DurationRef d = derivedDuration(state.subject);
        state.filters.add(new Filter.Compare(DurationRef.of(d.start(), d.end(), du, d.mode()), op, Literal.of(amount)));
        return k + 2 - i;
    }

    /**
     * "weighed under 2500 grams", "weight over 4000 grams": a measured column of the subject (a role phrase of a
     * number) compared with a number, in the unit the column's name carries. Returns the tokens read.
     */
    int measureComparison(int i) {
        if (state.subject == null) {
            return 0;
        }
        int k = i;
        List<ColumnRef> columns = new ArrayList<>();
        if (tokens.word(k, "weighed") || tokens.word(k, "weighing") || tokens.word(k, "weighs")) {
            k++;
            for (RoleHint h : pack.concept(state.subject).map(org.tally.core.pack.Concept::roleHints).orElse(List.of())) {
                if (h.phrases().stream().anyMatch(p -> p.contains("weight"))) {
                    collectMeasured(h, columns);
                }
            }
        } else {
            for (int n = Math.min(3, tokens.size() - i); n >= 1 && columns.isEmpty(); n--) {
                for (RoleHint h : lexicon.roleHints(state.subject, tokens.words(i, i + n))) {
                    collectMeasured(h, columns);
                }
                if (!columns.isEmpty()) {
                    k = i + n;
                }
            }
        }
        if (columns.isEmpty()) {
            return 0;
        }
        org.tally.core.spec.CompareOp op;
        int n;
        if ((n = tokens.match(k, "under")) > 0 || (n = tokens.match(k, "less", "than")) > 0 || (n = tokens.match(k, "below")) > 0) {
            op = org.tally.core.spec.CompareOp.LT;
        } else if ((n = tokens.match(k, "over")) > 0 || (n = tokens.match(k, "more", "than")) > 0 || (n = tokens.match(k, "above")) > 0) {
            op = org.tally.core.spec.CompareOp.GT;
        } else if ((n = tokens.match(k, "at", "least")) > 0) {
            op = org.tally.core.spec.CompareOp.GE;
        } else if ((n = tokens.match(k, "at", "most")) > 0) {
            op = org.tally.core.spec.CompareOp.LE;
        } else {
            return 0;
        }
        k += n;
        if (k >= tokens.size() || !tokens.get(k).isNumber()) {
            return 0;
        }
        ColumnRef column = columns.size() == 1 ? columns.get(0) : clarify.pickRef("column", tokens.words(i, k), columns);
        int amount = tokens.get(k).number();
        k++;
        if (k < tokens.size() && ProjectionRules.UNIT_TOKENS.containsKey(tokens.get(k).text())) {
            // "2500 grams": the unit must be the column's own, as for a shown column
            List<Token> probe = List.of(new Token("in", null, false), tokens.get(k));
            boolean same = vocab.columns(state.subject).stream().anyMatch(c -> ref(state.subject, c).equals(column)
                    && c.nameTokens().stream().anyMatch(ProjectionRules.UNIT_TOKENS.get(probe.get(1).text())::contains));
            if (!same) {
                throw new GrammarMiss("the " + column.describe() + " column does not say it is recorded in "
                        + tokens.get(k).text());
            }
            k++;
        }
        state.addFilters(List.of(new Filter.Compare(column, op, Literal.of(amount))));
        return k - i;
    }

    private void collectMeasured(RoleHint h, List<ColumnRef> out) {
        for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
            if (h.roles().contains(c.role().jsonName()) && c.role().isNumeric() && hintsMatch(h.nameHints(), c)
                    && !out.contains(ref(state.subject, c))) {
                out.add(ref(state.subject, c));
            }
        }
    }}
