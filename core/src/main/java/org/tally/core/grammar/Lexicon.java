package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRole;

/** The words a source understands: pack concept terms and role phrases, plus bound table words. */
final class Lexicon {

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

    Lexicon(DomainPack pack, GrammarVocabulary vocabulary) {
        this.pack = pack;
        this.vocabulary = vocabulary;
    }

    /** All concepts (bound or not) a phrase names through the pack or the bound table words. */
    List<String> conceptsNamedBy(String phrase) {
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
            String table = unboundTableKeys().get(key);
            if (table != null) {
                throw new GrammarMiss("'" + phrase + "' is the name of the table " + table + ", which holds no"
                        + " concept on this source; reading it as " + String.join(" or ", ids) + " would count"
                        + " another table's rows (bind " + table + " in the binding inspector)");
            }
        }
        return new ArrayList<>(ids);
    }

    private volatile Map<String, String> unboundTableKeys;

    /** The comparison keys (singular and plural) of the unbound tables' names, to the names. */
    private Map<String, String> unboundTableKeys() {
        Map<String, String> keys = unboundTableKeys;
        if (keys == null) {
            Map<String, String> built = new HashMap<>();
            vocabulary.unboundTables().forEach((words, table) -> {
                built.putIfAbsent(ValueText.key(words), table);
                built.putIfAbsent(ValueText.key(words + "s"), table);
            });
            unboundTableKeys = keys = Map.copyOf(built);
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
            if (h.roles().stream().map(ColumnRole::fromJson).allMatch(Lexicon::namesTime)) {
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
