package org.tally.core.pack;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.tally.core.names.NameRules;
import org.tally.core.names.NameTokens;
import org.tally.core.spec.ColumnRole;

/**
 * Checks a parsed pack for everything Jackson cannot: references between entries, role names, normal-form tokens,
 * question words claimed by two concepts, spellings shared by two classes that can meet on one column. Every
 * problem names its entry and the fix.
 */
final class PackValidator {

    private static final Pattern CONCEPT_ID = Pattern.compile("[A-Z][A-Za-z0-9]*");
    private static final Pattern SNAKE_ID = Pattern.compile("[a-z][a-z0-9]*(_[a-z0-9]+)*");
    private static final Pattern TOKEN = Pattern.compile("[a-z][a-z0-9]*");

    private final PackDocument doc;
    private final NameTokens names;
    private final List<String> problems = new ArrayList<>();
    private final Set<String> conceptIds = new HashSet<>();
    private final Set<String> serviceLineIds = new HashSet<>();
    private final Map<String, ValueClass> classes = new HashMap<>();

    private PackValidator(PackDocument doc) {
        this.doc = doc;
        this.names = new NameTokens(usableRules(doc.vocabulary()));
    }

    /** The vocabulary without malformed entries (reported separately), so checking tokens never trips over them. */
    private static NameRules usableRules(Vocabulary v) {
        Map<String, List<String>> abbreviations = new HashMap<>();
        v.abbreviations().forEach((key, words) -> {
            if (key != null && words != null && !words.isEmpty() && words.stream().allMatch(w -> w != null)) {
                abbreviations.put(key, words);
            }
        });
        Map<String, String> plurals = new HashMap<>();
        v.irregularPlurals().forEach((plural, singular) -> {
            if (plural != null && singular != null) {
                plurals.put(plural, singular);
            }
        });
        return new NameRules(abbreviations, Set.copyOf(v.tablePrefixes()), Set.copyOf(v.tableSuffixes()),
                Set.copyOf(v.gluedPrefixes()), plurals, Set.copyOf(v.invariantWords()));
    }

    static List<String> problems(PackDocument doc) {
        PackValidator v = new PackValidator(doc);
        v.run();
        return List.copyOf(v.problems);
    }

    private void run() {
        header();
        vocabulary();
        serviceLines();
        concepts();
        valueClasses();
        ambiguousTerms();
        homographs();
        predicates();
        kinds();
        serviceLinePhrases();
    }

    /** Conditions a refinement may use: what one row is, decided on that row's own columns. */
    private static final Set<Class<?>> ROW_CONDITIONS = Set.of(Condition.InClass.class, Condition.IsNull.class,
            Condition.NotNull.class, Condition.Compare.class, Condition.All.class);

    /** A concept held as a kind of another: base, condition and time roles must make sense before any binding. */
    private void kinds() {
        Map<String, Concept> byId = new HashMap<>();
        doc.concepts().forEach(c -> byId.putIfAbsent(c.id(), c));
        for (Concept c : doc.concepts()) {
            KindOf kind = c.kindOf();
            if (kind == null) {
                continue;
            }
            String entry = "concept '" + c.id() + "'";
            Concept base = byId.get(kind.concept());
            if (kind.concept().isBlank()) {
                problem(entry, "kindOf.concept is missing; name the concept whose rows hold " + c.id());
            } else if (base == null) {
                problem(entry, "kindOf.concept '" + kind.concept() + "' is not a concept of this pack");
            } else if (base.id().equals(c.id())) {
                problem(entry, "kindOf.concept names the concept itself; name the concept whose rows hold it");
            } else if (base.kindOf() != null) {
                problem(entry, "kindOf.concept '" + base.id() + "' is itself a kind of '" + base.kindOf().concept()
                        + "'; refine '" + base.kindOf().concept() + "' directly with both conditions");
            }
            if (kind.where() == null) {
                problem(entry, "kindOf.where is missing; give the condition each " + kind.concept()
                        + " row must satisfy");
            } else {
                Condition.walk(kind.where(), node -> {
                    if (!ROW_CONDITIONS.contains(node.getClass())) {
                        problem(entry, "kindOf.where uses '" + kindName(node) + "'; what a row is must be decided on"
                                + " its own columns with inClass, isNull, notNull, compare or all");
                    }
                });
                if (base != null) {
                    checkCondition(entry, "kindOf.where", base.id(), kind.where());
                }
            }
            kindTimeRoles(entry, c, kind);
        }
    }

    private void kindTimeRoles(String entry, Concept c, KindOf kind) {
        if (kind.timeRoles().isEmpty()) {
            problem(entry, "kindOf.timeRoles is empty; map each time role of " + c.id() + " to the " + kind.concept()
                    + " role it is, e.g. {\"EventTime\": \"EndTime\"}");
            return;
        }
        Map<String, String> usedBy = new HashMap<>();
        kind.timeRoles().forEach((own, baseRole) -> {
            String field = "kindOf.timeRoles['" + own + "']";
            if (!temporal(own)) {
                problem(entry, field + ": '" + own + "' is not a time role; use one of " + TIME_ROLES);
            }
            if (!temporal(baseRole)) {
                problem(entry, field + " = '" + baseRole + "' is not a time role; use one of " + TIME_ROLES);
            }
            String other = usedBy.putIfAbsent(baseRole, own);
            if (other != null) {
                problem(entry, field + " maps to " + baseRole + " like '" + other + "' does; a base time can be only"
                        + " one time of " + c.id());
            }
        });
        for (int i = 0; i < c.requiredRoles().size(); i++) {
            List<String> anyOf = c.requiredRoles().get(i).anyOf();
            boolean timeOnly = !anyOf.isEmpty() && anyOf.stream().allMatch(PackValidator::temporal);
            if (timeOnly && anyOf.stream().noneMatch(kind.timeRoles()::containsKey)) {
                problem(entry, "requiredRoles[" + i + "] " + anyOf + " is none of kindOf.timeRoles "
                        + kind.timeRoles().keySet() + "; no " + kind.concept() + " row could carry it");
            }
        }
    }

    private static final List<String> TIME_ROLES = RoleNames.ORDERED.stream().filter(PackValidator::temporal).toList();

    private static boolean temporal(String role) {
        return RoleNames.isKnown(role) && ColumnRole.fromJson(role).isTemporal();
    }

    private static String kindName(Condition c) {
        JsonSubTypes types =
                Condition.class.getAnnotation(JsonSubTypes.class);
        for (JsonSubTypes.Type t : types.value()) {
            if (t.value() == c.getClass()) {
                return t.name();
            }
        }
        return c.getClass().getSimpleName();
    }

    /** "Switch to maternity" must not read as a concept or a predicate, nor the other way round. */
    private void serviceLinePhrases() {
        Map<String, String> taken = new HashMap<>();
        doc.concepts().forEach(c -> c.terms().forEach(t -> taken.putIfAbsent(singularKey(t), "concept '" + c.id() + "'")));
        doc.predicates().forEach(p -> p.phrases().forEach(
                ph -> taken.putIfAbsent(singularKey(ph), "predicate '" + p.id() + "'")));
        for (ServiceLine line : doc.serviceLines()) {
            for (int i = 0; i < line.phrases().size(); i++) {
                String owner = taken.get(singularKey(line.phrases().get(i)));
                if (owner != null) {
                    problem("serviceLine '" + line.id() + "'", "phrases[" + i + "] '" + line.phrases().get(i)
                            + "' also names " + owner + "; a phrase must name one thing");
                }
            }
        }
    }

    private void problem(String entry, String message) {
        problems.add(entry + ": " + message);
    }

    private void header() {
        if (doc.pack().isBlank()) {
            problem("pack", "the pack needs a name, e.g. \"pack\": \"hospital\"");
        }
        if (doc.version() < 1) {
            problem("pack", "version must be a positive integer, found " + doc.version());
        }
    }

    private void vocabulary() {
        Vocabulary v = doc.vocabulary();
        v.abbreviations().forEach((key, words) -> {
            String entry = "vocabulary abbreviation '" + key + "'";
            requireToken(entry, "key", key);
            if (words == null || words.isEmpty()) {
                problem(entry, "expands to nothing; list the words it stands for");
            } else {
                for (int i = 0; i < words.size(); i++) {
                    requireToken(entry, "expansion[" + i + "]", words.get(i));
                }
            }
        });
        checkTokens("vocabulary", "tablePrefixes", v.tablePrefixes());
        checkTokens("vocabulary", "tableSuffixes", v.tableSuffixes());
        checkTokens("vocabulary", "gluedPrefixes", v.gluedPrefixes());
        checkTokens("vocabulary", "invariantWords", v.invariantWords());
        checkTokens("vocabulary", "compoundWords", v.compoundWords());
        v.irregularPlurals().forEach((plural, singular) -> {
            requireToken("vocabulary irregular plural '" + plural + "'", "plural", plural);
            requireToken("vocabulary irregular plural '" + plural + "'", "singular", singular);
        });
    }

    private void checkTokens(String entry, String field, List<String> tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            requireToken(entry, field + "[" + i + "]", tokens.get(i));
        }
    }

    private void requireToken(String entry, String field, String token) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            problem(entry, field + " '" + token + "' must be one lowercase token of letters and digits");
        }
    }

    private void serviceLines() {
        List<ServiceLine> lines = doc.serviceLines();
        if (lines.isEmpty()) {
            problem("serviceLines", "the pack defines no service lines");
        }
        for (int i = 0; i < lines.size(); i++) {
            ServiceLine line = lines.get(i);
            String entry = "serviceLine '" + (line.id().isBlank() ? "#" + i : line.id()) + "'";
            if (!CONCEPT_ID.matcher(line.id()).matches()) {
                problem(entry, "id must be UpperCamelCase letters and digits, e.g. \"WardBoard\"");
            } else if (!serviceLineIds.add(line.id())) {
                problem(entry, "id is defined twice; give each service line one entry");
            }
            requireText(entry, "label", line.label());
            requireText(entry, "description", line.description());
        }
    }

    private void concepts() {
        List<Concept> concepts = doc.concepts();
        if (concepts.isEmpty()) {
            problem("concepts", "the pack defines no concepts");
        }
        for (Concept c : concepts) {
            if (!CONCEPT_ID.matcher(c.id()).matches()) {
                problem("concept '" + c.id() + "'", "id must be UpperCamelCase letters and digits, e.g. \"LabResult\"");
            } else if (!conceptIds.add(c.id())) {
                problem("concept '" + c.id() + "'", "id is defined twice; give each concept one entry");
            }
        }
        Map<String, List<String>> ownedBy = new HashMap<>();
        for (Concept c : concepts) {
            String entry = "concept '" + c.id() + "'";
            requireText(entry, "singular", c.singular());
            requireText(entry, "plural", c.plural());
            requireText(entry, "description", c.description());
            requireNonEmpty(entry, "synonyms", c.synonyms());
            requireNonEmpty(entry, "nameTokens", c.nameTokens());
            requireNonEmpty(entry, "columnTokens", c.columnTokens());
            requireNonEmpty(entry, "requiredRoles", c.requiredRoles());
            requireNonEmpty(entry, "serviceLines", c.serviceLines());
            checkNormalTokens(entry, "nameTokens", c.nameTokens());
            checkNormalTokens(entry, "columnTokens", c.columnTokens());
            checkHints(entry, "namePatterns", c.namePatterns());
            for (int i = 0; i < c.synonyms().size(); i++) {
                requireText(entry, "synonyms[" + i + "]", c.synonyms().get(i));
            }
            for (int i = 0; i < c.requiredRoles().size(); i++) {
                List<String> anyOf = c.requiredRoles().get(i).anyOf();
                if (anyOf.isEmpty()) {
                    problem(entry, "requiredRoles[" + i + "] lists no role");
                }
                for (int j = 0; j < anyOf.size(); j++) {
                    String field = anyOf.size() == 1 ? "requiredRoles[" + i + "]" : "requiredRoles[" + i + "][" + j + "]";
                    checkRole(entry, field, anyOf.get(j));
                }
            }
            for (int i = 0; i < c.serviceLines().size(); i++) {
                String line = c.serviceLines().get(i);
                if (!serviceLineIds.contains(line)) {
                    problem(entry, "serviceLines[" + i + "] '" + line + "' is not a service line; known: "
                            + String.join(", ", sorted(serviceLineIds)));
                }
                ownedBy.computeIfAbsent(line, k -> new ArrayList<>()).add(c.id());
            }
            for (int i = 0; i < c.roleHints().size(); i++) {
                RoleHint hint = c.roleHints().get(i);
                String field = "roleHints[" + i + "]";
                requireNonEmpty(entry, field + ".phrases", hint.phrases());
                requireNonEmpty(entry, field + ".roles", hint.roles());
                for (int j = 0; j < hint.roles().size(); j++) {
                    checkRole(entry, field + ".roles[" + j + "]", hint.roles().get(j));
                }
                checkHints(entry, field + ".nameHints", hint.nameHints());
                if (hint.verb() && !hint.roles().stream().allMatch(PackValidator::temporal)) {
                    problem(entry, field + ".verb is true, but not every role is a time role " + TIME_ROLES
                            + "; a verb names when something happened");
                }
            }
            for (int i = 0; i < c.datedBy().size(); i++) {
                String role = c.datedBy().get(i);
                checkRole(entry, "datedBy[" + i + "]", role);
                if (RoleNames.isKnown(role) && !temporal(role)) {
                    problem(entry, "datedBy[" + i + "] '" + role + "' is not a time role; use one of " + TIME_ROLES);
                }
            }
            if (c.namesShown()) {
                checkNamesShown(entry, c);
            }
        }
        for (ServiceLine line : doc.serviceLines()) {
            if (!ownedBy.containsKey(line.id())) {
                problem("serviceLine '" + line.id() + "'", "owns no concept; list it in some concept's serviceLines");
            }
        }
    }

    /** Role-hint value classes are checked once the classes are known. */
    private void roleHintClasses() {
        for (Concept c : doc.concepts()) {
            for (int i = 0; i < c.roleHints().size(); i++) {
                List<String> refs = c.roleHints().get(i).valueClasses();
                for (int j = 0; j < refs.size(); j++) {
                    checkClassRef("concept '" + c.id() + "'", "roleHints[" + i + "].valueClasses[" + j + "]", refs.get(j));
                }
            }
        }
    }

    private void valueClasses() {
        for (ValueClass vc : doc.valueClasses()) {
            String entry = "valueClass '" + vc.id() + "'";
            if (!SNAKE_ID.matcher(vc.id()).matches()) {
                problem(entry, "id must be lowercase snake_case, e.g. \"no_show\"");
            } else if (classes.putIfAbsent(vc.id(), vc) != null) {
                problem(entry, "id is defined twice; give each value class one entry");
            }
        }
        for (ValueClass vc : doc.valueClasses()) {
            String entry = "valueClass '" + vc.id() + "'";
            requireText(entry, "group", vc.group());
            requireNonEmpty(entry, "roles", vc.roles());
            requireNonEmpty(entry, "phrases", vc.phrases());
            if (vc.spellings().isEmpty() && vc.includes().isEmpty() && vc.codes().isEmpty()) {
                problem(entry, "has no spellings, includes or codes; it could never match a value");
            }
            if (!vc.codes().isEmpty() && !vc.roles().contains("Code")) {
                problem(entry, "has codes but not the role Code, so its codes could never be read");
            }
            for (int i = 0; i < vc.codes().size(); i++) {
                if (!vc.codes().get(i).matches("[A-Za-z0-9][A-Za-z0-9.]*")) {
                    problem(entry, "codes[" + i + "] '" + vc.codes().get(i) + "' is not a code prefix (letters, digits"
                            + " and dots)");
                }
            }
            for (int i = 0; i < vc.roles().size(); i++) {
                checkRole(entry, "roles[" + i + "]", vc.roles().get(i));
            }
            for (int i = 0; i < vc.concepts().size(); i++) {
                checkConceptRef(entry, "concepts[" + i + "]", vc.concepts().get(i));
            }
            for (int i = 0; i < vc.spellings().size(); i++) {
                if (ValueText.key(vc.spellings().get(i)).isEmpty()) {
                    problem(entry, "spellings[" + i + "] '" + vc.spellings().get(i) + "' has no letters or digits");
                }
            }
            for (int i = 0; i < vc.includes().size(); i++) {
                String included = vc.includes().get(i);
                checkClassRef(entry, "includes[" + i + "]", included);
                if (included.equals(vc.id())) {
                    problem(entry, "includes[" + i + "] includes the class itself");
                }
            }
        }
        for (ValueClass vc : doc.valueClasses()) {
            List<String> cycle = includeCycle(vc.id(), new ArrayList<>());
            if (!cycle.isEmpty()) {
                problem("valueClass '" + vc.id() + "'", "includes form a cycle: " + String.join(" → ", cycle));
            }
        }
        roleHintClasses();
    }

    private List<String> includeCycle(String id, List<String> path) {
        if (path.contains(id)) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(id), path.size()));
            cycle.add(id);
            return path.get(0).equals(id) ? cycle : List.of();
        }
        ValueClass vc = classes.get(id);
        if (vc == null) {
            return List.of();
        }
        path.add(id);
        for (String included : vc.includes()) {
            List<String> cycle = includeCycle(included, path);
            if (!cycle.isEmpty()) {
                return cycle;
            }
        }
        path.remove(path.size() - 1);
        return List.of();
    }

    /** A question word may name one concept only, unless the pack declares it ambiguous between them. */
    private void ambiguousTerms() {
        Map<String, Set<String>> declared = new HashMap<>();
        for (AmbiguousToken a : doc.ambiguousTokens()) {
            String entry = "ambiguousToken '" + a.token() + "'";
            if (ValueText.key(a.token()).isEmpty()) {
                problem(entry, "token is empty");
            }
            if (a.concepts().size() < 2) {
                problem(entry, "lists fewer than two concepts; a token is only ambiguous between several");
            }
            for (int i = 0; i < a.concepts().size(); i++) {
                checkConceptRef(entry, "concepts[" + i + "]", a.concepts().get(i));
            }
            declared.put(ValueText.key(a.token()), new HashSet<>(a.concepts()));
            if (doc.vocabulary().abbreviations().containsKey(a.token())) {
                problem(entry, "is also an abbreviation in the vocabulary; an ambiguous token cannot be expanded"
                        + " blindly: remove it from vocabulary.abbreviations");
            }
        }
        Map<String, LinkedHashSet<String>> claimants = new LinkedHashMap<>();
        Map<String, String> spelling = new HashMap<>();
        for (Concept c : doc.concepts()) {
            for (String term : c.terms()) {
                String key = ValueText.key(term);
                if (!key.isEmpty()) {
                    claimants.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(c.id());
                    spelling.putIfAbsent(key, term);
                }
            }
        }
        claimants.forEach((key, ids) -> {
            if (ids.size() < 2) {
                return;
            }
            Set<String> allowed = declared.getOrDefault(key, Set.of());
            if (!allowed.containsAll(ids)) {
                List<String> list = new ArrayList<>(ids);
                problem("concept '" + list.get(1) + "'", "synonym '" + spelling.get(key) + "' is also claimed by concept '"
                        + list.get(0) + "'; remove it from one, or declare it under ambiguousTokens with "
                        + String.join(", ", list));
            }
        });
    }

    /** One spelling in two classes that can meet on one column must be declared, or the resolver could mislead. */
    private void homographs() {
        Map<String, Set<String>> declared = new HashMap<>();
        for (Homograph h : doc.homographs()) {
            String entry = "homograph '" + h.spelling() + "'";
            for (int i = 0; i < h.classes().size(); i++) {
                checkClassRef(entry, "classes[" + i + "]", h.classes().get(i));
            }
            declared.put(ValueText.key(h.spelling()), new HashSet<>(h.classes()));
        }
        List<ValueClass> list = doc.valueClasses();
        for (int i = 0; i < list.size(); i++) {
            for (int j = i + 1; j < list.size(); j++) {
                ValueClass a = list.get(i);
                ValueClass b = list.get(j);
                if (!classes.containsKey(a.id()) || !classes.containsKey(b.id()) || !canMeet(a, b)
                        || related(a, b)) {
                    continue;
                }
                Set<String> shared = new LinkedHashSet<>(ownKeys(a));
                shared.retainAll(ownKeys(b));
                for (String key : shared) {
                    Set<String> allowed = declared.getOrDefault(key, Set.of());
                    if (!allowed.contains(a.id()) || !allowed.contains(b.id())) {
                        problem("valueClass '" + b.id() + "'", "spelling '" + key + "' is also in value class '" + a.id()
                                + "' and both can describe one column (roles " + sharedRoles(a, b)
                                + "); remove it from one, or declare it under homographs with both classes");
                    }
                }
            }
        }
    }

    private static Set<String> ownKeys(ValueClass vc) {
        Set<String> keys = new HashSet<>();
        vc.spellings().forEach(s -> keys.add(ValueText.key(s)));
        return keys;
    }

    private static boolean canMeet(ValueClass a, ValueClass b) {
        boolean roles = a.roles().stream().anyMatch(b.roles()::contains);
        boolean concepts = a.concepts().isEmpty() || b.concepts().isEmpty()
                || a.concepts().stream().anyMatch(b.concepts()::contains);
        return roles && concepts;
    }

    private static List<String> sharedRoles(ValueClass a, ValueClass b) {
        return a.roles().stream().filter(b.roles()::contains).toList();
    }

    /** One class includes the other (directly or not): a shared spelling is then expected. */
    private boolean related(ValueClass a, ValueClass b) {
        return includesTransitively(a.id(), b.id(), new HashSet<>()) || includesTransitively(b.id(), a.id(), new HashSet<>());
    }

    private boolean includesTransitively(String from, String target, Set<String> seen) {
        ValueClass vc = classes.get(from);
        if (vc == null || !seen.add(from)) {
            return false;
        }
        for (String included : vc.includes()) {
            if (included.equals(target) || includesTransitively(included, target, seen)) {
                return true;
            }
        }
        return false;
    }

    private void predicates() {
        Set<String> ids = new HashSet<>();
        Map<String, String> phraseOwner = new HashMap<>();
        // each concept's terms keyed once, not once per predicate phrase: this runs on every start
        Map<Concept, Set<String>> termKeys = new IdentityHashMap<>();
        for (Concept c : doc.concepts()) {
            Set<String> keys = new HashSet<>();
            c.terms().forEach(t -> keys.add(singularKey(t)));
            termKeys.put(c, keys);
        }
        for (Predicate p : doc.predicates()) {
            String entry = "predicate '" + p.id() + "'";
            if (!SNAKE_ID.matcher(p.id()).matches()) {
                problem(entry, "id must be lowercase snake_case, e.g. \"currently_admitted\"");
            } else if (!ids.add(p.id())) {
                problem(entry, "id is defined twice; give each predicate one entry");
            }
            requireText(entry, "description", p.description());
            requireNonEmpty(entry, "phrases", p.phrases());
            requireNonEmpty(entry, "definitions", p.definitions());
            for (int i = 0; i < p.phrases().size(); i++) {
                String key = ValueText.key(p.phrases().get(i));
                String owner = phraseOwner.putIfAbsent(key, p.id());
                if (owner != null && !owner.equals(p.id())) {
                    problem(entry, "phrases[" + i + "] '" + p.phrases().get(i) + "' is also a phrase of predicate '"
                            + owner + "'; a phrase must name one predicate");
                }
            }
            for (int i = 0; i < p.phrases().size(); i++) {
                String phrase = p.phrases().get(i);
                String key = singularKey(phrase);
                for (Concept c : doc.concepts()) {
                    if (termKeys.get(c).contains(key)) {
                        problem(entry, "phrases[" + i + "] '" + phrase + "' also names concept '" + c.id()
                                + "'; a question word must name a concept or a predicate, not both");
                    }
                }
            }
            Set<String> defined = new HashSet<>();
            for (int i = 0; i < p.definitions().size(); i++) {
                PredicateDefinition d = p.definitions().get(i);
                String field = "definitions[" + i + "]";
                checkConceptRef(entry, field + ".concept", d.concept());
                if (!defined.add(d.concept())) {
                    problem(entry, field + " defines concept '" + d.concept()
                            + "' again; put every way of expressing it in one definition's alternatives");
                }
                requireNonEmpty(entry, field + ".alternatives", d.alternatives());
                for (int j = 0; j < d.alternatives().size(); j++) {
                    checkCondition(entry, field + ".alternatives[" + j + "]", d.concept(), d.alternatives().get(j));
                }
            }
        }
    }

    private void checkCondition(String entry, String field, String conceptId, Condition condition) {
        if (condition == null) {
            problem(entry, field + " is missing");
            return;
        }
        if (condition instanceof Condition.OnColumn onColumn) {
            Condition.OnColumn on = onColumn;
            requireNonEmpty(entry, field + ".roles", on.roles());
            for (int i = 0; i < on.roles().size(); i++) {
                checkRole(entry, field + ".roles[" + i + "]", on.roles().get(i));
            }
            checkHints(entry, field + ".nameHints", on.nameHints());
            if (condition instanceof Condition.InClass inClass) {
                checkInClass(entry, field, conceptId, inClass);
            } else if (condition instanceof Condition.Compare compare2) {
                Condition.Compare compare = compare2;
                if (compare.op() == null) {
                    problem(entry, field + ".op is missing; use one of gt, ge, lt, le, eq, ne");
                }
                if (compare.value() == null) {
                    problem(entry, field + ".value is missing; give the number to compare with");
                }
            } else if (condition instanceof Condition.TimeVsNow timeVsNow) {
                if (timeVsNow.direction() == null) {
                    problem(entry, field + ".direction is missing; use before or after");
                }
            } else if (!(condition instanceof Condition.IsNull) && !(condition instanceof Condition.NotNull)) {
                throw new AssertionError(condition);
            }
        } else if (condition instanceof Condition.Exists exists2) {
            Condition.Exists exists = exists2;
            checkConceptRef(entry, field + ".concept", exists.concept());
            if (exists.link() == null) {
                problem(entry, field + ".link is missing; use references or samePatient");
            }
            if (exists.where() != null) {
                checkCondition(entry, field + ".where", exists.concept(), exists.where());
            }
            Condition.Window w = exists.window();
            if (w != null) {
                checkRole(entry, field + ".window.fromRole", w.fromRole());
                checkRole(entry, field + ".window.toRole", w.toRole());
                if (w.minDays() > w.maxDays()) {
                    problem(entry, field + ".window minDays " + w.minDays() + " exceeds maxDays " + w.maxDays());
                }
            }
        } else if (condition instanceof Condition.All all) {
            checkGroup(entry, field, conceptId, all.of());
        } else if (condition instanceof Condition.Any any) {
            checkGroup(entry, field, conceptId, any.of());
        } else if (condition instanceof Condition.Not not) {
            checkCondition(entry, field + ".of", conceptId, not.of());
        } else {
            throw new AssertionError(condition);
        }
    }

    private void checkGroup(String entry, String field, String conceptId, List<Condition> of) {
        if (of.size() < 2) {
            problem(entry, field + ".of needs at least two conditions");
        }
        for (int i = 0; i < of.size(); i++) {
            checkCondition(entry, field + ".of[" + i + "]", conceptId, of.get(i));
        }
    }

    private void checkInClass(String entry, String field, String conceptId, Condition.InClass in) {
        requireNonEmpty(entry, field + ".classes", in.classes());
        for (int i = 0; i < in.classes().size(); i++) {
            String ref = in.classes().get(i);
            if (!checkClassRef(entry, field + ".classes[" + i + "]", ref)) {
                continue;
            }
            ValueClass vc = classes.get(ref);
            boolean anyRole = in.roles().stream().anyMatch(role -> vc.appliesTo(role, conceptId));
            if (!anyRole) {
                problem(entry, field + ".classes[" + i + "] '" + ref + "' applies to roles " + vc.roles()
                        + (vc.concepts().isEmpty() ? "" : " of concepts " + vc.concepts())
                        + ", none of which this condition names for " + conceptId + "; it could never match");
            }
        }
    }

    private void checkHints(String entry, String field, List<NameHint> hints) {
        for (int i = 0; i < hints.size(); i++) {
            List<String> tokens = hints.get(i).tokens();
            if (tokens.isEmpty()) {
                problem(entry, field + "[" + i + "] is empty; a name hint lists the tokens a column name must carry");
            }
            checkNormalTokens(entry, field + "[" + i + "]", tokens);
        }
    }

    /** Tokens compared with normalised names must themselves be normal, or they could never match. */
    private void checkNormalTokens(String entry, String field, List<String> tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token == null || !TOKEN.matcher(token).matches()) {
                problem(entry, field + "[" + i + "] '" + token + "' must be one lowercase token of letters and digits");
                continue;
            }
            List<String> normal = names.normalise(List.of(token));
            if (!normal.equals(List.of(token))) {
                problem(entry, field + "[" + i + "] '" + token + "' never survives name normalisation (it becomes "
                        + String.join(" ", normal) + "); write that instead");
            }
        }
    }

    /** The comparison key with every word singular, as question words are looked up ("labs" finds "lab"). */
    private String singularKey(String text) {
        List<String> words = new ArrayList<>();
        NameTokens.split(text).forEach(w -> words.add(names.singular(w)));
        return ValueText.key(String.join(" ", words));
    }

    /**
     * Names may be shown only for people who are not patients: a concept that needs a patient reference or a birth
     * date is a patient record or a patient-like registry, and a concept without a person-name role has no names to show.
     */
    private void checkNamesShown(String entry, Concept c) {
        Set<String> required = new HashSet<>();
        c.requiredRoles().forEach(r -> required.addAll(r.anyOf()));
        for (String patientLike : List.of("PatientRef", "BirthDate")) {
            if (required.contains(patientLike)) {
                problem(entry, "namesShown is true, but the concept requires " + patientLike
                        + ", so it is about patients, whose names stay personal; remove namesShown");
            }
        }
        if (required.stream().noneMatch(r -> List.of("FullName", "GivenName", "FamilyName").contains(r))) {
            problem(entry, "namesShown is true, but no required role is a person's name (FullName, GivenName or"
                    + " FamilyName); require one or remove namesShown");
        }
    }

    private void checkRole(String entry, String field, String role) {
        if (!RoleNames.isKnown(role)) {
            problem(entry, field + " '" + role + "' is not a column role; known roles: " + RoleNames.known());
        }
    }

    private void checkConceptRef(String entry, String field, String id) {
        if (!conceptIds.contains(id)) {
            problem(entry, field + " '" + id + "' is not a concept of this pack");
        }
    }

    private boolean checkClassRef(String entry, String field, String id) {
        if (!classes.containsKey(id)) {
            problem(entry, field + " '" + id + "' is not a value class of this pack");
            return false;
        }
        return true;
    }

    private void requireText(String entry, String field, String value) {
        if (value == null || value.isBlank()) {
            problem(entry, field + " is missing or blank");
        }
    }

    private void requireNonEmpty(String entry, String field, List<?> values) {
        if (values == null || values.isEmpty()) {
            problem(entry, field + " is empty");
        }
    }

    private static List<String> sorted(Set<String> values) {
        List<String> list = new ArrayList<>(values);
        list.sort(null);
        return list;
    }
}
