package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * One patient's recorded attribute, asked of the patient chart: "what is the sex of patient 10018328", "what is
 * patient 10039997's gender", "what was the insurance of patient 10016150 on their last hospital visit", "how old
 * was patient 10023117 during their first hospital encounter". The patient is a concept term with a number or
 * identifier ({@link LookupRules#conceptLiteral}); the attribute is one column of the patient's own rows, or of their
 * visits — the one bound concept that refers to patients directly and has a start and an end — and then a visit
 * must be named: the first or the last one that has ended, in start order. Anything else is left to the other rules.
 */
final class PatientChartRules extends RuleFamily {

    private static final String RULE = "lookup.patient-attribute";
    /** Openings that ask for a value: "what is", "could you tell me", "can you confirm". */
    private static final List<List<String>> OPENINGS = List.of(List.of("what", "is"), List.of("what", "was"),
            List.of("what", "are"), List.of("what", "were"), List.of("could", "you", "tell", "me"),
            List.of("can", "you", "tell", "me"), List.of("tell", "me"), List.of("please", "tell", "me"),
            List.of("can", "you", "confirm"), List.of("could", "you", "confirm"), List.of("confirm"),
            List.of("show", "me"), List.of("give", "me"));
    private static final Set<String> ATTRIBUTE_FILLERS = Set.of("the", "an", "a", "recorded", "their", "his", "her");
    private static final Set<String> VISIT_WORDS = Set.of("visit", "encounter", "stay", "admission", "entry");
    private static final Set<String> VISIT_PREPOSITIONS = Set.of("on", "during", "in", "at", "for");

    PatientChartRules(Rules rules) {
        super(rules);
    }

    /** The spec of a patient attribute question, null when the question is not one (other rules read it). */
    Result<QuerySpec> attribute() {
        int n = tokens.size();
        Visit leading = visitAt(0);
        int i = leading == null ? 0 : leading.end();
        int opened = opening(i);
        Result<QuerySpec> age = age(opened < 0 ? i : opened, leading);
        if (age.stopped() || age.value() != null) {
            return age;
        }
        if (opened < 0) {
            return Result.ok(null);
        }
        i = opened;
        // "... of patient N" or "patient N ATTR" (the possessive is dropped by the tokenizer)
        int patientAt = -1;
        for (int k = i; k < n - 1; k++) {
            Token literal = tokens.get(k + 1);
            if (literal.isNumber() || !literal.ordinal() && hasDigit(literal.text())) {
                patientAt = k;
                break;
            }
        }
        if (patientAt < 0) {
            return Result.ok(null);
        }
        int afterPatient = patientAt + 2;
        int attrFrom;
        int attrTo;
        if (patientAt == i) {
            attrFrom = afterPatient;
            attrTo = attrEnd(afterPatient);
        } else {
            attrFrom = skipFillers(i);
            attrTo = patientAt;
            if (attrTo > attrFrom && (tokens.word(attrTo - 1, "of") || tokens.word(attrTo - 1, "for"))) {
                attrTo--;
            } else {
                return Result.ok(null);
            }
        }
        if (attrTo <= attrFrom) {
            return Result.ok(null);
        }
        int end = patientAt == i ? attrTo : afterPatient;
        Visit trailing = leading == null ? trailingVisit(end, patientAt == i ? -1 : afterPatient) : null;
        if (trailing != null) {
            end = trailing.end();
        }
        if (end != n) {
            return Result.ok(null);
        }
        Visit visit = leading != null ? leading : trailing;
        return chartSpec(tokens.words(attrFrom, attrTo), patientAt, visit);
    }

    /**
     * "how old was patient N on their last hospital visit", "what age was patient N ...", "can you tell me how old
     * patient N was ...": the patient's age, a column the question's word "age" names.
     */
    private Result<QuerySpec> age(int i, Visit leading) {
        int k = i + Math.max(tokens.match(i, "how", "old"), tokens.match(i, "what", "age"));
        if (k == i) {
            return Result.ok(null);
        }
        k += Math.max(tokens.match(k, "was"), tokens.match(k, "is"));
        if (k + 1 >= tokens.size() || !(tokens.get(k + 1).isNumber() || hasDigit(tokens.get(k + 1).text()))) {
            return Result.ok(null);
        }
        int patientAt = k;
        k += 2;
        k += Math.max(tokens.match(k, "was"), tokens.match(k, "is"));
        Visit trailing = leading == null ? trailingVisit(k, k) : null;
        int end = trailing == null ? k : trailing.end();
        if (end != tokens.size()) {
            return Result.ok(null);
        }
        return chartSpec("age", patientAt, leading != null ? leading : trailing);
    }

    /** A visit phrase at {@code k}: with its preposition, or right after the patient ("patient N's last visit"). */
    private Visit trailingVisit(int k, int rightAfterPatient) {
        Visit v = visitAt(k);
        if (v == null && k == rightAfterPatient) {
            v = visitWords(k);
        }
        return v;
    }

    private Result<QuerySpec> chartSpec(String attribute, int patientAt, Visit visit) {
        String patient = SubjectRules.PATIENT;
        if (!vocab.concepts().contains(patient)) {
            return Result.ok(null);
        }
        String concept;
        ColumnRef shown;
        ColumnRef own = column(patient, attribute);
        String visits = visitConcept();
        ColumnRef ofVisit = visits == null ? null : column(visits, attribute);
        if (own != null && visit == null) {
            concept = patient;
            shown = own;
        } else if (ofVisit != null && own == null) {
            if (visit == null) {
                return Result.miss("'" + attribute + "' is recorded for each visit of a patient;"
                        + " say which one, e.g. 'on their last hospital visit'");
            }
            concept = visits;
            shown = ofVisit;
        } else {
            return Result.ok(null);
        }
        Result<Read> named = rules.lookupRules.conceptLiteral(patientAt, patientAt + 2,
                Reading.start().with(new Fragment.Subject(concept)));
        if (named.stopped()) {
            return named.stop();
        }
        if (named.value().n() != 2 || named.value().reading().filters().size() != 1) {
            return Result.ok(null); // the number names no one row of a patient here
        }
        QuerySpec.Builder b = QuerySpec.builder(concept, Shape.LOOKUP).project(shown)
                .filter(named.value().reading().filters().get(0)).provenance(Provenance.rule(RULE));
        if (visit != null) {
            ColumnRef start = only(concept, ColumnRole.START_TIME);
            ColumnRef stop = only(concept, ColumnRole.END_TIME);
            b.filter(new Filter.IsNotNull(stop)).order(new OrderKey.ByValue(start, visit.first() ? Direction.ASC
                    : Direction.DESC)).limit(1);
        }
        return Result.ok(b.build());
    }

    /** The one column of {@code concept} the attribute words name, or null. */
    private ColumnRef column(String concept, String attribute) {
        Reading r = Reading.start().with(new Fragment.Subject(concept));
        Result<ColumnRef> c = rules.projectionRules.shownColumn(attribute, r);
        return c.stopped() ? null : c.value();
    }

    /** A patient's visits: the one bound concept (not a kind of another) referring to patients with a start and an end. */
    private String visitConcept() {
        String found = null;
        for (String c : vocab.concepts()) {
            if (c.equals(SubjectRules.PATIENT) || pack.concept(c).map(k -> k.kindOf() != null).orElse(true)) {
                continue;
            }
            List<GrammarVocabulary.Column> cols = vocab.columns(c);
            boolean refers = cols.stream().anyMatch(x -> x.role() == ColumnRole.PATIENT_REF)
                    && vocab.forward(c).stream().anyMatch(p -> p.concept().equals(SubjectRules.PATIENT)
                    && p.via() == null);
            if (refers && one(cols, ColumnRole.START_TIME) && one(cols, ColumnRole.END_TIME)) {
                if (found != null) {
                    return null;
                }
                found = c;
            }
        }
        return found;
    }

    private static boolean one(List<GrammarVocabulary.Column> cols, ColumnRole role) {
        return cols.stream().filter(x -> x.role() == role).count() == 1;
    }

    private ColumnRef only(String concept, ColumnRole role) {
        return vocab.columns(concept).stream().filter(c -> c.role() == role).findFirst()
                .map(c -> ref(concept, c)).orElseThrow();
    }

    /** "on their last hospital visit", "during the first hospital encounter" at {@code i}, or null. */
    private Visit visitAt(int i) {
        if (i >= tokens.size() || !VISIT_PREPOSITIONS.contains(tokens.get(i).text())) {
            return null;
        }
        return visitWords(tokens.skipFillers(i + 1, "the", "their", "his", "her"));
    }

    /** "first hospital visit", "last admission to the hospital", "first entry into the hospital" at {@code k}. */
    private Visit visitWords(int k) {
        if (k >= tokens.size()) {
            return null;
        }
        boolean first;
        Token which = tokens.get(k);
        if (which.ordinal() && Integer.valueOf(1).equals(which.number()) || which.is("first")) {
            first = true;
        } else if (which.is("last")) {
            first = false;
        } else {
            return null;
        }
        k = tokens.skipFillers(k + 1, "hospital");
        if (k >= tokens.size() || !VISIT_WORDS.contains(tokens.get(k).text())) {
            return null;
        }
        k++;
        int to = Math.max(tokens.match(k, "to", "the", "hospital"), tokens.match(k, "into", "the", "hospital"));
        return new Visit(first, k + to);
    }

    private int opening(int i) {
        for (List<String> words : OPENINGS) {
            int m = tokens.match(i, words.toArray(String[]::new));
            if (m > 0) {
                return i + m;
            }
        }
        return -1;
    }

    private int skipFillers(int i) {
        while (i < tokens.size() && ATTRIBUTE_FILLERS.contains(tokens.get(i).text())) {
            i++;
        }
        return i;
    }

    /** After "patient N": the attribute words run to a visit phrase or the end. */
    private int attrEnd(int from) {
        for (int k = from; k < tokens.size(); k++) {
            if (visitAt(k) != null) {
                return k;
            }
        }
        return tokens.size();
    }

    private static boolean hasDigit(String s) {
        return s.chars().anyMatch(Character::isDigit);
    }

    private record Visit(boolean first, int end) {
    }
}
