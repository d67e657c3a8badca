package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.pack.Concept;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.ValueRef;

/** Measured values: what an aggregate is over, durations, and comparisons of a measure or a duration with a number. */
final class MeasureRules extends RuleFamily {

    MeasureRules(Rules rules) {
        super(rules);
    }

    // ---------------------------------------------------------------- measures

    /**
     * "length of stay", "birth weight", "duration of surgeries" (pack phrases of up to five words: "time in the
     * emergency department"): the subject and the measured value. Returns the index after the phrase, or -1.
     */
    Result<Read> measure(int i, Reading r) {
        for (int n = Math.min(5, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            List<String> owners = lexicon.conceptsWithRoleHint(phrase);
            List<String> numericOwners = new ArrayList<>();
            for (String c : owners) {
                for (RoleHint h : lexicon.roleHints(c, phrase)) {
                    if (h.roles().stream().map(ColumnRole::fromJson)
                            .anyMatch(role -> role.isNumeric() || role == ColumnRole.DURATION)) {
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
                Result<ConceptTerm> after = rules.conceptTerms.term(k + 1);
                if (after.stopped()) {
                    return after.stop();
                }
                if (after.value() != null) {
                    Result<String> bound = rules.conceptTerms.boundOne(after.value(), "subject");
                    if (bound.stopped()) {
                        return bound.stop();
                    }
                    concept = bound.value();
                    if (!numericOwners.contains(concept)) {
                        return Result.miss("'" + phrase + "' is not recorded for " + after.value().phrase());
                    }
                    k = k + 1 + after.value().length();
                }
            }
            if (concept == null) {
                Result<String> chosen = numericOwners.size() == 1 ? Result.ok(numericOwners.get(0))
                        : clarify.choose("subject", phrase, "The " + phrase + " of what?", numericOwners);
                if (chosen.stopped()) {
                    return chosen.stop();
                }
                concept = chosen.value();
            }
            String subject = concept;
            int end = k;
            return numericColumn(subject, phrase, r.unit()).map(of -> new Read(end,
                    r.with(new Fragment.Subject(subject), new Fragment.MeasureOf(of))));
        }
        Result<Read> spelled = namedMeasureColumn(i, r);
        if (spelled.stopped() || spelled.value().n() >= 0) {
            return spelled;
        }
        if (tokens.word(i, "duration") || tokens.word(i, "length")) {
            int k = i + 1;
            if (tokens.word(k, "of")) {
                k++;
            }
            Result<Read> named = durationOfValue(k, r);
            if (named.stopped() || named.value().matched()) {
                return named;
            }
            k += Math.max(tokens.match(k, "a"), tokens.match(k, "an")); // "the length of an emergency visit"
            Result<ConceptTerm> term = rules.conceptTerms.term(k);
            if (term.stopped()) {
                return term.stop();
            }
            if (term.value() != null) {
                Result<String> subject = rules.conceptTerms.boundOne(term.value(), "subject");
                if (subject.stopped()) {
                    return subject.stop();
                }
                int end = k + term.value().length();
                return derivedDuration(subject.value(), r.unit()).map(d -> new Read(end,
                        r.with(new Fragment.Subject(subject.value()), new Fragment.MeasureOf(d))));
            }
        }
        return Result.ok(new Read(-1, r));
    }

    /**
     * "the average duration of a laparoscopic cholecystectomy": a recorded value names the rows (as a value-named
     * subject does), and the duration is end − start of that concept. Returns the index after the value, or 0.
     */
    private Result<Read> durationOfValue(int k, Reading r) {
        int at = k + (tokens.word(k, "a") || tokens.word(k, "an") || tokens.word(k, "the") ? 1 : 0);
        if (at >= tokens.size()) {
            return Read.noneOk(r);
        }
        Result<ConceptTerm> term = rules.conceptTerms.term(at);
        if (term.stopped()) {
            return term.stop();
        }
        if (term.value() != null) {
            return Read.noneOk(r);
        }
        for (int n = Math.min(5, tokens.size() - at); n >= 1; n--) {
            String phrase = tokens.words(at, at + n);
            Result<Map<String, List<ValueCandidate>>> ownersRead = rules.subjectRules.valueOwners(phrase);
            if (ownersRead.stopped()) {
                return ownersRead.stop();
            }
            Map<String, List<ValueCandidate>> owners = ownersRead.value();
            if (owners.isEmpty()) {
                continue;
            }
            Result<String> concept = clarify.one("subject", phrase, "Which do you mean by '" + phrase + "'?",
                    owners.keySet());
            if (concept.stopped()) {
                return concept.stop();
            }
            List<ValueCandidate> cols = owners.get(concept.value());
            if (cols.size() != 1) {
                return Read.noneOk(r);
            }
            int end = at + n;
            return derivedDuration(concept.value(), r.unit()).map(d -> new Read(end,
                    r.with(new Fragment.Subject(concept.value()), new Fragment.MeasureOf(d),
                            new Fragment.SubjectFilter(cols.get(0).filter()))));
        }
        return Read.noneOk(r);
    }

    /**
     * "the average wait to be seen (in minutes)": a phrase of two or more words that spells the whole name of a
     * numeric column, with or without the unit its name ends in, is that column. A single word ("value", "cost") is
     * too loose to name one column. Columns of several concepts: "of|for CONCEPT" after the phrase picks one, else
     * ask. Returns the index after what was read, or -1.
     */
    private Result<Read> namedMeasureColumn(int i, Reading r) {
        for (int n = Math.min(6, tokens.size() - i); n >= 2; n--) {
            String phrase = tokens.words(i, i + n);
            List<String> words = pack.nameTokens().phrase(phrase);
            int k = i + n;
            String named = null;
            ConceptTerm after = null;
            if (tokens.word(k, "of") || tokens.word(k, "for")) {
                Result<ConceptTerm> afterRead = rules.conceptTerms.term(k + 1);
                if (afterRead.stopped()) {
                    return afterRead.stop();
                }
                after = afterRead.value();
                if (after != null) {
                    Result<String> bound = rules.conceptTerms.boundOne(after, "subject");
                    if (bound.stopped()) {
                        return bound.stop();
                    }
                    named = bound.value();
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
                List<ColumnRef> own = found.stream().filter(c -> c.concept().equals(of)).toList();
                if (own.isEmpty()) {
                    return Result.miss("'" + phrase + "' is not recorded for " + tokens.words(k + 1, k + 2));
                }
                found = own;
                k = k + 1 + after.length();
            }
            int end = k;
            return clarify.oneRef("column", phrase, found).map(column -> new Read(end,
                    r.with(new Fragment.Subject(column.concept()), new Fragment.MeasureOf(column))));
        }
        return Result.ok(new Read(-1, r));
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

    private Result<ValueRef> numericColumn(String concept, String phrase, DurationUnit unit) {
        List<ColumnRef> found = new ArrayList<>();
        boolean durationHint = false;
        for (RoleHint h : lexicon.roleHints(concept, phrase)) {
            for (String role : h.roles()) {
                ColumnRole named = ColumnRole.fromJson(role);
                durationHint |= named == ColumnRole.DURATION;
                for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                    if (c.role() == named && hintsMatch(h.nameHints(), c) && named.isNumeric()) {
                        ColumnRef ref = ref(concept, c);
                        if (!found.contains(ref)) {
                            found.add(ref);
                        }
                    }
                }
            }
        }
        if (!found.isEmpty()) {
            return clarify.oneRef("column", phrase, found).map(c -> c);
        }
        if (durationHint) {
            return derivedDuration(concept, unit).map(d -> d);
        }
        return Result.miss("'" + phrase + "' is not recorded on this source's " + concept);
    }

    private Result<DurationRef> derivedDuration(String concept, DurationUnit unit) {
        Result<ColumnRef> start = uniqueRole(concept, ColumnRole.START_TIME, "a start time");
        if (start.stopped()) {
            return start.stop();
        }
        return uniqueRole(concept, ColumnRole.END_TIME, "an end time")
                .map(end -> DurationRef.of(start.value(), end, unit, DurationMode.COMPLETED_ONLY));
    }

    Result<ColumnRef> uniqueRole(String concept, ColumnRole role, String what) {
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (c.role() == role) {
                refs.add(ref(concept, c));
            }
        }
        if (refs.isEmpty()) {
            return Result.miss(concept + " has no " + what + " on this source");
        }
        return clarify.oneRef("column", concept + " " + role.jsonName(), refs);
    }

    /** "stayed over 7 days", "longer than 2 days", "length of stay over 7 days", "lasting at least 3 hours". */
    Result<Read> durationFilter(int i, Reading r) {
        if (r.subject() == null) {
            return Read.noneOk(r);
        }
        int k = i;
        if (tokens.word(k, "stayed") || tokens.word(k, "lasted") || tokens.word(k, "lasting") || tokens.word(k, "that") && tokens.word(k + 1, "lasted")) {
            k += tokens.word(k, "that") ? 2 : 1;
        } else if (tokens.word(k, "length") && tokens.word(k + 1, "of") && tokens.word(k + 2, "stay")) {
            k += 3;
        } else if (tokens.word(k, "los")) {
            k++;
        } else if (!(tokens.word(k, "longer") || tokens.word(k, "shorter"))) {
            return Read.noneOk(r);
        }
        CompareOp op;
        int n;
        if ((n = tokens.match(k, "over")) > 0 || (n = tokens.match(k, "more", "than")) > 0 || (n = tokens.match(k, "longer", "than")) > 0
                || (n = tokens.match(k, "above")) > 0) {
            op = CompareOp.GT;
        } else if ((n = tokens.match(k, "at", "least")) > 0) {
            op = CompareOp.GE;
        } else if ((n = tokens.match(k, "under")) > 0 || (n = tokens.match(k, "less", "than")) > 0
                || (n = tokens.match(k, "shorter", "than")) > 0 || (n = tokens.match(k, "below")) > 0) {
            op = CompareOp.LT;
        } else if ((n = tokens.match(k, "at", "most")) > 0) {
            op = CompareOp.LE;
        } else {
            return Read.noneOk(r);
        }
        k += n;
        if (k + 1 >= tokens.size() || !tokens.get(k).isNumber()) {
            return Result.miss("'" + tokens.words(i, Math.min(tokens.size(), k + 1)) + "' needs a number of days or hours");
        }
        int amount = tokens.get(k).number();
        String u = tokens.get(k + 1).text();
        DurationUnit du;
        switch (u) {
            case "day": case "days": du = DurationUnit.DAYS; break;
            case "week": case "weeks": du = DurationUnit.DAYS; amount *= 7; break;
            case "hour": case "hours": du = DurationUnit.HOURS; break;
            case "minute": case "minutes": du = DurationUnit.MINUTES; break;
            default: return Result.miss("'" + u + "' is not a unit of time");
        }
        int read = k + 2 - i;
        int value = amount;
        return derivedDuration(r.subject(), r.unit()).map(d -> new Read(read, r.with(new Fragment.SubjectFilter(
                new Filter.Compare(DurationRef.of(d.start(), d.end(), du, d.mode()), op, Literal.of(value))))));
    }

    /**
     * "weighed under 2500 grams", "weight over 4000 grams": a measured column of the subject (a role phrase of a
     * number) compared with a number, in the unit the column's name carries. Returns the tokens read.
     */
    Result<Read> measureComparison(int i, Reading r) {
        String subject = r.subject();
        if (subject == null) {
            return Read.noneOk(r);
        }
        int k = i;
        List<ColumnRef> columns = new ArrayList<>();
        if (tokens.word(k, "weighed") || tokens.word(k, "weighing") || tokens.word(k, "weighs")) {
            k++;
            for (RoleHint h : pack.concept(subject).map(Concept::roleHints).orElse(List.of())) {
                if (h.phrases().stream().anyMatch(p -> p.contains("weight"))) {
                    collectMeasured(h, subject, columns);
                }
            }
        } else {
            for (int n = Math.min(3, tokens.size() - i); n >= 1 && columns.isEmpty(); n--) {
                for (RoleHint h : lexicon.roleHints(subject, tokens.words(i, i + n))) {
                    collectMeasured(h, subject, columns);
                }
                if (!columns.isEmpty()) {
                    k = i + n;
                }
            }
        }
        if (columns.isEmpty()) {
            return Read.noneOk(r);
        }
        CompareOp op;
        int n;
        if ((n = tokens.match(k, "under")) > 0 || (n = tokens.match(k, "less", "than")) > 0 || (n = tokens.match(k, "below")) > 0) {
            op = CompareOp.LT;
        } else if ((n = tokens.match(k, "over")) > 0 || (n = tokens.match(k, "more", "than")) > 0 || (n = tokens.match(k, "above")) > 0) {
            op = CompareOp.GT;
        } else if ((n = tokens.match(k, "at", "least")) > 0) {
            op = CompareOp.GE;
        } else if ((n = tokens.match(k, "at", "most")) > 0) {
            op = CompareOp.LE;
        } else {
            return Read.noneOk(r);
        }
        k += n;
        if (k >= tokens.size() || !tokens.get(k).isNumber()) {
            return Read.noneOk(r);
        }
        Result<ColumnRef> picked = clarify.oneRef("column", tokens.words(i, k), columns);
        if (picked.stopped()) {
            return picked.stop();
        }
        ColumnRef column = picked.value();
        int amount = tokens.get(k).number();
        k++;
        if (k < tokens.size() && ProjectionRules.UNIT_TOKENS.containsKey(tokens.get(k).text())) {
            // "2500 grams": the unit must be the column's own, as for a shown column
            List<String> unitTokens = ProjectionRules.UNIT_TOKENS.get(tokens.get(k).text());
            boolean same = vocab.columns(subject).stream().anyMatch(c -> ref(subject, c).equals(column)
                    && c.nameTokens().stream().anyMatch(unitTokens::contains));
            if (!same) {
                return Result.miss("the " + column.describe() + " column does not say it is recorded in "
                        + tokens.get(k).text());
            }
            k++;
        }
        return Read.ok(k - i, r.withConditions(List.of(new Filter.Compare(column, op, Literal.of(amount)))));
    }

    private void collectMeasured(RoleHint h, String subject, List<ColumnRef> out) {
        for (GrammarVocabulary.Column c : vocab.columns(subject)) {
            if (h.roles().contains(c.role().jsonName()) && c.role().isNumeric() && hintsMatch(h.nameHints(), c)
                    && !out.contains(ref(subject, c))) {
                out.add(ref(subject, c));
            }
        }
    }
}
