package org.tally.core.pack;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.names.NameTokens;
import org.tally.core.spec.ColumnRole;

/**
 * A validated domain pack with look-ups: concepts, service lines and their scopes, predicates, value classes, the
 * name tokenizer built from the pack's vocabulary and the value resolver. Obtain one from {@link PackLoader}.
 */
public final class DomainPack {

    private final PackDocument doc;
    private final Map<String, Concept> concepts = new LinkedHashMap<>();
    private final Map<String, ServiceLine> serviceLines = new LinkedHashMap<>();
    private final Map<String, Predicate> predicates = new LinkedHashMap<>();
    private final Map<String, Predicate> predicatesByPhrase = new LinkedHashMap<>();
    private final Map<String, ValueClass> valueClasses = new LinkedHashMap<>();
    private final Map<String, List<String>> conceptsByTerm = new LinkedHashMap<>();
    private final NameTokens nameTokens;
    private final ValueResolver valueResolver;

    DomainPack(PackDocument doc) {
        this.doc = doc;
        doc.concepts().forEach(c -> concepts.put(c.id(), c));
        // a kind of another concept is one of those too: what names the base's kinds and labels names its own. Times and
        // measures are not inherited: the grammar chooses the concept that owns such words, and the base must stay
        // the only owner of "admitted" or "length of stay"
        for (Concept c : doc.concepts()) {
            Concept base = c.kindOf() == null ? null : concepts.get(c.kindOf().concept());
            if (base != null) {
                List<RoleHint> hints = new ArrayList<>(c.roleHints());
                base.roleHints().stream().filter(DomainPack::descriptive).filter(h -> !hints.contains(h))
                        .forEach(hints::add);
                concepts.put(c.id(), new Concept(c.id(), c.singular(), c.plural(), c.synonyms(), c.nameTokens(),
                        c.namePatterns(), c.columnTokens(), c.requiredRoles(), c.description(), c.serviceLines(),
                        c.shared(), hints, c.kindOf(), c.namesShown(), c.measuresKinds(), c.datedBy()));
            }
        }
        doc.serviceLines().forEach(s -> serviceLines.put(s.id(), s));
        doc.predicates().forEach(p -> {
            predicates.put(p.id(), p);
            p.phrases().forEach(phrase -> predicatesByPhrase.put(ValueText.key(phrase), p));
        });
        doc.valueClasses().forEach(v -> valueClasses.put(v.id(), v));
        for (Concept c : doc.concepts()) {
            for (String term : c.terms()) {
                List<String> ids = conceptsByTerm.computeIfAbsent(ValueText.key(term), k -> new ArrayList<>());
                if (!ids.contains(c.id())) {
                    ids.add(c.id());
                }
            }
        }
        this.nameTokens = new NameTokens(doc.vocabulary().toRules().withWords(knownWords(doc)));
        this.valueResolver = new ValueResolver(doc.valueClasses());
    }

    /**
     * The words a run-together physical name may be split into: the pack's compound words, the words concepts are
     * named and described by, and what abbreviations stand for.
     */
    private static Set<String> knownWords(PackDocument doc) {
        Set<String> words = new HashSet<>(doc.vocabulary().compoundWords());
        for (Concept c : doc.concepts()) {
            words.addAll(c.nameTokens());
            words.addAll(c.columnTokens());
        }
        doc.vocabulary().abbreviations().values().forEach(words::addAll);
        words.addAll(doc.vocabulary().irregularPlurals().values());
        return words;
    }

    private static boolean descriptive(RoleHint hint) {
        return hint.roles().stream().map(ColumnRole::fromJson)
                .noneMatch(r -> r.isTemporal() || r.isNumeric());
    }

    /** The pack's name ({@code hospital}). */
    public String name() {
        return doc.pack();
    }

    public int version() {
        return doc.version();
    }

    public String description() {
        return doc.description();
    }

    /**
     * Every concept; one held as a kind of another lists its own role hints, then those of its base concept that name
     * neither a time nor a measure.
     */
    public List<Concept> concepts() {
        return List.copyOf(concepts.values());
    }

    public Optional<Concept> concept(String id) {
        return Optional.ofNullable(concepts.get(id));
    }

    /** The concept with this id; an unknown id is a programming error here, not user input. */
    public Concept requireConcept(String id) {
        Concept c = concepts.get(id);
        if (c == null) {
            throw new IllegalArgumentException("pack '" + name() + "' has no concept '" + id + "'");
        }
        return c;
    }

    /**
     * The concepts a question word or phrase names (singular, plural or synonym, compared by {@link ValueText#key}).
     * Plural words are tried in the singular too. Empty when none; several only for tokens the pack declares
     * ambiguous.
     */
    public List<String> conceptsNamedBy(String term) {
        List<String> direct = conceptsByTerm.get(ValueText.key(term));
        if (direct != null) {
            return List.copyOf(direct);
        }
        // "hospital visits", "labs": try again with every word singular
        List<String> words = NameTokens.split(term);
        List<String> singular = new ArrayList<>(words.size());
        words.forEach(w -> singular.add(nameTokens.singular(w)));
        return List.copyOf(conceptsByTerm.getOrDefault(ValueText.key(String.join(" ", singular)), List.of()));
    }

    /**
     * The token combinations that point to a concept in a table name: its declared patterns plus its singular name
     * normalised ({@code "lab order"} → {@code [lab, order]}), most tokens first.
     */
    public List<NameHint> namePatterns(String conceptId) {
        Concept c = requireConcept(conceptId);
        List<NameHint> patterns = new ArrayList<>(c.namePatterns());
        NameHint own = new NameHint(nameTokens.phrase(c.singular()));
        if (!patterns.contains(own)) {
            patterns.add(own);
        }
        patterns.sort((a, b) -> Integer.compare(b.tokens().size(), a.tokens().size()));
        return List.copyOf(patterns);
    }

    public List<AmbiguousToken> ambiguousTokens() {
        return doc.ambiguousTokens();
    }

    public List<ServiceLine> serviceLines() {
        return List.copyOf(serviceLines.values());
    }

    public Optional<ServiceLine> serviceLine(String id) {
        return Optional.ofNullable(serviceLines.get(id));
    }

    /** Concepts readable from every service line (Patient, Encounter, Provider, Department). */
    public List<Concept> sharedConcepts() {
        return concepts.values().stream().filter(Concept::shared).toList();
    }

    /** The concepts a service line owns (not counting shared ones it merely reads). */
    public List<Concept> ownedBy(String serviceLineId) {
        requireServiceLine(serviceLineId);
        return concepts.values().stream().filter(c -> c.serviceLines().contains(serviceLineId)).toList();
    }

    /** The concept ids a service line may read: the ones it owns plus the shared ones. */
    public Set<String> readableBy(String serviceLineId) {
        Set<String> ids = new LinkedHashSet<>();
        ownedBy(serviceLineId).forEach(c -> ids.add(c.id()));
        sharedConcepts().forEach(c -> ids.add(c.id()));
        return Set.copyOf(ids);
    }

    private void requireServiceLine(String id) {
        if (!serviceLines.containsKey(id)) {
            throw new IllegalArgumentException("pack '" + name() + "' has no service line '" + id + "'");
        }
    }

    public List<Predicate> predicates() {
        return List.copyOf(predicates.values());
    }

    public Optional<Predicate> predicate(String id) {
        return Optional.ofNullable(predicates.get(id));
    }

    /** The predicate a question phrase names ("no-show", "currently admitted"), compared by {@link ValueText#key}. */
    public Optional<Predicate> predicateForPhrase(String phrase) {
        return Optional.ofNullable(predicatesByPhrase.get(ValueText.key(phrase)));
    }

    public List<ValueClass> valueClasses() {
        return List.copyOf(valueClasses.values());
    }

    public Optional<ValueClass> valueClass(String id) {
        return Optional.ofNullable(valueClasses.get(id));
    }

    public List<Homograph> homographs() {
        return doc.homographs();
    }

    public Vocabulary vocabulary() {
        return doc.vocabulary();
    }

    /** The tokenizer for table and column names, using this pack's abbreviations, affixes and plurals. */
    public NameTokens nameTokens() {
        return nameTokens;
    }

    /** Resolves question words to observed column values through this pack's value classes. */
    public ValueResolver valueResolver() {
        return valueResolver;
    }
}
