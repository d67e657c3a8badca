package org.tally.core.binding;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.tally.core.catalog.Cardinality;
import org.tally.core.dialect.Dialect;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.ForeignKey;
import org.tally.core.catalog.PiiPolicy;
import org.tally.core.catalog.TypeClass;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.AmbiguousToken;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.NameHint;
import org.tally.core.pack.RequiredRole;
import org.tally.core.spec.ColumnRole;

/**
 * Binds a catalog to a domain pack. Pure and deterministic: the same catalog, pack and overrides give the same
 * binding, so it is rebuilt on demand rather than stored.
 *
 * <p>Order of work: tokens of every table and column → foreign-key links (declared, then inferred from a matching key
 * name, a key name suffix or table words) → concept-free column roles → a score per table and concept (name tokens
 * and patterns, column vocabulary, required roles, FK shape) → unbound below {@link #MIN_CONFIDENCE} or within
 * {@link #TIE_MARGIN} of the runner-up → one table per concept → links named by concept words (a surgeon is a
 * provider) → final column roles with the concepts known (one EventTime per table, start/end pairs, display column,
 * PII, values) → patient paths → concepts held as a kind of another ({@link Refinements}).
 */
public final class Binder {

    /** Below this score a table stays unbound: a later refusal, never a guess. */
    public static final double MIN_CONFIDENCE = 0.55;
    /** Two concepts (or two tables for one concept) closer than this are a tie: nobody wins. */
    public static final double TIE_MARGIN = 0.05;

    private static final Set<String> START = Set.of("start", "started", "begin", "admission", "admitted", "in",
            "checkin", "onset", "commenced", "from");
    private static final Set<String> END = Set.of("end", "ended", "finish", "finished", "discharge", "discharged",
            "out", "checkout", "stop", "stopped", "until", "to");
    /*
     * Words that name the first and the last moment of what a row records only beside each other: an arrival and a
     * departure bound an attendance as an admission and a discharge bound a stay, while an arrival time alone (a
     * triage's) is the moment of the event. Likewise a resolution beside an onset.
     */
    private static final Set<String> PAIR_START = Set.of("arrival", "arrived");
    private static final Set<String> PAIR_END = Set.of("departure", "departed", "resolved", "resolution");
    /** Bookkeeping times of the business itself (a booking, a registration): they give way to another time. */
    private static final Set<String> AUDIT = Set.of("booked", "booking", "registered", "registration", "last");
    /**
     * Record-keeping times: when the row was written, changed or loaded, not when anything happened to a patient.
     * Never an EventTime, start or end, even when they are the table's only time: a question dated by one would
     * execute and be wrong, so the concept is left without that time and dating it refuses.
     */
    static final Set<String> RECORD_KEEPING = Set.of("created", "updated", "modified", "entered", "inserted",
            "changed", "load", "loaded", "etl", "sync", "synced", "audit", "stored", "store", "row", "rowversion",
            "edited", "imported", "exported", "uploaded", "deleted", "voided", "retired");
    /** Words for a person who does something to a patient: their key points at the staff table. */
    private static final Set<String> STAFF_WORDS = Set.of("surgeon", "prescriber", "attending", "anaesthetist",
            "anesthetist", "midwife", "reporter", "author", "clinician", "physician", "consultant", "doctor", "nurse",
            "staff", "provider", "practitioner", "by");

    private final DomainPack pack;
    private final NameTokens names;
    private final PiiPolicy namePii = PiiPolicy.byName();
    private final ConceptSimilarity similarity;
    private final RowValidityWords rowWords;

    public Binder(DomainPack pack) {
        this(pack, ConceptSimilarity.NONE);
    }

    /** @param similarity the schema cards' signal, asked only to break a tie (see {@link SimilarityTie}) */
    public Binder(DomainPack pack, ConceptSimilarity similarity) {
        this.pack = Objects.requireNonNull(pack, "pack");
        this.names = pack.nameTokens();
        this.similarity = Objects.requireNonNull(similarity, "similarity");
        this.rowWords = RowValidityWords.of(pack);
    }

    public DomainPack pack() {
        return pack;
    }

    /** Per-table working state. */
    private final class Facts {
        final CatalogTable table;
        final List<String> tokens;
        final Map<String, List<String>> columnTokens = new LinkedHashMap<>();
        final String key;
        final Map<String, Link> links = new LinkedHashMap<>();
        Map<String, List<Scored>> roles = new LinkedHashMap<>();
        final Map<String, List<String>> roleReasons = new HashMap<>();
        /** Columns holding a record-keeping time (never a time role; see {@link #RECORD_KEEPING}). */
        final Set<String> recordKeeping = new LinkedHashSet<>();
        /** Kept as a code dictionary by an override: never bound to a concept. */
        boolean dictionary;
        /** Columns declared to reference several tables: they link to none, not even by their names. */
        final Set<String> polymorphic = new HashSet<>();
        List<Scored> concepts = List.of();
        /** How the table keeps versions of its rows, by column name (see {@link RowVersioning}). */
        RowVersioning.Result versions = new RowVersioning.Result(null, null);
        TableBinding.Status status = TableBinding.Status.UNBOUND;
        String concept;
        double confidence;
        final List<String> reasons = new ArrayList<>();

        Facts(CatalogTable table) {
            this.table = table;
            this.tokens = names.table(table.name()).tokens();
            for (CatalogColumn c : table.columns()) {
                columnTokens.put(c.name(), names.column(c.name()).tokens());
            }
            this.key = table.primaryKey().size() == 1 ? table.primaryKey().get(0) : null;
        }

        CatalogColumn keyColumn() {
            return key == null ? null : table.column(key).orElse(null);
        }
    }

    /**
     * Binds {@code catalog}; {@code overrides} must already be validated against it ({@link OverrideFile}).
     *
     * @throws BindingException when a step stops on something unexpected, naming the step, table and column
     */
    public Binding bind(Catalog catalog, Overrides overrides, List<String> notes) {
        try {
            return bindAll(catalog, overrides, notes);
        } catch (BindingException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BindingException("building the binding", null, null, e);
        }
    }

    private Binding bindAll(Catalog catalog, Overrides overrides, List<String> notes) {
        Map<String, Facts> facts = new LinkedHashMap<>();
        for (CatalogTable t : catalog.tables()) {
            step("reading the names", t.name(), () -> facts.put(t.name(), new Facts(t)));
        }
        applyTableOverrides(facts, overrides);
        declaredLinks(facts, catalog.dialect());
        inferByKeyNames(facts);
        Map<String, String> nameGuess = new HashMap<>();
        each(facts, "guessing the concept from the name", f -> nameGuess.put(f.table.name(), nameOnlyConcept(f)));
        each(facts, "assigning column roles", f -> assignRoles(f, nameGuess, facts, overrides));
        Map<String, Integer> inbound = inboundCounts(facts);
        each(facts, "scoring concepts", f -> {
            f.concepts = scoreConcepts(f, inbound.getOrDefault(f.table.name(), 0), nameGuess);
            if (f.status != TableBinding.Status.IGNORED && f.concept == null && !f.dictionary) {
                decide(f, nameGuess);
            }
        });
        resolveConflicts(facts);
        narrowedBySubtype(facts);
        Map<String, String> bound = new HashMap<>();
        facts.values().forEach(f -> bound.put(f.table.name(), f.concept));
        inferByConceptWords(facts);
        each(facts, "assigning column roles with the concepts known", f -> assignRoles(f, bound, facts, overrides));

        List<Link> graph = new ArrayList<>();
        facts.values().stream().filter(f -> f.status != TableBinding.Status.IGNORED)
                .forEach(f -> f.links.values().stream()
                        .filter(l -> facts.get(l.toTable()).status != TableBinding.Status.IGNORED)
                        .forEach(graph::add));
        String patientTable = facts.values().stream().filter(f -> "Patient".equals(f.concept))
                .map(f -> f.table.name()).findFirst().orElse(null);
        List<TableBinding> tables = new ArrayList<>();
        each(facts, "writing the table's binding", f -> tables.add(tableBinding(f, overrides, graph, patientTable)));
        List<TableBinding> marked = SoftDeletes.throughTestRows(tables);
        return new Binding(catalog.source(), catalog.versionId(), marked, graph,
                new Refinements(pack).resolve(marked), notes);
    }

    /** Runs one step per table; an unexpected failure names the step and the table. */
    private static void each(Map<String, Facts> facts, String step, Consumer<Facts> work) {
        for (Facts f : facts.values()) {
            step(step, f.table.name(), () -> work.accept(f));
        }
    }

    private static void step(String step, String table, Runnable work) {
        try {
            work.run();
        } catch (BindingException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BindingException(step, table, null, e);
        }
    }

    /** One column's part of a step: an unexpected failure names the table and the column too. */
    private static <T> T column(String step, Facts f, CatalogColumn c, Supplier<T> work) {
        try {
            return work.get();
        } catch (BindingException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BindingException(step, f.table.name(), c.name(), e);
        }
    }

    // ---- links ---------------------------------------------------------------------------------------------------

    private void declaredLinks(Map<String, Facts> facts, Dialect dialect) {
        boolean enforced = dialect.rules().foreignKeysTargetUniqueKeys();
        for (Facts f : facts.values()) {
            Map<String, List<ForeignKey>> byColumn = new LinkedHashMap<>();
            for (ForeignKey fk : f.table.foreignKeys()) {
                if (fk.simple() && facts.get(fk.referencedTable()) != null
                        && facts.get(fk.referencedTable()).table.column(fk.referencedColumns().get(0)).isPresent()) {
                    byColumn.computeIfAbsent(fk.columns().get(0), k -> new ArrayList<>()).add(fk);
                }
            }
            byColumn.forEach((column, fks) -> {
                Set<String> targets = new TreeSet<>();
                fks.forEach(fk -> targets.add(fk.referencedTable() + "." + fk.referencedColumns().get(0)));
                if (targets.size() > 1) {
                    // a polymorphic reference (a cost's event: a diagnosis, a procedure or a lab test by its type):
                    // which table a row means depends on another column, so no join through it is right for all rows
                    f.reasons.add("column " + column + " is declared to reference " + targets.size() + " tables "
                            + targets + ": which one depends on the row, so it links to none");
                    f.polymorphic.add(column);
                    return;
                }
                ForeignKey fk = fks.get(0);
                Facts target = facts.get(fk.referencedTable());
                f.links.put(column, new Link(f.table.name(), column, target.table.name(),
                        fk.referencedColumns().get(0), false, "declared foreign key"
                        + (fk.name() == null ? "" : " " + fk.name()), enforced));
            });
        }
    }

    private static boolean genericKey(List<String> tokens) {
        // a surrogate row number (row_id) is every table's own: two tables sharing the name are not linked by it
        return tokens.stream().allMatch(t -> ColumnRoles.ID_WORDS.contains(t) || t.equals("code") || t.equals("row"));
    }

    /** Undeclared keys evident from names: the same name as another table's key, a qualified key name, table words. */
    private void inferByKeyNames(Map<String, Facts> facts) {
        for (Facts f : facts.values()) {
            for (CatalogColumn c : f.table.columns()) {
                if (c.name().equals(f.key) || f.links.containsKey(c.name()) || f.polymorphic.contains(c.name())) {
                    continue;
                }
                List<String> tokens = f.columnTokens.get(c.name());
                List<Facts> exact = new ArrayList<>();
                List<Facts> suffix = new ArrayList<>();
                List<Facts> words = new ArrayList<>();
                List<String> stem = stem(tokens);
                boolean keyLike = tokens.size() > stem.size();
                for (Facts target : facts.values()) {
                    if (target == f || target.key == null || !compatible(c, target.keyColumn())) {
                        continue;
                    }
                    List<String> keyTokens = target.columnTokens.get(target.key);
                    String col = c.name().toLowerCase(Locale.ROOT);
                    String key = target.key.toLowerCase(Locale.ROOT);
                    if (!genericKey(keyTokens) && col.equals(key)) {
                        exact.add(target);
                    } else if (!genericKey(keyTokens) && key.length() >= 4 && col.endsWith(key)) {
                        suffix.add(target);
                    } else if (keyLike && !stem.isEmpty() && stem.equals(target.tokens)) {
                        words.add(target);
                    }
                }
                Link link = exact.size() == 1 ? infer(f, c, exact.get(0), "the same name as the key of "
                        + exact.get(0).table.name())
                        : exact.isEmpty() && suffix.size() == 1 ? infer(f, c, suffix.get(0), "its name ends with the key "
                        + suffix.get(0).key + " of " + suffix.get(0).table.name())
                        : exact.isEmpty() && suffix.isEmpty() && words.size() == 1 ? infer(f, c, words.get(0),
                        "named after table " + words.get(0).table.name() + " plus a key word") : null;
                if (link != null) {
                    f.links.put(c.name(), link);
                }
            }
        }
    }

    /** Keys named by what they point at: a surgeon, a prescriber, "…by" is staff; a clinic is a department. */
    private void inferByConceptWords(Map<String, Facts> facts) {
        Map<String, Facts> byConcept = new HashMap<>();
        facts.values().stream().filter(f -> f.concept != null).forEach(f -> byConcept.put(f.concept, f));
        for (Facts f : facts.values()) {
            for (CatalogColumn c : f.table.columns()) {
                List<String> tokens = f.columnTokens.get(c.name());
                if (c.name().equals(f.key) || f.links.containsKey(c.name()) || f.polymorphic.contains(c.name())
                        || c.typeClass() != TypeClass.NUMERIC) {
                    continue;
                }
                List<String> stem = stem(tokens);
                boolean keyLike = tokens.size() > stem.size() || tokens.contains("by");
                if (!keyLike || stem.isEmpty()) {
                    continue;
                }
                String head = stem.get(stem.size() - 1);
                String concept = null;
                if (tokens.contains("by") || STAFF_WORDS.contains(head)) {
                    concept = "Provider";
                } else if (head.equals("clinic")) {
                    concept = "Department";
                } else if (head.equals("mother")) {
                    concept = "Patient";
                } else {
                    for (Concept k : pack.concepts()) {
                        if (k.nameTokens().contains(head)) {
                            concept = concept == null ? k.id() : "";
                        }
                    }
                }
                Facts target = concept == null ? null : byConcept.get(concept);
                Link link = target != null && target != f && target.key != null && compatible(c, target.keyColumn())
                        ? infer(f, c, target, "'" + head + "' names a " + concept + ", the concept of "
                        + target.table.name()) : null;
                if (link != null) { // null: its values lie outside the key's range, so it is no reference
                    f.links.put(c.name(), link);
                }
            }
        }
    }

    private static List<String> stem(List<String> tokens) {
        List<String> stem = new ArrayList<>(tokens);
        while (!stem.isEmpty() && (ColumnRoles.ID_WORDS.contains(stem.get(stem.size() - 1))
                || stem.get(stem.size() - 1).equals("by"))) {
            stem.remove(stem.size() - 1);
        }
        return stem;
    }

    private static Link infer(Facts from, CatalogColumn c, Facts to, String why) {
        String range = "";
        BigDecimal[] child = range(c.profile());
        BigDecimal[] parent = range(to.keyColumn().profile());
        if (child != null && parent != null) {
            if (child[0].compareTo(parent[0]) < 0 || child[1].compareTo(parent[1]) > 0) {
                return null; // values outside the key's range: not a reference, whatever the name says
            }
            range = "; its values lie within the key's range";
        }
        return new Link(from.table.name(), c.name(), to.table.name(), to.key, true, "inferred: " + why + range);
    }

    private static BigDecimal[] range(ColumnProfile p) {
        if (p == null || p.min() == null || p.max() == null) {
            return null;
        }
        try {
            return new BigDecimal[] {new BigDecimal(p.min()), new BigDecimal(p.max())};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean compatible(CatalogColumn a, CatalogColumn b) {
        return b != null && a.typeClass() == b.typeClass()
                && (a.typeClass() == TypeClass.NUMERIC || a.typeClass() == TypeClass.TEXT);
    }

    private static Map<String, Integer> inboundCounts(Map<String, Facts> facts) {
        Map<String, Integer> counts = new HashMap<>();
        facts.values().forEach(f -> f.links.values().forEach(l -> counts.merge(l.toTable(), 1, Integer::sum)));
        return counts;
    }

    // ---- column roles --------------------------------------------------------------------------------------------

    private void assignRoles(Facts f, Map<String, String> conceptOf, Map<String, Facts> facts, Overrides overrides) {
        Map<String, List<Scored>> roles = new LinkedHashMap<>();
        Concept concept = f.concept == null ? null : pack.requireConcept(f.concept);
        for (CatalogColumn c : f.table.columns()) {
            roles.put(c.name(), column("assigning column roles", f, c, () -> {
                List<String> tokens = f.columnTokens.get(c.name());
                Link link = f.links.get(c.name());
                String target = link == null ? null : conceptOf.get(link.toTable());
                List<Scored> candidates = new ArrayList<>(ColumnRoles.candidates(c, tokens, c.name().equals(f.key),
                        link, target));
                if (concept != null) {
                    conceptEvidence(concept, c, tokens, link, candidates);
                }
                Overrides.ColumnOverride o = overrides.columnOverride(f.table.name(), c.name());
                if (o != null && o.role() != null) {
                    candidates.add(new Scored(o.role().jsonName(), 1.0, List.of(overrides.originOf(f.table.name(),
                        c.name()))));
                }
                candidates.sort(Comparator.comparingDouble(Scored::score).reversed());
                return ColumnRoles.dedupe(candidates);
            }));
        }
        f.roles = roles;
        f.versions = RowVersioning.find(f.table, f.columnTokens, f.tokens, f.links.keySet(),
                overrides.columnOverrides(f.table.name()));
        placeTimes(f, overrides);
    }

    /** Evidence only the table's concept gives: the concept's own word names the row; a person's bare name. */
    private void conceptEvidence(Concept concept, CatalogColumn c, List<String> tokens, Link link, List<Scored> out) {
        if (c.typeClass() != TypeClass.TEXT || link != null || tokens.isEmpty()) {
            return;
        }
        Set<String> own = new HashSet<>(concept.nameTokens());
        own.add("name");
        if (own.containsAll(tokens)) {
            boolean person = concept.id().equals("Patient") || concept.id().equals("Provider");
            ColumnRole role = person ? ColumnRole.FULL_NAME : ColumnRole.NAME;
            out.add(new Scored(role.jsonName(), 0.78, List.of("named after its table's concept " + concept.id())));
        }
    }

    /** Start/end pairs, then at most one EventTime: the one point in time that is not bookkeeping. */
    private void placeTimes(Facts f, Overrides overrides) {
        DateTwins.settle(f.table, f.columnTokens, f.roles, (col, reason) -> demote(f, col, reason));
        List<String> times = new ArrayList<>();
        f.roles.forEach((col, cands) -> {
            Overrides.ColumnOverride o = overrides.columnOverride(f.table.name(), col);
            if (cands.get(0).candidate().equals(ColumnRole.EVENT_TIME.jsonName()) && (o == null || o.role() == null)) {
                times.add(col);
            }
        });
        RowVersioning.Found versions = f.versions.found();
        for (String col : List.copyOf(times)) {
            if (versions != null && (col.equals(versions.validFrom()) || col.equals(versions.validTo()))) {
                times.remove(col);
                demote(f, col, "the validity of a row version (" + versions.validFrom() + " / "
                        + versions.validTo() + "): when this version of the row held, not a time of what it records");
                continue;
            }
            List<String> tokens = f.columnTokens.get(col);
            if (hasAny(tokens, RECORD_KEEPING)) {
                times.remove(col);
                f.recordKeeping.add(col);
                demote(f, col, "a record-keeping time ('" + tokens.stream().filter(RECORD_KEEPING::contains)
                        .findFirst().orElseThrow() + "': when the row was written or changed), never the time of"
                        + " the event");
            }
        }
        boolean startNamed = times.stream().anyMatch(c -> hasAny(f.columnTokens.get(c), START)
                || hasAny(f.columnTokens.get(c), PAIR_START));
        boolean endNamed = times.stream().anyMatch(c -> hasAny(f.columnTokens.get(c), END)
                || hasAny(f.columnTokens.get(c), PAIR_END));
        List<String> starts = times.stream().filter(c -> hasAny(f.columnTokens.get(c), START)
                || endNamed && hasAny(f.columnTokens.get(c), PAIR_START)).toList();
        List<String> ends = times.stream().filter(c -> (hasAny(f.columnTokens.get(c), END)
                || startNamed && hasAny(f.columnTokens.get(c), PAIR_END)) && !starts.contains(c)).toList();
        List<String> rest = new ArrayList<>(times);
        String named = conceptTime(f, times);
        if (starts.size() == 1 && ends.isEmpty() && named != null && !named.equals(starts.get(0))) {
            // checked_in_at beside scheduled_for on an appointment: a lone start word does not date the row when the
            // concept's own word for its time names another column
            setRole(f, named, ColumnRole.EVENT_TIME, 0.8, "named by " + f.concept + "'s own word for its time");
            rest.remove(named);
            for (String other : rest) {
                demote(f, other, "another point in time; the EventTime is " + named + ", named by " + f.concept
                        + "'s own word for its time");
            }
            return;
        }
        if (starts.size() == 1) {
            boolean pair = ends.size() == 1;
            setRole(f, starts.get(0), ColumnRole.START_TIME, pair ? 0.9 : 0.75, pair
                    ? "start of the pair " + starts.get(0) + " / " + ends.get(0) : "named as a start");
            rest.remove(starts.get(0));
        }
        if (ends.size() == 1) {
            boolean pair = starts.size() == 1;
            setRole(f, ends.get(0), ColumnRole.END_TIME, pair ? 0.9 : 0.7, pair
                    ? "end of the pair " + starts.get(0) + " / " + ends.get(0) : "named as an end");
            rest.remove(ends.get(0));
        }
        List<String> events = rest.stream().filter(c -> !hasAny(f.columnTokens.get(c), AUDIT)).toList();
        if (events.isEmpty() && rest.size() == 1) {
            events = rest;
        }
        if (events.size() == 1) {
            String only = events.get(0);
            setRole(f, only, ColumnRole.EVENT_TIME, rest.size() == 1 ? 0.8 : 0.7, rest.size() == 1
                    ? "the table's only point in time" : "the one point in time that is not bookkeeping ("
                    + String.join(", ", rest.stream().filter(c -> !c.equals(only)).toList()) + " are)");
            rest.remove(only);
            for (String other : rest) {
                demote(f, other, "another point in time; the EventTime is " + only);
            }
        } else {
            for (String other : rest) {
                demote(f, other, "one of several points in time " + rest + ": none is clearly the EventTime");
            }
        }
    }

    /**
     * The one point in time whose name the table's concept's own hints give for its time (an appointment's
     * "scheduled"), or null: none, several, or no concept yet.
     */
    private String conceptTime(Facts f, List<String> times) {
        if (f.concept == null) {
            return null;
        }
        Concept concept = pack.requireConcept(f.concept);
        List<NameHint> hints = concept.roleHints().stream()
                .filter(h -> h.roles().contains(ColumnRole.EVENT_TIME.jsonName())
                        || h.roles().contains(ColumnRole.START_TIME.jsonName()))
                .flatMap(h -> h.nameHints().stream()).toList();
        List<String> named = times.stream()
                .filter(c -> hints.stream().anyMatch(h -> h.matches(f.columnTokens.get(c)))).toList();
        return named.size() == 1 ? named.get(0) : null;
    }

    private static boolean hasAny(List<String> tokens, Set<String> words) {
        return tokens.stream().anyMatch(words::contains);
    }

    private static void setRole(Facts f, String column, ColumnRole role, double score, String reason) {
        List<Scored> cands = new ArrayList<>();
        cands.add(new Scored(role.jsonName(), score, List.of(reason)));
        cands.addAll(f.roles.get(column));
        f.roles.put(column, ColumnRoles.dedupe(cands));
    }

    private static void demote(Facts f, String column, String reason) {
        List<Scored> cands = new ArrayList<>();
        cands.add(new Scored(ColumnRole.UNKNOWN.jsonName(), 0.4, List.of(reason)));
        cands.addAll(f.roles.get(column).stream().map(s -> new Scored(s.candidate(), Math.min(s.score(), 0.35),
                s.reasons())).toList());
        f.roles.put(column, ColumnRoles.dedupe(cands));
    }

    // ---- concepts ------------------------------------------------------------------------------------------------

    /** The concept a table's name alone points to (used for reference roles before concepts are decided). */
    private String nameOnlyConcept(Facts f) {
        String best = null;
        double bestScore = 0;
        boolean tie = false;
        for (Concept c : pack.concepts()) {
            double s = nameScore(c, f, new ArrayList<>());
            if (s > bestScore + 1e-9) {
                best = c.id();
                bestScore = s;
                tie = false;
            } else if (s > 0 && Math.abs(s - bestScore) < 1e-9) {
                tie = true;
            }
        }
        return tie ? null : best;
    }

    private String head(List<String> tokens) {
        for (int i = tokens.size() - 1; i >= 0; i--) {
            String t = tokens.get(i);
            if (!ColumnRoles.ID_WORDS.contains(t) && !t.chars().allMatch(Character::isDigit)) {
                return t;
            }
        }
        return null;
    }

    /**
     * Whether {@code head} is a name word of a record concept (one about patients or dated) while {@code c} is a thing
     * such records are about: a ward stay, a patient visit and a consultant episode are records, not wards, patients
     * or consultants. A record concept's own word before the head still counts ("Rx order" is a prescription).
     */
    private boolean headNamesAnother(String head, Concept c) {
        if (head == null || isRecord(c) || !requires(c, "PrimaryKey")) {
            return false;
        }
        for (Concept other : pack.concepts()) {
            if (!other.id().equals(c.id()) && isRecord(other) && (other.nameTokens().contains(head)
                    || names.phrase(other.singular()).equals(List.of(head)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isRecord(Concept c) {
        return requires(c, "PatientRef") || requires(c, "EncounterRef") || requires(c, "EventTime")
                || requires(c, "StartTime");
    }

    private static boolean requires(Concept c, String role) {
        return c.requiredRoles().stream().anyMatch(r -> r.anyOf().contains(role));
    }

    private boolean ambiguousFor(String token, Concept c) {
        for (AmbiguousToken a : pack.ambiguousTokens()) {
            if (a.token().equals(token) && a.concepts().contains(c.id())) {
                return true;
            }
        }
        return false;
    }

    private double nameScore(Concept c, Facts f, List<String> reasons) {
        double score = 0;
        for (NameHint pattern : pack.namePatterns(c.id())) {
            if (pattern.tokens().size() >= 2 && f.tokens.containsAll(pattern.tokens())) {
                reasons.add("table name has '" + String.join(" ", pattern.tokens()) + "'");
                score = 1.0;
                break;
            }
        }
        if (score < 1.0) {
            String head = head(f.tokens);
            Set<String> own = new HashSet<>(c.nameTokens());
            own.addAll(names.phrase(c.singular()).size() == 1 ? names.phrase(c.singular()) : List.of());
            for (String t : f.tokens) {
                double s;
                String why;
                if (ambiguousFor(t, c)) {
                    s = 0.4;
                    why = "table name has '" + t + "', a word several concepts use";
                } else if (own.contains(t) && !t.equals(head) && headNamesAnother(head, c)) {
                    // a ward stay is a stay, not a ward: the word before the head only says which kind
                    s = 0.3;
                    why = "table name has '" + t + "', but its head word '" + head + "' names another concept";
                } else if (own.contains(t)) {
                    s = t.equals(head) ? 0.8 : 0.7;
                    why = "table name has '" + t + "'" + (t.equals(head) ? " as its head word" : "");
                } else {
                    continue;
                }
                if (s > score) {
                    score = s;
                    reasons.removeIf(r -> r.startsWith("table name"));
                    reasons.add(why);
                }
            }
        }
        if (score > 0 && score < 1.0 && f.key != null) {
            List<String> keyStem = stem(f.columnTokens.get(f.key));
            if (keyStem.stream().anyMatch(c.nameTokens()::contains)) {
                score = Math.min(1.0, score + 0.1);
                reasons.add("its key " + f.key + " is named after it");
            }
        }
        return score;
    }

    private List<Scored> scoreConcepts(Facts f, int inbound, Map<String, String> nameGuess) {
        Set<String> columnWords = new HashSet<>();
        f.columnTokens.values().forEach(columnWords::addAll);
        Set<String> roles = new HashSet<>();
        f.roles.values().forEach(r -> roles.add(r.get(0).candidate()));
        List<Scored> out = new ArrayList<>();
        for (Concept c : pack.concepts()) {
            List<String> reasons = new ArrayList<>();
            double name = nameScore(c, f, reasons);
            if (name < 1.0 && completedByReference(c, f, nameGuess, reasons)) {
                name = 1.0;
            }
            List<String> matched = c.columnTokens().stream().filter(columnWords::contains).toList();
            double vocabulary = Math.min(1.0, matched.size() / 4.0);
            if (name == 0 && vocabulary == 0) {
                continue;
            }
            if (!matched.isEmpty()) {
                reasons.add("column words " + matched);
            }
            Set<String> withOwn = new HashSet<>(roles);
            ownNames(c, f, withOwn);
            if (f.key != null) {
                withOwn.add(ColumnRole.PRIMARY_KEY.jsonName()); // a declared key is one, whatever else it says ("WardCode")
            }
            int met = 0;
            List<String> missing = new ArrayList<>();
            for (RequiredRole r : c.requiredRoles()) {
                if (r.anyOf().stream().anyMatch(withOwn::contains)) {
                    met++;
                } else if (!f.recordKeeping.isEmpty() && r.anyOf().contains(ColumnRole.EVENT_TIME.jsonName())) {
                    // the rows are dated, if only by when they were written: that tells what the table holds,
                    // although the concept gets no time of its own from it
                    met++;
                    reasons.add("dated only by record-keeping " + f.recordKeeping + ": bound without a time");
                } else {
                    missing.add(String.join("|", r.anyOf()));
                }
            }
            double required = c.requiredRoles().isEmpty() ? 1.0 : (double) met / c.requiredRoles().size();
            reasons.add(missing.isEmpty() ? "has every required role" : "lacks required " + missing);
            boolean master = c.requiredRoles().stream().anyMatch(r -> r.anyOf().equals(List.of("PrimaryKey")));
            double shape;
            if (master) {
                shape = inbound > 0 ? 1.0 : 0.3;
                if (inbound > 0) {
                    reasons.add("referenced by " + inbound + " key(s)");
                }
            } else {
                boolean refs = roles.contains("PatientRef") || roles.contains("EncounterRef");
                shape = refs ? 1.0 : 0.3;
            }
            double score = 0.5 * name + 0.25 * vocabulary + 0.15 * required + 0.1 * shape;
            if (!missing.isEmpty()) {
                score *= 0.6;
            }
            out.add(new Scored(c.id(), Math.round(score * 1000) / 1000.0, reasons));
        }
        out.sort(Comparator.comparingDouble(Scored::score).reversed().thenComparing(Scored::candidate));
        return out;
    }

    /**
     * Whether a two-word name pattern of {@code c} is spelled by the table's own name and what one of its keys
     * references: "ord_itm" with a key to a drug master is a drug order, with a key to a test catalogue a test order.
     * A generic word of the name ("order") says what kind of record it is; the referenced table says what of. Only a
     * key to a thing (a catalogue, a master) counts: not one to the patient, to another record, to the table itself
     * or to a table of {@code c} itself.
     */
    private boolean completedByReference(Concept c, Facts f, Map<String, String> nameGuess, List<String> reasons) {
        for (Link l : f.links.values()) {
            String target = nameGuess.get(l.toTable());
            if (target == null || target.equals(c.id()) || "Patient".equals(target) || l.toTable().equals(f.table.name())) {
                continue;
            }
            Concept referenced = pack.requireConcept(target);
            if (isRecord(referenced)) {
                continue; // what an order is of is a thing (a drug, a test), not another record about the patient
            }
            Set<String> referencedWords = new HashSet<>(referenced.nameTokens());
            referencedWords.addAll(names.phrase(referenced.singular()));
            for (NameHint pattern : pack.namePatterns(c.id())) {
                List<String> own = pattern.tokens().stream().filter(f.tokens::contains).toList();
                List<String> rest = pattern.tokens().stream().filter(t -> !f.tokens.contains(t)).toList();
                if (pattern.tokens().size() >= 2 && !own.isEmpty() && !rest.isEmpty()
                        && referencedWords.containsAll(rest)) {
                    reasons.removeIf(r -> r.startsWith("table name"));
                    reasons.add("table name has '" + String.join(" ", own) + "' and its key " + l.fromColumn()
                            + " references " + l.toTable() + " (" + target + "): '" + String.join(" ",
                            pattern.tokens()) + "'");
                    return true;
                }
            }
        }
        return false;
    }

    private void ownNames(Concept c, Facts f, Set<String> roles) {
        Set<String> own = new HashSet<>(c.nameTokens());
        own.add("name");
        for (CatalogColumn col : f.table.columns()) {
            List<String> tokens = f.columnTokens.get(col.name());
            if (col.typeClass() == TypeClass.TEXT && !tokens.isEmpty() && own.containsAll(tokens)) {
                roles.add(ColumnRole.NAME.jsonName());
            }
        }
    }

    private void decide(Facts f, Map<String, String> nameGuess) {
        if (f.concepts.isEmpty()) {
            f.reasons.add("no concept matches its name or columns");
            return;
        }
        Scored best = f.concepts.get(0);
        Scored second = f.concepts.size() > 1 ? f.concepts.get(1) : null;
        if (best.score() < MIN_CONFIDENCE) {
            f.reasons.add("best candidate " + best.candidate() + " scores " + best.score() + ", below "
                    + MIN_CONFIDENCE);
        } else if (second != null && best.score() - second.score() < TIE_MARGIN) {
            Scored third = f.concepts.size() > 2 ? f.concepts.get(2) : null;
            Scored winner = third != null && best.score() - third.score() < TIE_MARGIN ? null
                    : byRoles(f, best, second, nameGuess);
            SimilarityTie.Verdict card = winner == null ? bySimilarity(f, best) : null;
            if (card != null && card.winner() != null) {
                f.status = TableBinding.Status.BOUND;
                f.concept = card.winner().candidate();
                f.confidence = card.winner().score();
                f.reasons.addAll(card.winner().reasons());
                f.reasons.add(best.candidate() + " (" + best.score() + ") and " + second.candidate() + " ("
                        + second.score() + ") fit almost equally; " + card.reason());
            } else if (winner == null) {
                f.reasons.add("ambiguous: " + best.candidate() + " (" + best.score() + ") and " + second.candidate()
                        + " (" + second.score() + ") fit almost equally");
                if (card != null && card.reason() != null) {
                    f.reasons.add(card.reason());
                }
            } else {
                Scored loser = winner == best ? second : best;
                f.status = TableBinding.Status.BOUND;
                f.concept = winner.candidate();
                f.confidence = winner.score();
                f.reasons.addAll(winner.reasons());
                f.reasons.add(winner.candidate() + " (" + winner.score() + ") and " + loser.candidate() + " ("
                        + loser.score() + ") fit almost equally; decided by the table's roles: "
                        + String.join("; ", evidence(f, pack.requireConcept(winner.candidate()),
                        pack.requireConcept(loser.candidate()), nameGuess)));
            }
        } else {
            f.status = TableBinding.Status.BOUND;
            f.concept = best.candidate();
            f.confidence = best.score();
            f.reasons.addAll(best.reasons());
            if (second != null) {
                f.reasons.add("runner-up " + second.candidate() + " scores " + second.score());
            }
        }
    }

    /** The schema card's verdict on a tie the roles did not settle: every candidate within the tie margin. */
    private SimilarityTie.Verdict bySimilarity(Facts f, Scored best) {
        List<Scored> tied = f.concepts.stream().filter(c -> best.score() - c.score() < TIE_MARGIN).toList();
        Map<String, Double> near = similarity.of(f.table, pack.concepts().stream().map(Concept::id).toList());
        return SimilarityTie.decide(near, tied, MIN_CONFIDENCE);
    }

    /**
     * A tie between two concepts settled by what only one of them makes sense of: a key to a table whose words that
     * concept's column vocabulary names and the other's does not (an order referencing a drug is a prescription; an
     * episode at a ward is a stay), or a start/end pair when only that concept needs a start (a span, not a moment).
     * The winner needs such evidence and the other none, and must itself reach {@link #MIN_CONFIDENCE}; otherwise
     * the tie stands and the table goes to review.
     */
    private Scored byRoles(Facts f, Scored a, Scored b, Map<String, String> nameGuess) {
        Concept ca = pack.requireConcept(a.candidate());
        Concept cb = pack.requireConcept(b.candidate());
        boolean forA = !evidence(f, ca, cb, nameGuess).isEmpty();
        boolean forB = !evidence(f, cb, ca, nameGuess).isEmpty();
        if (forA == forB) {
            return null;
        }
        Scored winner = forA ? a : b;
        return winner.score() >= MIN_CONFIDENCE ? winner : null;
    }

    /** The roles of {@code f} that {@code c} makes sense of and {@code other} does not, in words. */
    private List<String> evidence(Facts f, Concept c, Concept other, Map<String, String> nameGuess) {
        List<String> out = new ArrayList<>();
        for (Link l : f.links.values()) {
            Set<String> words = new HashSet<>(stem(f.columnTokens.get(l.fromColumn())));
            String concept = nameGuess.get(l.toTable());
            if (concept != null) {
                words.addAll(pack.requireConcept(concept).nameTokens());
                words.addAll(names.phrase(pack.requireConcept(concept).singular()));
            }
            words.removeAll(ColumnRoles.ID_WORDS);
            boolean mine = c.columnTokens().stream().anyMatch(words::contains);
            boolean theirs = other.columnTokens().stream().anyMatch(words::contains);
            if (mine && !theirs && !l.toTable().equals(f.table.name()) && !"Patient".equals(concept)) {
                out.add("its key " + l.fromColumn() + " references " + l.toTable() + (concept == null ? ""
                        : " (" + concept + ")") + ", which " + c.id() + " records and " + other.id() + " does not");
            }
        }
        boolean span = roleOf(f, ColumnRole.START_TIME) && roleOf(f, ColumnRole.END_TIME);
        if (span && needsStart(c) && !needsStart(other)) {
            out.add("it holds a start and an end, a span that " + c.id() + " needs and " + other.id() + " does not");
        }
        return out;
    }

    private static boolean roleOf(Facts f, ColumnRole role) {
        return f.roles.values().stream().anyMatch(r -> r.get(0).candidate().equals(role.jsonName()));
    }

    /** Whether the concept needs a start time, a point in time not being enough (a stay, not an event). */
    private static boolean needsStart(Concept c) {
        return c.requiredRoles().stream().anyMatch(r -> r.anyOf().equals(List.of(ColumnRole.START_TIME.jsonName())));
    }

    /** Two tables claiming one concept: the clearly better keeps it, otherwise neither does. Overrides always win. */
    private void resolveConflicts(Map<String, Facts> facts) {
        Map<String, List<Facts>> claims = new LinkedHashMap<>();
        facts.values().stream().filter(f -> f.concept != null)
                .forEach(f -> claims.computeIfAbsent(f.concept, k -> new ArrayList<>()).add(f));
        for (Map.Entry<String, List<Facts>> e : claims.entrySet()) {
            List<Facts> rivals = e.getValue();
            if (rivals.size() < 2) {
                continue;
            }
            rivals.sort(Comparator.comparingDouble((Facts f) -> f.confidence).reversed());
            Facts best = rivals.get(0);
            boolean clear = best.confidence - rivals.get(1).confidence >= TIE_MARGIN;
            for (Facts f : rivals) {
                if (clear && f == best) {
                    f.reasons.add("also claimed by " + rivals.stream().filter(r -> r != best)
                            .map(r -> r.table.name() + " (" + r.confidence + ")").toList() + ", which score lower");
                    continue;
                }
                String others = rivals.stream().filter(r -> r != f).map(r -> r.table.name() + " (" + r.confidence
                        + ")").toList().toString();
                f.reasons.clear();
                f.reasons.add(clear ? e.getKey() + " is bound to " + best.table.name() + " (" + best.confidence
                        + "), which fits better than this table (" + f.confidence + ")"
                        : "ambiguous: " + e.getKey() + " is claimed equally by this table (" + f.confidence
                        + ") and " + others);
                f.status = TableBinding.Status.UNBOUND;
                f.concept = null;
            }
        }
    }

    /**
     * A table that another table, named exactly for the concept, extends by its own key (PATIENT.PATIENT_ID →
     * PERSON.PERSON_ID) holds more than that concept's rows: staff are persons too. It does not keep the concept on
     * name words and columns alone; an override can still bind it.
     */
    private void narrowedBySubtype(Map<String, Facts> facts) {
        for (Facts f : facts.values()) {
            if (f.concept == null || f.key == null || f.reasons.stream().anyMatch(r -> r.startsWith("override"))) {
                continue;
            }
            List<String> own = names.phrase(pack.requireConcept(f.concept).singular());
            for (Facts g : facts.values()) {
                if (g == f || g.concept != null || g.status == TableBinding.Status.IGNORED || g.key == null
                        || !g.tokens.equals(own)) {
                    continue;
                }
                Link byKey = g.links.get(g.key);
                if (byKey != null && byKey.toTable().equals(f.table.name()) && byKey.toColumn().equals(f.key)) {
                    f.reasons.clear();
                    f.reasons.add(g.table.name() + ", named for " + f.concept + ", extends this table by its key ("
                            + byKey + "): this table holds more than " + f.concept + " rows, so it is not bound to it");
                    f.status = TableBinding.Status.UNBOUND;
                    f.concept = null;
                    break;
                }
            }
        }
    }

    private void applyTableOverrides(Map<String, Facts> facts, Overrides overrides) {
        for (Facts f : facts.values()) {
            String o = overrides.tableOverride(f.table.name());
            if (o == null) {
                continue;
            }
            String origin = overrides.originOf(f.table.name(), null);
            if (o.equalsIgnoreCase(Overrides.IGNORE)) {
                f.status = TableBinding.Status.IGNORED;
                f.reasons.add("ignored by " + origin);
            } else if (o.equalsIgnoreCase(Overrides.LOOKUP)) {
                f.dictionary = true;
                f.reasons.add(origin + ": a code dictionary, bound to no concept; its descriptions label the codes"
                        + " that reference it");
            } else {
                f.status = TableBinding.Status.BOUND;
                f.concept = pack.concepts().stream().filter(c -> c.id().equalsIgnoreCase(o)).findFirst()
                        .orElseThrow().id();
                f.confidence = 1.0;
                f.reasons.add(origin + ": bound to " + f.concept);
            }
        }
    }

    // ---- results -------------------------------------------------------------------------------------------------

    private TableBinding tableBinding(Facts f, Overrides overrides, List<Link> graph, String patientTable) {
        List<ColumnBinding> columns = new ArrayList<>();
        for (CatalogColumn c : f.table.columns()) {
            columns.add(column("writing the column's binding", f, c, () -> {
                List<Scored> cands = f.roles.get(c.name());
                Scored top = cands.get(0);
                ColumnRole role = ColumnRole.fromJson(top.candidate());
                Overrides.ColumnOverride o = overrides.columnOverride(f.table.name(), c.name());
                List<String> reasons = new ArrayList<>(top.reasons());
                boolean pii = pii(f, c, role, reasons);
                if (o != null && o.pii() != null) {
                    pii = o.pii();
                    reasons.add(overrides.originOf(f.table.name(), c.name()) + ": " + (pii ? "personal data"
                            : "not personal data"));
                }
                ColumnProfile p = c.profile();
                boolean enumerated = p != null && p.enumerated() && !(p.values().isEmpty() && p.distinctCount() > 0);
                List<String> words = f.columnTokens.get(c.name());
                if (o != null && o.words() != null) {
                    words = o.words();
                    reasons.add(overrides.originOf(f.table.name(), c.name()) + ": named '" + String.join(" ", words)
                            + "' in questions");
                }
                return new ColumnBinding(c.name(), c.typeName(), c.typeClass(), words, role,
                        top.score(), reasons, cands.subList(1, cands.size()), pii,
                        pii || !enumerated ? null : p.values(), f.links.get(c.name()),
                        o == null ? Map.of() : o.aliases(), WholeNumberShapes.of(c, p));
            }));
        }
        List<String> reasons = new ArrayList<>(f.reasons);
        Set<String> overridden = new HashSet<>();
        for (CatalogColumn c : f.table.columns()) {
            Overrides.ColumnOverride o = overrides.columnOverride(f.table.name(), c.name());
            if (o != null && o.role() != null) {
                overridden.add(c.name());
            }
        }
        Map<String, List<String>> rowsOut = new HashMap<>();
        overrides.columnOverrides(f.table.name()).forEach((column, o) -> {
            if (o.rowsOut() != null) {
                rowsOut.put(column, o.rowsOut());
            }
        });
        SoftDeletes.Found deletions = SoftDeletes.find(f.table, columns, overridden, f.concept, rowWords, rowsOut);
        columns = deletions.columns();
        reasons.addAll(deletions.reasons());
        RowVersions versions = rowVersions(f, columns, reasons);
        boolean referenced = graph.stream().anyMatch(l -> l.toTable().equals(f.table.name())
                && !l.fromTable().equals(f.table.name()));
        Placeholders.Found placeholders = Placeholders.find(f.table, columns, f.tokens, referenced,
                overrides.columnOverrides(f.table.name()));
        reasons.addAll(placeholders.reasons());
        String display = display(columns, reasons);
        List<Link> path = List.of();
        if (f.status == TableBinding.Status.BOUND && patientTable != null && !f.table.name().equals(patientTable)) {
            List<List<Link>> paths = Binding.shortestPaths(graph, f.table.name(), patientTable, Binding.MAX_HOPS);
            if (paths.size() == 1) {
                path = paths.get(0);
            } else if (paths.size() > 1) {
                reasons.add("no patient path: " + paths.size() + " equally short ways to " + patientTable);
            } else {
                reasons.add("no patient path within " + Binding.MAX_HOPS + " links");
            }
        }
        return new TableBinding(f.table.name(), f.table.qualifiedName(), f.status, f.concept,
                f.status == TableBinding.Status.IGNORED ? 0 : f.status == TableBinding.Status.BOUND ? f.confidence
                        : f.concepts.isEmpty() ? 0 : f.concepts.get(0).score(),
                reasons, f.concepts, f.table.primaryKey(), display, columns, path, deletions.softDeletes(), versions,
                placeholders.placeholders());
    }

    /** The row versions found by name (see {@link RowVersioning}) as the final columns, with the table's reason. */
    private static RowVersions rowVersions(Facts f, List<ColumnBinding> columns, List<String> reasons) {
        if (f.versions.note() != null) {
            reasons.add(f.versions.note());
        }
        RowVersioning.Found v = f.versions.found();
        if (v == null) {
            return null;
        }
        Function<String, ColumnBinding> col = name -> name == null ? null : columns.stream()
                .filter(c -> c.column().equals(name)).findFirst().orElse(null);
        reasons.add(v.reason());
        return new RowVersions(col.apply(v.validFrom()), col.apply(v.validTo()), col.apply(v.current()),
                v.currentValue(), col.apply(v.entityKey()), v.reason());
    }

    private boolean pii(Facts f, CatalogColumn c, ColumnRole role, List<String> reasons) {
        boolean personal = switch (role) {
            // a date of death identifies a person as a date of birth does (HIPAA counts both)
            case GIVEN_NAME, FAMILY_NAME, FULL_NAME, CONTACT, IDENTIFIER, BIRTH_DATE, DEATH_DATE -> true;
            default -> false;
        };
        if (personal) {
            reasons.add("personal data (" + role.jsonName() + ")");
            return true;
        }
        if (c.profile() != null && c.profile().pii()) {
            reasons.add("personal data (the catalog withheld its values)");
            return true;
        }
        if (c.profile() == null && namePii.isPii(f.table, c)) {
            reasons.add("personal data (by its name)");
            return true;
        }
        boolean aboutPatient = f.roles.values().stream()
                .anyMatch(r -> r.get(0).candidate().equals(ColumnRole.PATIENT_REF.jsonName()))
                || "Patient".equals(f.concept);
        if (role == ColumnRole.FREE_TEXT && aboutPatient) {
            reasons.add("personal data (free text about a patient)");
            return true;
        }
        if ("Patient".equals(f.concept) && role == ColumnRole.CATEGORY && c.typeClass() == TypeClass.TEXT
                && c.profile() != null && c.profile().cardinality() == Cardinality.HIGH) {
            // a "category" of people with more values than a category has is some identifier of them (a source MRN)
            reasons.add("personal data (a text value of patients with too many values to be a category)");
            return true;
        }
        return false;
    }

    private static String display(List<ColumnBinding> columns, List<String> reasons) {
        for (ColumnRole role : List.of(ColumnRole.NAME, ColumnRole.FULL_NAME, ColumnRole.FAMILY_NAME,
                ColumnRole.DESCRIPTION, ColumnRole.CODE, ColumnRole.BUSINESS_ID)) {
            List<ColumnBinding> with = columns.stream().filter(c -> c.role() == role).toList();
            if (with.size() > 1) {
                List<ColumnBinding> named = with.stream().filter(c -> c.tokens().contains("name")).toList();
                if (named.size() == 1) {
                    return named.get(0).column();
                }
                reasons.add("no display column: " + with.size() + " " + role.jsonName() + " columns "
                        + with.stream().map(ColumnBinding::column).toList());
                return null;
            }
            if (with.size() == 1) {
                return with.get(0).column();
            }
        }
        return null;
    }
}
