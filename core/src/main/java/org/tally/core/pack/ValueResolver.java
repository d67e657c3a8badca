package org.tally.core.pack;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Resolves a word from a question to the values a column actually holds, using the pack's value classes.
 *
 * <p>It only ever returns observed values: a class spelling the column does not hold is never produced. Matching is
 * exact on {@link ValueText#key comparison keys} (no substring or fuzzy matching: "vaginal birth after caesarean"
 * must not count as a caesarean). A word evokes a class through the class's phrases or its own spellings of two or
 * more characters (so a stray "a" never means "abnormal"); only classes that apply to the column's role (and concept,
 * when known) count. When the readings disagree on which values are meant, the answer is {@link Resolution.Ambiguous}.
 */
public final class ValueResolver {

    private static final int VALUES_IN_REASON = 12;

    private final Map<String, ValueClass> classes = new LinkedHashMap<>();
    private final Map<String, Set<String>> ownKeys = new LinkedHashMap<>();
    /** Key → the classes it evokes, in class order: {@link #classesFor} runs for every phrase the grammar tries. */
    private final Map<String, List<ValueClass>> evokedBy = new HashMap<>();
    /** {@link #matchKeys} per class, role and concept: a pure function of the classes, asked again and again. */
    private final Map<MatchScope, Set<String>> matchKeys = new ConcurrentHashMap<>();

    private record MatchScope(String classId, String role, String conceptId) {
    }

    /** Expects validated classes: unique ids, known includes, no include cycles. */
    public ValueResolver(List<ValueClass> valueClasses) {
        for (ValueClass c : valueClasses) {
            classes.put(c.id(), c);
        }
        for (ValueClass c : valueClasses) {
            Set<String> own = new LinkedHashSet<>();
            c.spellings().forEach(sp -> addKey(own, sp, 1));
            ownKeys.put(c.id(), Set.copyOf(own));
            Set<String> evoking = new LinkedHashSet<>();
            c.phrases().forEach(p -> addKey(evoking, p, 1));
            c.spellings().forEach(s -> addKey(evoking, s, 2));
            evoking.forEach(key -> evokedBy.computeIfAbsent(key, k -> new ArrayList<>()).add(c));
        }
    }

    /**
     * Own spellings plus those of included classes that themselves apply to this role and concept, so "completed"
     * takes in "resulted" on a lab order but not on an incident (where "Reported" means something else).
     */
    private void collectKeys(String classId, String role, String conceptId, Set<String> visited, Set<String> keys) {
        if (!visited.add(classId)) {
            return;
        }
        keys.addAll(ownKeys.get(classId));
        for (String included : classes.get(classId).includes()) {
            ValueClass inner = classes.get(included);
            if (inner != null && inner.appliesTo(role, conceptId)) {
                collectKeys(included, role, conceptId, visited, keys);
            }
        }
    }

    private static void addKey(Set<String> keys, String text, int minLength) {
        String key = ValueText.key(text);
        if (key.length() >= minLength) {
            keys.add(key);
        }
    }

    /**
     * The comparison keys a class matches on a column of this role and concept (null when unknown): its own spellings
     * and those of the included classes that apply there.
     */
    public Set<String> matchKeys(String classId, String role, String conceptId) {
        if (!classes.containsKey(classId)) {
            throw new IllegalArgumentException("unknown value class '" + classId + "'");
        }
        return matchKeys.computeIfAbsent(new MatchScope(classId, role, conceptId), scope -> {
            Set<String> keys = new LinkedHashSet<>();
            collectKeys(classId, role, conceptId, new LinkedHashSet<>(), keys);
            return Set.copyOf(keys);
        });
    }

    /** The classes a question word evokes that apply to a column of this role (and concept, when not null). */
    public List<String> classesFor(String phrase, String role, String conceptId) {
        return classesForKey(ValueText.key(phrase), role, conceptId);
    }

    private List<String> classesForKey(String key, String role, String conceptId) {
        List<String> ids = new ArrayList<>();
        for (ValueClass c : evokedBy.getOrDefault(key, List.of())) {
            if (c.appliesTo(role, conceptId)) {
                ids.add(c.id());
            }
        }
        return ids;
    }

    /**
     * What {@code phrase} means on a column of {@code role} in a table of {@code conceptId} (null when unknown),
     * given the column's observed values.
     */
    public Resolution resolve(String phrase, String role, String conceptId, Collection<ObservedValue> observed) {
        return resolve(phrase, role, conceptId, observed, true);
    }

    /**
     * {@link #resolve} for a caller that tries a phrase on many columns and ignores the misses: {@code null} where
     * {@code resolve} says {@link Resolution.NoMatch}, without spelling out the reason (the grammar would build one
     * for every column of every phrase it reads).
     */
    public Resolution resolveOrNull(String phrase, String role, String conceptId, Collection<ObservedValue> observed) {
        return resolve(phrase, role, conceptId, observed, false);
    }

    private Resolution resolve(String phrase, String role, String conceptId, Collection<ObservedValue> observed,
                               boolean explainMiss) {
        Objects.requireNonNull(role, "role");
        String key = ValueText.key(phrase);
        if (key.isEmpty()) {
            return explainMiss ? new Resolution.NoMatch("'" + phrase + "' has no letters or digits to match") : null;
        }
        List<ObservedValue> literal = new ArrayList<>();
        for (ObservedValue v : observed) {
            if (v.key().equals(key)) {
                literal.add(v);
            }
        }

        Map<Set<String>, List<String>> classesByValues = new LinkedHashMap<>();
        Map<Set<String>, List<ObservedValue>> readings = new LinkedHashMap<>();
        List<String> evoked = classesForKey(key, role, conceptId);
        for (String classId : evoked) {
            List<ObservedValue> values = valuesOf(classId, role, conceptId, observed);
            if (!values.isEmpty()) {
                Set<String> valueSet = values.stream().map(ObservedValue::value).collect(Collectors.toSet());
                classesByValues.computeIfAbsent(valueSet, k -> new ArrayList<>()).add(classId);
                readings.putIfAbsent(valueSet, values);
            }
        }

        if (readings.isEmpty()) {
            if (!literal.isEmpty()) {
                return new Resolution.Matched(literal, List.of());
            }
            if (!explainMiss) {
                return null;
            }
            String why = evoked.isEmpty()
                    ? "no value class for '" + phrase + "' applies to a " + role + " column and no observed value equals it"
                    : "'" + phrase + "' (" + String.join(", ", evoked) + ") matches none of the observed values";
            return new Resolution.NoMatch(why + describe(observed));
        }
        if (readings.size() == 1) {
            Map.Entry<Set<String>, List<ObservedValue>> only = readings.entrySet().iterator().next();
            boolean literalAgrees = literal.stream().allMatch(v -> only.getKey().contains(v.value()));
            if (literalAgrees) {
                return new Resolution.Matched(only.getValue(), classesByValues.get(only.getKey()));
            }
        }
        List<Resolution.Candidate> candidates = new ArrayList<>();
        readings.forEach((values, list) -> classesByValues.get(values)
                .forEach(classId -> candidates.add(new Resolution.Candidate(classId, list))));
        boolean literalIsOwnReading = !literal.isEmpty() && readings.keySet().stream()
                .noneMatch(values -> values.containsAll(literal.stream().map(ObservedValue::value)
                        .collect(Collectors.toSet())));
        if (literalIsOwnReading) {
            candidates.add(new Resolution.Candidate(null, literal));
        }
        return new Resolution.Ambiguous(candidates);
    }

    /**
     * The observed values of one class on a column of this role and concept: what a predicate's {@code inClass}
     * condition binds to. NoMatch when the class does not apply to the role or the column holds none of it.
     */
    public Resolution resolveClass(String classId, String role, String conceptId, Collection<ObservedValue> observed) {
        ValueClass valueClass = classes.get(classId);
        if (valueClass == null) {
            throw new IllegalArgumentException("unknown value class '" + classId + "'");
        }
        if (!valueClass.appliesTo(role, conceptId)) {
            return new Resolution.NoMatch("value class '" + classId + "' does not apply to a " + role + " column"
                    + (conceptId == null ? "" : " of " + conceptId));
        }
        List<ObservedValue> values = valuesOf(classId, role, conceptId, observed);
        if (values.isEmpty()) {
            return new Resolution.NoMatch("the column holds no spelling of '" + classId + "'" + describe(observed));
        }
        return new Resolution.Matched(values, List.of(classId));
    }

    private List<ObservedValue> valuesOf(String classId, String role, String conceptId,
            Collection<ObservedValue> observed) {
        Set<String> keys = matchKeys(classId, role, conceptId);
        List<ValueClass> coding = "Code".equals(role) ? codingClasses(classId, role, conceptId) : List.of();
        List<ObservedValue> values = new ArrayList<>();
        for (ObservedValue v : observed) {
            if (keys.contains(v.key()) || !coding.isEmpty() && coding.stream().anyMatch(c -> c.coversCode(v.value()))) {
                values.add(v);
            }
        }
        return values;
    }

    /** The class and its applicable included classes that carry code prefixes. */
    private List<ValueClass> codingClasses(String classId, String role, String conceptId) {
        List<ValueClass> out = new ArrayList<>();
        collectCoding(classId, role, conceptId, new LinkedHashSet<>(), out);
        return out;
    }

    private void collectCoding(String classId, String role, String conceptId, Set<String> visited,
                               List<ValueClass> out) {
        if (!visited.add(classId)) {
            return;
        }
        ValueClass c = classes.get(classId);
        if (!c.codes().isEmpty()) {
            out.add(c);
        }
        for (String included : c.includes()) {
            ValueClass inner = classes.get(included);
            if (inner != null && inner.appliesTo(role, conceptId)) {
                collectCoding(included, role, conceptId, visited, out);
            }
        }
    }

    private static String describe(Collection<ObservedValue> observed) {
        if (observed.isEmpty()) {
            return " (the column has no observed values)";
        }
        StringBuilder shown = new StringBuilder(" (observed: ");
        int n = 0;
        for (ObservedValue v : observed) {
            if (n == VALUES_IN_REASON) {
                return shown.append(", …)").toString();
            }
            shown.append(n++ == 0 ? "" : ", ").append(v.value());
        }
        return shown.append(')').toString();
    }
}
