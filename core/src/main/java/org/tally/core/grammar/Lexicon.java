package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRole;

/**
 * The words one source understands: pack concept terms and role phrases, bound table words, recorded values,
 * predicates, aliases and the grammar's own words. The rules read phrases through the look-ups here; {@link
 * #meanings} says what a phrase can mean on this source and why (the {@code lexicon} command). Built once per
 * vocabulary, that is per binding version; thread-safe.
 */
public final class Lexicon {

    /** Words that carry no meaning in a question once a rule has matched. */
    static final Set<String> FILLERS = Set.of("the", "please", "were", "was", "there", "did", "we", "have", "has",
            "of", "a", "an", "any", "all", "is", "are", "do", "does", "in", "total", "me", "currently", "still", "recorded",
            "our", "so", "far", "that", "which", "who", "be", "being", "been", "to", "for", "at", "caused", "had");

    /** Words that start a modifier: a concept term is not the subject when one of these precedes it closely. */
    static final Set<String> STRUCTURAL = Set.of("by", "per", "in", "on", "at", "with", "without", "who", "that",
            "had", "were", "was", "are", "is", "never", "no", "since", "before", "after", "between", "during",
            "from", "over", "under", "longer", "shorter", "stayed", "due", "each", "every", "than", "last",
            "this", "today", "yesterday", "tomorrow");

    /** Generic role words usable in "by status", "by type". */
    static final Map<String, ColumnRole> ROLE_WORDS = Map.of("gender", ColumnRole.GENDER, "sex", ColumnRole.GENDER,
            "status", ColumnRole.STATUS, "type", ColumnRole.TYPE, "category", ColumnRole.CATEGORY,
            "severity", ColumnRole.SEVERITY, "priority", ColumnRole.PRIORITY, "location", ColumnRole.LOCATION);

    private final DomainPack pack;
    private final GrammarVocabulary vocabulary;
    /** Memos of pure functions the grammar asks for on every phrase it reads. */
    private final Map<String, List<String>> tableWordKeys = new ConcurrentHashMap<>();
    private final Map<String, List<HintKeys>> hintKeys = new ConcurrentHashMap<>();

    private volatile LexiconIndex index;

    public Lexicon(DomainPack pack, GrammarVocabulary vocabulary) {
        this.pack = Objects.requireNonNull(pack, "pack");
        this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
    }

    /**
     * What a word or phrase can mean on this source, each meaning with why; a plural is looked up in the singular
     * too. Empty when it means nothing here.
     */
    public List<LexiconEntry> meanings(String phrase) {
        LexiconIndex known = index();
        Set<LexiconEntry> out = new LinkedHashSet<>(known.lookup(ValueText.key(phrase)));
        List<String> singular = new ArrayList<>();
        for (String w : phrase.toLowerCase(Locale.ROOT).trim().split("\\s+")) {
            singular.add(pack.nameTokens().singular(w));
        }
        out.addAll(known.lookup(ValueText.key(String.join(" ", singular))));
        return List.copyOf(out);
    }

    /** Every phrase this source understands, with its meanings, in the order the index was built. */
    public List<LexiconEntry> entries() {
        return index().entries();
    }

    /** The comparison keys of every phrase in the lexicon. */
    Set<String> keys() {
        return index().keys();
    }

    private volatile Spelling spelling;

    /** The words this source knows, and how a misspelt one is read (built on the first question that needs it). */
    Spelling spelling() {
        Spelling known = spelling;
        if (known == null) {
            synchronized (this) {
                if (spelling == null) {
                    spelling = new Spelling(pack, vocabulary, index().entries());
                }
                known = spelling;
            }
        }
        return known;
    }

    private LexiconIndex index() {
        LexiconIndex known = index;
        if (known == null) {
            synchronized (this) {
                if (index == null) {
                    index = new LexiconIndex(pack, vocabulary);
                }
                known = index;
            }
        }
        return known;
    }

    /**
     * All concepts (bound or not) a phrase names through the pack or the bound table words. A phrase of several
     * words that names none is tried again with the pack's abbreviations spelled out, as table names are ("ED
     * attendances" are emergency attendances, as the table EDAttendance is read); a single word is left alone.
     */
    Result<List<String>> conceptsNamedBy(String phrase) {
        Result<List<String>> ids = conceptsNamedAsTyped(phrase);
        if (!ids.stopped() && ids.value().isEmpty()) {
            String spelledOut = withAbbreviationsSpelledOut(phrase);
            if (spelledOut != null) {
                return conceptsNamedAsTyped(spelledOut);
            }
        }
        return ids;
    }

    /** {@code phrase} with its abbreviations spelled out, or null when it is one word or has none. */
    private String withAbbreviationsSpelledOut(String phrase) {
        List<String> words = List.of(phrase.split(" "));
        Map<String, List<String>> abbreviations = pack.nameTokens().rules().abbreviations();
        if (words.size() < 2 || words.stream().noneMatch(abbreviations::containsKey)) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String w : words) {
            out.addAll(abbreviations.getOrDefault(w, List.of(w)));
        }
        return String.join(" ", out);
    }

    private Result<List<String>> conceptsNamedAsTyped(String phrase) {
        Set<String> ids = new LinkedHashSet<>(pack.conceptsNamedBy(phrase));
        String key = ValueText.key(phrase);
        boolean ownTable = false;
        for (String concept : vocabulary.concepts()) {
            for (String words : vocabulary.tableWords(concept)) {
                List<String> keys = tableWordKeys.computeIfAbsent(words,
                        w -> List.of(ValueText.key(w), ValueText.key(w + "s")));
                if (keys.contains(key)) {
                    ids.add(concept);
                    ownTable = true;
                }
            }
        }
        if (!ownTable && ids.stream().anyMatch(vocabulary.concepts()::contains)) {
            Result<Set<String>> kept = keepToNamedTables(phrase, key, ids);
            if (kept.stopped()) {
                return kept.stop();
            }
            ids = kept.value();
        }
        return Result.ok(List.copyOf(ids));
    }

    /**
     * A phrase that is the name of tables of this source, or the last word of their names, is about those tables:
     * a pack synonym must not carry it to a table named otherwise ("episodes" to the outpatient table when the
     * consultant episodes are unbound; "attendances" to consultant episodes beside two attendance tables). A named
     * table that holds a concept one reference away from the one reached is a part of it and does not count
     * against it ("stays" are admissions beside a table of ICU stays within them), nor does a code dictionary of the
     * concept reached ("procedures" beside a dictionary of procedure codes the procedures refer to). The concepts the named tables
     * hold stay; when the phrase reaches none of them, or names tables holding other things too, the question
     * misses and says which tables.
     */
    private Result<Set<String>> keepToNamedTables(String phrase, String key, Set<String> ids) {
        List<String> named = tableNameKeys().getOrDefault(key, List.of());
        if (named.isEmpty()) {
            return Result.ok(ids);
        }
        Set<String> held = new LinkedHashSet<>();
        Set<String> heldTables = new LinkedHashSet<>();
        for (String concept : ids) {
            for (String words : vocabulary.tableWords(concept)) {
                String table = vocabulary.namedTables().get(words);
                if (named.contains(table)) {
                    held.add(concept);
                    heldTables.add(table);
                }
            }
        }
        List<String> reached = ids.stream().filter(vocabulary.concepts()::contains).filter(c -> !held.contains(c))
                .toList();
        List<String> others = named.stream().filter(t -> !heldTables.contains(t))
                .filter(t -> !partOfReached(t, reached))
                .filter(t -> reached.stream().noneMatch(c -> vocabulary.labelsCodesOf(t, c))).toList();
        if (others.isEmpty()) {
            Set<String> kept = new LinkedHashSet<>(ids);
            if (!held.isEmpty()) {
                kept.removeAll(reached);
            }
            return Result.ok(kept);
        }
        if (held.isEmpty() && others.stream().allMatch(vocabulary.unboundTables()::containsValue)) {
            String table = String.join(" and ", others);
            return Result.miss("'" + phrase + "' " + (others.size() == 1 ? "is the name of the table " + table
                    + ", which holds" : "names the tables " + table + ", which hold") + " no concept on this source;"
                    + " reading it as " + String.join(" or ", reached) + " would count another table's rows (bind "
                    + table + " in the binding inspector)");
        }
        return Result.miss("'" + phrase + "' names the table" + (named.size() == 1 ? " " : "s ")
                + String.join(", ", named) + "; reading it as " + String.join(" or ", held.isEmpty() ? reached : held)
                + " would count " + (held.isEmpty() ? "another table's rows" : "only some of them")
                + ": name the one you mean");
    }

    /** Whether {@code table} holds a concept one reference away from one of {@code reached}. */
    private boolean partOfReached(String table, List<String> reached) {
        for (String concept : vocabulary.concepts()) {
            boolean holds = vocabulary.tableWords(concept).stream()
                    .anyMatch(w -> table.equals(vocabulary.namedTables().get(w)));
            if (holds && reached.stream().anyMatch(r -> !r.equals(concept) && vocabulary.linked(concept, r))) {
                return true;
            }
        }
        return false;
    }

    private volatile Map<String, List<String>> tableNameKeys;

    /**
     * The comparison keys (singular and plural) of every nameable table's whole name and of the last word of its
     * name, to the tables so named.
     */
    private Map<String, List<String>> tableNameKeys() {
        Map<String, List<String>> keys = tableNameKeys;
        if (keys == null) {
            Map<String, List<String>> built = new HashMap<>();
            vocabulary.namedTables().forEach((words, table) -> {
                String last = words.substring(words.lastIndexOf(' ') + 1);
                for (String w : new LinkedHashSet<>(List.of(words, last))) {
                    for (String k : new LinkedHashSet<>(List.of(ValueText.key(w), ValueText.key(w + "s")))) {
                        List<String> tables = built.computeIfAbsent(k, x -> new ArrayList<>());
                        if (!tables.contains(table)) {
                            tables.add(table);
                        }
                    }
                }
            });
            built.replaceAll((k, v) -> List.copyOf(v));
            tableNameKeys = keys = Map.copyOf(built);
        }
        return keys;
    }

    /** The role hints of a concept whose phrase equals {@code phrase}. */
    List<RoleHint> roleHints(String concept, String phrase) {
        String key = ValueText.key(phrase);
        List<RoleHint> out = new ArrayList<>();
        for (HintKeys h : hintKeys.computeIfAbsent(concept, this::hintKeysOf)) {
            if (h.keys().contains(key)) {
                out.add(h.hint());
            }
        }
        return out;
    }

    /** A concept's role hints with the comparison keys of their phrases (the pack does not change). */
    private List<HintKeys> hintKeysOf(String concept) {
        List<HintKeys> out = new ArrayList<>();
        pack.concept(concept).ifPresent(c -> {
            for (RoleHint h : c.roleHints()) {
                Set<String> keys = new HashSet<>();
                h.phrases().forEach(p -> keys.add(ValueText.key(p)));
                out.add(new HintKeys(h, keys));
            }
        });
        return List.copyOf(out);
    }

    private record HintKeys(RoleHint hint, Set<String> keys) {
    }

    /** The bound concepts owning a role hint with this phrase. */
    List<String> conceptsWithRoleHint(String phrase) {
        List<String> out = new ArrayList<>();
        for (Concept c : pack.concepts()) {
            if (vocabulary.concepts().contains(c.id()) && !roleHints(c.id(), phrase).isEmpty()) {
                out.add(c.id());
            }
        }
        return out;
    }

    /**
     * The role hints of a concept naming only its time columns ("admitted", "performed", "date of discharge"): such
     * a phrase says which time the question is about, never which value to filter on.
     */
    List<RoleHint> timeHints(String concept, String phrase) {
        List<RoleHint> out = new ArrayList<>();
        for (RoleHint h : roleHints(concept, phrase)) {
            if (h.roles().stream().map(ColumnRole::fromJson).allMatch(role -> namesTime(role)
                    || h.verb() && role.isTemporal())) {
                out.add(h);
            }
        }
        return out;
    }

    /** Whether some bound concept has a time-only role hint with this phrase (before the subject is known). */
    boolean namesSomeTime(String phrase) {
        for (Concept c : pack.concepts()) {
            if (vocabulary.concepts().contains(c.id()) && !timeHints(c.id(), phrase).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static boolean namesTime(ColumnRole role) {
        return role == ColumnRole.EVENT_TIME || role == ColumnRole.START_TIME || role == ColumnRole.END_TIME;
    }

    boolean singularTerm(String concept, String phrase) {
        return pack.concept(concept).map(c -> ValueText.key(c.singular()).equals(ValueText.key(phrase)))
                .orElse(false);
    }
}
