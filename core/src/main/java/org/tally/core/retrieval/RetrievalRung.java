package org.tally.core.retrieval;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Citation;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.embed.Embeddings;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.scope.PatientLevel;
import org.tally.core.scope.Scope;
import org.tally.core.snapshot.SnapshotStore;
import org.tally.core.snapshot.SnapshotTable;

/**
 * Rung 6 (see docs/architecture.md, "The answer ladder"): a question about what records say is answered with the
 * passages of the ingested free text that match it best, each cited by table, row key, column and date. Only the
 * tables the engine's scope reads are searched. A passage counts as found only when its score stands clearly apart
 * from the bulk of the passages searched (a robust margin over their median, never a fixed cosine) and one of those
 * cited shares a word with what is asked about, else the answer
 * is an honest "nothing found". Retrieval never answers a count, a total or a ranking: passages are not records
 * counted exactly.
 */
public final class RetrievalRung implements Rung {

    private static final Logger LOG = LoggerFactory.getLogger(RetrievalRung.class);

    /** Passages cited at most. */
    static final int CITED = 5;
    /**
     * How far above the median score, in robust spreads (1.4826 × the median absolute deviation), a passage must
     * stand to count as an answer: a margin over the passages searched, whatever the model's cosine scale.
     */
    static final double MARGIN = 3.0;
    /** Cited passages also keep within this share of the best passage's lead over the median. */
    static final double NEAR_BEST = 0.75;
    /** Fewer passages than this give no meaningful margin. */
    static final int MIN_SEARCHED = 8;

    private final SnapshotStore store;
    private final Binding binding;
    private final Binding whole;
    private final DomainPack pack;
    private final Scope scope;
    private final EmbeddingModel model;
    private final LongSupplier nanoTime;
    /** The planner's model narrating the cited passages, or null (the default): the passages stand alone. */
    private final Narrator narrator;
    private PassageIndex index;
    private String indexedState;
    private boolean[] naming;
    private PassageIndex namingOf;

    /**
     * @param binding the binding the engine reads (narrowed to its scope): only its tables are searched
     * @param whole   the source's whole binding, to tell a record kind outside the scope from one the source lacks
     */
    public RetrievalRung(SnapshotStore store, Binding binding, Binding whole, DomainPack pack, Scope scope,
                         EmbeddingModel model, LongSupplier nanoTime) {
        this(store, binding, whole, pack, scope, model, nanoTime, null);
    }

    /** @param narrator narrates the cited passages with the planner's model when one is loaded; null: no narration */
    public RetrievalRung(SnapshotStore store, Binding binding, Binding whole, DomainPack pack, Scope scope,
                         EmbeddingModel model, LongSupplier nanoTime, Narrator narrator) {
        this.narrator = narrator;
        this.store = Objects.requireNonNull(store, "store");
        this.binding = Objects.requireNonNull(binding, "binding");
        this.whole = Objects.requireNonNull(whole, "whole");
        this.pack = Objects.requireNonNull(pack, "pack");
        this.scope = Objects.requireNonNull(scope, "scope");
        this.model = Objects.requireNonNull(model, "model");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    @Override
    public String name() {
        return "retrieval";
    }

    @Override
    public Attempt attempt(String question) {
        NarrativeQuestion kind = NarrativeQuestion.of(question);
        if (kind == NarrativeQuestion.OTHER) {
            return Attempt.Miss.notApplicable("not a question about what records say");
        }
        if (kind == NarrativeQuestion.COUNT) {
            return new Attempt.Miss("retrieval finds passages of records' text but never counts, totals or ranks"
                    + " them; ask for the number in words the grammar reads, or ask what the records say", List.of());
        }
        Set<String> named = namedConcepts(question);
        if (!scope.readsPatientLevel() && PatientLevel.aboutOnePatient(question, pack)) {
            return redirected(question, PatientLevel.redirect(scope, pack, conceptIds(named)), 0);
        }
        Set<String> outside = new LinkedHashSet<>();
        for (String concept : named) {
            if (!scope.allows(concept) && whole.tableOf(concept).isPresent()) {
                outside.add(concept);
            }
        }
        if (!outside.isEmpty()) {
            String what = String.join(" and ", outside.stream().map(this::plural).toList());
            String message = "The " + what + " are outside the " + scope.label() + " scope, so their text is not"
                    + " searched here. Switch the service line to ask it there.";
            PathStep redirected = new PathStep("scope", Outcome.MISS, message, 0);
            return new Attempt.Done(Answer.refused(question, List.of(redirected), message), List.of(redirected));
        }
        return search(question, named);
    }

    private Attempt search(String question, Set<String> named) {
        List<PathStep> steps = new ArrayList<>();
        long t = nanoTime.getAsLong();
        if (store.tables().stream().noneMatch(s -> s.passages() > 0)) {
            return new Attempt.Miss("no records' text has been ingested from this source; an administrator can take"
                    + " a snapshot of the tables that hold it", steps);
        }
        Optional<Embeddings> embeddings = model.await(); // loaded once, on the asking thread if not yet
        if (embeddings.isEmpty()) {
            return new Attempt.Miss("no embedding model is loaded, so records' text cannot be searched", steps);
        }
        PassageIndex passages;
        try {
            passages = index(embeddings.get().modelId());
        } catch (SQLException e) {
            LOG.error("the snapshot's passages could not be read", e);
            return new Attempt.Miss("the snapshot's passages cannot be read: " + e.getMessage(), steps);
        }
        Set<String> tables = searchable(passages, named);
        if (tables.isEmpty()) {
            return new Attempt.Miss("no free text of " + (named.isEmpty() ? "the records in this scope"
                    : String.join(" or ", named.stream().map(this::plural).toList()))
                    + " has been ingested; an administrator can take a snapshot of it", steps);
        }
        IntPredicate searched = searched(passages, tables);
        if (IntStream.range(0, passages.size()).noneMatch(searched)) {
            List<String> concepts = tables.stream().map(x -> binding.table(x).orElseThrow().concept()).toList();
            return redirected(question, "The text of " + String.join(" and ", tables.stream().map(this::tableLabel)
                    .toList()) + " is personal (it is about patients), so it is not searched in the " + scope.label()
                    + " scope; ask it " + PatientLevel.where(pack, concepts), ms(t));
        }
        float[] query = embeddings.get().embed(NarrativeQuestion.topic(question), Embeddings.Kind.QUERY);
        List<PassageIndex.Scored> scored = passages.score(query, searched);
        String topic = NarrativeQuestion.topic(question);
        List<PassageIndex.Scored> found = strongest(scored);
        if (found.stream().noneMatch(f -> SharedWords.any(topic, passages.passage(f.index()).text()))) {
            found = List.of(); // meaning ranked something first, but nothing there is about the question
        }
        steps.add(new PathStep("search", found.isEmpty() ? Outcome.MISS : Outcome.OK, scored.size()
                + " passages of " + tables.size() + (tables.size() == 1 ? " table" : " tables") + "; the best stands "
                + String.format(Locale.ROOT, "%.1f", lead(scored)) + " spreads above the median (" + MARGIN
                + " needed)", ms(t)));
        if (found.isEmpty()) {
            String message = "I found nothing that answers this in the ingested records' text.";
            return new Attempt.Done(Answer.refused(question, steps, message), steps);
        }
        List<Citation> cited = found.stream().map(s -> passages.passage(s.index())).toList();
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < cited.size(); i++) {
            Citation c = cited.get(i);
            rows.add(Arrays.asList((Object) (long) (i + 1), label(c), c.date(), c.text()));
        }
        String explanation = "The " + cited.size() + (cited.size() == 1 ? " passage" : " passages") + " of "
                + String.join(" and ", tables.stream().map(this::tableLabel).toList())
                + " that best match the question, closest first; quoted as written, not counted."
                + narration(question, cited, steps);
        Answer answer = new Answer(question, AnswerStatus.ANSWERED, List.of("passage", "record", "date", "text"), rows,
                null, explanation, steps, null, null, null).withCitations(cited);
        return new Attempt.Done(answer, steps);
    }

    /** The narration's sentences after the explanation ("" when off or discarded), its step in the path. */
    private String narration(String question, List<Citation> cited, List<PathStep> steps) {
        if (narrator == null) {
            return "";
        }
        long t = nanoTime.getAsLong();
        Narrator.Narration told = narrator.narrate(question, cited);
        if (!told.kept()) {
            steps.add(new PathStep("narrate", Outcome.MISS, told.why() + "; the passages are shown as written",
                    ms(t)));
            return "";
        }
        steps.add(new PathStep("narrate", Outcome.OK, told.sentences().size() + " sentences by " + told.model()
                + ", each citing its passages; " + told.dropped() + " dropped", ms(t)));
        return " Summary by the local model " + told.model() + ", from these passages only: " + told.text();
    }

    /**
     * The passages that stand clearly above the rest: at least {@link #MARGIN} robust spreads above the median and
     * within {@link #NEAR_BEST} of the best one's lead, one per record, best first.
     */
    static List<PassageIndex.Scored> strongest(List<PassageIndex.Scored> scored) {
        if (scored.size() < MIN_SEARCHED) {
            return List.of();
        }
        double[] s = scored.stream().mapToDouble(PassageIndex.Scored::score).sorted().toArray();
        double median = median(s);
        double spread = spread(s, median);
        double best = s[s.length - 1];
        if (spread <= 0 || (best - median) / spread < MARGIN) {
            return List.of();
        }
        double floor = Math.max(median + MARGIN * spread, median + NEAR_BEST * (best - median));
        return scored.stream().filter(x -> x.score() >= floor)
                .sorted(Comparator.comparingDouble(PassageIndex.Scored::score).reversed()
                        .thenComparingInt(PassageIndex.Scored::index))
                .limit(CITED).toList();
    }

    /** How many robust spreads the best score stands above the median (0 when it cannot be told). */
    static double lead(List<PassageIndex.Scored> scored) {
        if (scored.size() < MIN_SEARCHED) {
            return 0;
        }
        double[] s = scored.stream().mapToDouble(PassageIndex.Scored::score).sorted().toArray();
        double median = median(s);
        double spread = spread(s, median);
        return spread <= 0 ? 0 : (s[s.length - 1] - median) / spread;
    }

    private static double spread(double[] sorted, double median) {
        double[] deviations = new double[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            deviations[i] = Math.abs(sorted[i] - median);
        }
        Arrays.sort(deviations);
        return 1.4826 * median(deviations);
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The tables searched: those with passages that the scope reads, narrowed to the kinds of record named. */
    private Set<String> searchable(PassageIndex passages, Set<String> named) {
        Set<String> out = new LinkedHashSet<>();
        for (TableBinding t : binding.bound()) {
            if (passages.tables().contains(t.table()) && (named.isEmpty() || named.contains(key(t.concept())))) {
                out.add(t.table());
            }
        }
        return out;
    }

    /**
     * The passages this scope may search and quote: those of {@code tables}; in an analyst's scope never a column the
     * binder marks personal, nor a passage that names one patient (a record number, a person by title).
     */
    private IntPredicate searched(PassageIndex passages, Set<String> tables) {
        if (scope.readsPatientLevel()) {
            return i -> tables.contains(passages.passage(i).table());
        }
        Set<String> personal = new HashSet<>();
        for (TableBinding t : binding.bound()) {
            t.columns().stream().filter(c -> !PatientLevel.searchable(c, scope))
                    .forEach(c -> personal.add(t.table() + "." + c.column()));
        }
        boolean[] naming = namingOnePatient(passages);
        return i -> {
            Citation c = passages.passage(i);
            return tables.contains(c.table()) && !personal.contains(c.table() + "." + c.column()) && !naming[i];
        };
    }

    private static Attempt redirected(String question, String why, long ms) {
        PathStep step = new PathStep("scope", Outcome.MISS, why, ms);
        return new Attempt.Done(Answer.refused(question, List.of(step), why + "."), List.of(step));
    }

    /** The pack's ids of concepts named by their comparison keys. */
    private List<String> conceptIds(Set<String> keys) {
        return pack.concepts().stream().map(Concept::id).filter(id -> keys.contains(key(id))).toList();
    }

    /** Which passages name one patient, found once per loaded index. */
    private synchronized boolean[] namingOnePatient(PassageIndex passages) {
        if (naming == null || namingOf != passages) {
            naming = new boolean[passages.size()];
            for (int i = 0; i < naming.length; i++) {
                naming[i] = PatientLevel.namesOnePatient(passages.passage(i).text());
            }
            namingOf = passages;
        }
        return naming;
    }

    /** Reloads the passages when the snapshot changed since they were last read. */
    private synchronized PassageIndex index(String modelId) throws SQLException {
        String state = modelId + store.tables().stream().map(SnapshotTable::toString).toList();
        if (index == null || !state.equals(indexedState)) {
            index = PassageIndex.load(store, modelId);
            indexedState = state;
        }
        return index;
    }

    /** Concepts the question names by the pack's words for them (phrases of up to four words). */
    private Set<String> namedConcepts(String question) {
        String[] words = question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}&/\\-]+", " ").trim().split(" ");
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < words.length; i++) {
            StringBuilder phrase = new StringBuilder();
            for (int n = 0; n < 4 && i + n < words.length; n++) {
                if (n > 0) {
                    phrase.append(' ');
                }
                phrase.append(words[i + n]);
                String p = phrase.toString();
                pack.conceptsNamedBy(p).forEach(c -> out.add(key(c)));
                if (p.endsWith("s")) {
                    pack.conceptsNamedBy(p.substring(0, p.length() - 1)).forEach(c -> out.add(key(c)));
                }
            }
        }
        out.removeIf(c -> c.equals("patient")); // "patients" narrows nothing: every record is about one
        return out;
    }

    private String label(Citation c) {
        return binding.table(c.table()).map(t -> pack.requireConcept(t.concept()).singular()).orElse("record") + " "
                + c.key();
    }

    private String tableLabel(String table) {
        return binding.table(table).map(t -> pack.requireConcept(t.concept()).plural().toLowerCase(Locale.ROOT))
                .orElse("records");
    }

    private String plural(String conceptKey) {
        return pack.concepts().stream().filter(c -> key(c.id()).equals(conceptKey)).findFirst().map(Concept::plural)
                .orElse(conceptKey).toLowerCase(Locale.ROOT);
    }

    private static String key(String concept) {
        return concept.trim().toLowerCase(Locale.ROOT);
    }

    private long ms(long start) {
        return Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
    }
}
