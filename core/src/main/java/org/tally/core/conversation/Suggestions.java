package org.tally.core.conversation;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.tally.core.answer.SpecRung;
import org.tally.core.grammar.FollowUpMove;
import org.tally.core.grammar.GrammarVocabulary;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.Concept;
import org.tally.core.pack.ObservedValue;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecHash;
import org.tally.core.spec.TimeScope;

/**
 * The chips after an answer: at most {@value #MAX} follow-ups, each read by the grammar from its own words into a
 * change of the answered spec, and kept only when that spec binds, compiles and passes the safety policy here (inside
 * the engine's service line), so a chip never refuses and its question, asked next, reads to the spec it carries.
 * Candidates: a grouping by a column with 2 to 8 observed values, the trend per month (per week within a month), only
 * the largest group, only one value, the period before, the share as a percentage. One of each kind first, the kind
 * of the turn just made last. After a refusal: what the last answered question can still become, else questions of
 * their own about the concepts the refused words name.
 */
final class Suggestions {

    static final int MAX = 4;
    private static final int FEWEST_VALUES = 2;
    private static final int MOST_VALUES = 8;
    /** Candidates read per kind: each costs a reading and a check. */
    private static final int TRIED_PER_KIND = 3;

    /** The roles that group rows into a few kinds (not names, codes or free text). */
    private static final Set<ColumnRole> GROUPING_ROLES = EnumSet.of(ColumnRole.CATEGORY, ColumnRole.TYPE,
            ColumnRole.STATUS, ColumnRole.GENDER, ColumnRole.SEVERITY, ColumnRole.PRIORITY, ColumnRole.LOCATION);

    private static final List<String> KIND_ORDER = List.of(FollowUpMove.GROUPING.id(), FollowUpMove.BUCKET.id(),
            FollowUpMove.DRILL.id(), FollowUpMove.FILTER.id(), FollowUpMove.TIME.id(), FollowUpMove.RATE.id());

    private final SpecRung reader;
    private final SpecWords words;
    private final GrammarVocabulary vocab;

    Suggestions(SpecRung reader, SpecWords words) {
        this.reader = reader;
        this.words = words;
        this.vocab = reader.vocabulary();
    }

    /** A chip's words before they are read and checked. */
    private record Candidate(String kind, String label, String question) {
    }

    /** The chips after {@code spec} was answered ({@code move}: what the turn did, null for a question of its own). */
    List<Suggestion> after(QuerySpec spec, QuerySpec narrowedFrom, String move, ResultDigest digest) {
        Map<String, List<Candidate>> byKind = new LinkedHashMap<>();
        KIND_ORDER.forEach(k -> byKind.put(k, new ArrayList<>()));
        groupings(spec, byKind.get(FollowUpMove.GROUPING.id()));
        trend(spec, byKind.get(FollowUpMove.BUCKET.id()));
        topGroup(spec, digest, byKind.get(FollowUpMove.DRILL.id()));
        oneValue(spec, byKind.get(FollowUpMove.FILTER.id()));
        previousPeriod(spec, byKind.get(FollowUpMove.TIME.id()));
        share(spec, byKind.get(FollowUpMove.RATE.id()));
        List<String> order = new ArrayList<>(KIND_ORDER);
        if (move != null && order.remove(move)) {
            order.add(move); // prefer another kind of step than the one just taken
        }
        String own = hash(spec);
        List<Suggestion> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        seen.add(own);
        for (int pass = 0; pass < TRIED_PER_KIND && out.size() < MAX; pass++) {
            for (String kind : order) {
                List<Candidate> list = byKind.get(kind);
                if (out.size() >= MAX || list.isEmpty()) {
                    continue;
                }
                // the first pass takes one of each kind, later passes fill up from what is left
                while (!list.isEmpty()) {
                    Candidate c = list.remove(0);
                    Suggestion s = verified(spec, narrowedFrom, c, seen);
                    if (s != null) {
                        out.add(s);
                        break;
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    /** The chip when its question reads, as a follow-up, to a new spec that binds here; else null. */
    private Suggestion verified(QuerySpec spec, QuerySpec narrowedFrom, Candidate c, Set<String> seen) {
        ParseOutcome read = reader.refine(spec, narrowedFrom, c.question(), Map.of());
        if (!(read instanceof ParseOutcome.Parsed parsed)) {
            return null;
        }
        String h = hash(parsed.spec());
        if (h == null || seen.contains(h) || reader.check(parsed.spec()).isPresent()) {
            return null;
        }
        seen.add(h);
        return new Suggestion(c.label(), c.question(), c.kind(), parsed.spec());
    }

    private static String hash(QuerySpec spec) {
        try {
            return SpecHash.of(SpecCanonicalizer.canonicalize(spec));
        } catch (SpecException e) {
            return null;
        }
    }

    private static boolean aggregated(QuerySpec spec) {
        return spec.shape() == Shape.SCALAR || spec.shape() == Shape.GROUPED || spec.shape() == Shape.TREND
                || spec.shape() == Shape.RATE;
    }

    /** "and by ward?": a column of the subject, or the name of a concept it reaches, with 2 to 8 values. */
    private void groupings(QuerySpec spec, List<Candidate> out) {
        if (!aggregated(spec) || spec.dimensions().size() > 1) {
            return;
        }
        String subject = spec.subject();
        for (GrammarVocabulary.Column c : columnsOf(subject)) {
            ColumnRef ref = new ColumnRef(subject, c.role(), c.hint(), null);
            if (GROUPING_ROLES.contains(c.role()) && few(c.values()) && !groupedOrFixed(spec, ref)) {
                String named = words.column(ref);
                if (c.hint() == null) {
                    // "by admission type" says more than "by type"; the plain role word is the fallback
                    String owned = words.singular(subject) + " " + named;
                    add(out, "grouping", "By " + owned, "and by " + owned + "?");
                }
                add(out, "grouping", "By " + named, "and by " + named + "?");
            }
        }
        Set<String> reached = new LinkedHashSet<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (p.via() != null || !reached.add(p.concept().toLowerCase(Locale.ROOT))) {
                continue;
            }
            boolean named = columnsOf(p.concept()).stream().anyMatch(c -> c.role() == ColumnRole.NAME && few(c.values()));
            ColumnRef ref = ColumnRef.of(p.concept(), ColumnRole.NAME);
            if (named && !groupedOrFixed(spec, ref)) {
                String word = words.singular(p.concept());
                add(out, "grouping", "By " + word, "and by " + word + "?");
            }
        }
    }

    private List<GrammarVocabulary.Column> columnsOf(String concept) {
        List<GrammarVocabulary.Column> cols = vocab.columns(concept);
        if (!cols.isEmpty()) {
            return cols;
        }
        for (String id : vocab.concepts()) {
            if (id.equalsIgnoreCase(concept)) {
                return vocab.columns(id);
            }
        }
        return List.of();
    }

    private static boolean few(List<ObservedValue> values) {
        return values.size() >= FEWEST_VALUES && values.size() <= MOST_VALUES;
    }

    private static boolean groupedOrFixed(QuerySpec spec, ColumnRef ref) {
        boolean grouped = spec.dimensions().stream().anyMatch(d -> same(d.column(), ref));
        boolean fixed = spec.filters().stream().anyMatch(f -> f.target() instanceof ColumnRef t && same(t, ref));
        return grouped || fixed;
    }

    private static boolean same(ColumnRef a, ColumnRef b) {
        return a.concept().equalsIgnoreCase(b.concept()) && a.role() == b.role()
                && Objects.equals(a.hint() == null ? null : a.hint().toLowerCase(Locale.ROOT),
                b.hint() == null ? null : b.hint().toLowerCase(Locale.ROOT));
    }

    /** "per month" (or "per week" when the period is a month or less). */
    private void trend(QuerySpec spec, List<Candidate> out) {
        if (!(spec.shape() == Shape.SCALAR || spec.shape() == Shape.RATE) || bucketed(spec)) {
            return;
        }
        long days = days(spec.timeScope());
        if (days > 0 && days <= 7) {
            return;
        }
        String bucket = days > 0 && days <= 62 ? "week" : "month";
        add(out, "bucket", "Per " + bucket, "per " + bucket);
    }

    private static boolean bucketed(QuerySpec spec) {
        return spec.timeScope() != null && spec.timeScope().bucket() != null
                || spec.dimensions().stream().anyMatch(d -> d instanceof Dimension.TimeBucket);
    }

    private static long days(TimeScope t) {
        if (t == null || !(t.from() instanceof Literal.DateValue f) || !(t.to() instanceof Literal.DateValue u)) {
            return -1;
        }
        return ChronoUnit.DAYS.between(f.value(), u.value());
    }

    /** "only Medical Ward B": the largest group of a grouped answer. */
    private void topGroup(QuerySpec spec, ResultDigest digest, List<Candidate> out) {
        if (spec.shape() != Shape.GROUPED && spec.shape() != Shape.TOP_N || digest.topGroups().isEmpty()) {
            return;
        }
        for (String group : digest.topGroups()) {
            add(out, "drill", "Only " + group, "only " + group);
        }
    }

    /** "only caesarean": the most frequent value of a column with 2 to 8 values that nothing fixes yet. */
    private void oneValue(QuerySpec spec, List<Candidate> out) {
        if (!aggregated(spec) && spec.shape() != Shape.LIST) {
            return;
        }
        for (GrammarVocabulary.Column c : columnsOf(spec.subject())) {
            ColumnRef ref = new ColumnRef(spec.subject(), c.role(), c.hint(), null);
            if (!GROUPING_ROLES.contains(c.role()) || !few(c.values()) || groupedOrFixed(spec, ref)) {
                continue;
            }
            c.values().stream().max(Comparator.comparingLong(ObservedValue::count))
                    .ifPresent(v -> add(out, "filter", "Only " + v.value(), "only " + v.value()));
        }
    }

    /** "what about 2025?": the period of the same length just before. */
    private void previousPeriod(QuerySpec spec, List<Candidate> out) {
        TimeScope t = spec.timeScope();
        if (t == null || !(t.from() instanceof Literal.DateValue f) || !(t.to() instanceof Literal.DateValue u)) {
            return;
        }
        LocalDate from = f.value();
        LocalDate to = u.value();
        long months = ChronoUnit.MONTHS.between(from, to);
        boolean whole = from.plusMonths(months).equals(to) && months > 0;
        LocalDate before = whole ? from.minusMonths(months) : from.minusDays(ChronoUnit.DAYS.between(from, to));
        String period = SpecWords.period(before, from);
        boolean named = whole && (months == 12 && from.getDayOfYear() == 1 || months == 1 && from.getDayOfMonth() == 1);
        add(out, "time", "In " + period, named ? "what about " + period + "?" : "the period before");
    }

    /** "as a percentage": the rows counted as a share of a wider count. */
    private void share(QuerySpec spec, List<Candidate> out) {
        if ((spec.shape() == Shape.SCALAR || spec.shape() == Shape.GROUPED) && spec.measures().size() == 1
                && spec.measures().get(0) instanceof Measure.Count
                && !(spec.filters().isEmpty() && spec.related().isEmpty())) {
            add(out, "rate", "As a percentage", "as a percentage");
        }
    }

    private static void add(List<Candidate> out, String kind, String label, String question) {
        if (out.size() < TRIED_PER_KIND && out.stream().noneMatch(c -> c.question().equals(question))) {
            out.add(new Candidate(kind, label, question));
        }
    }

    // ---------------------------------------------------------------- after a refusal

    /**
     * The closest answerable questions after a refusal, each a question of its own (after a refusal a follow-up has
     * nothing certain to build on): counts of the bound concepts the refused words name, then of the concept the
     * conversation was about, else of the first concepts of the source.
     */
    List<Suggestion> afterRefusal(String refused, ConversationFocus focus) {
        List<String> named = conceptsNamed(refused);
        if (focus.hasSpec() && named.stream().noneMatch(c -> c.equalsIgnoreCase(focus.subject()))) {
            vocab.concepts().stream().filter(c -> c.equalsIgnoreCase(focus.subject())).forEach(named::add);
        }
        List<Suggestion> out = questionsAbout(named);
        return out.isEmpty() ? questionsAbout(new ArrayList<>(vocab.concepts())) : out;
    }

    /** Standalone counts of these concepts that read and bind here. */
    List<Suggestion> questionsAbout(List<String> concepts) {
        List<Suggestion> out = new ArrayList<>();
        for (String concept : concepts) {
            if (out.size() >= MAX) {
                break;
            }
            boolean dated = columnsOf(concept).stream().anyMatch(c -> c.role() == ColumnRole.EVENT_TIME
                    || c.role() == ColumnRole.START_TIME);
            String plural = words.plural(concept);
            String question = dated ? "How many " + plural + " were there this year?"
                    : "How many " + plural + " are there?";
            ParseOutcome read = reader.read(question, Map.of());
            if (read instanceof ParseOutcome.Parsed p && p.spec().subject().equalsIgnoreCase(concept)
                    && reader.check(p.spec()).isEmpty()) {
                out.add(new Suggestion(SpecWords.capitalised(plural) + (dated ? " this year" : ""), question,
                        "question", p.spec()));
            }
        }
        return out;
    }

    /** The bound concepts whose pack names appear among the words, in the order they appear. */
    private List<String> conceptsNamed(String text) {
        String[] ws = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} -]+", " ").trim().split("\\s+");
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < ws.length; i++) {
            for (int n = Math.min(3, ws.length - i); n >= 1; n--) {
                String phrase = String.join(" ", Arrays.copyOfRange(ws, i, i + n));
                for (String id : words.pack().conceptsNamedBy(phrase)) {
                    vocab.concepts().stream().filter(b -> b.equalsIgnoreCase(id)).forEach(out::add);
                }
            }
        }
        return new ArrayList<>(out);
    }

    /** The pack's concepts bound here, in the pack's order. */
    List<Concept> boundConcepts() {
        List<Concept> out = new ArrayList<>();
        for (Concept c : words.pack().concepts()) {
            if (vocab.concepts().stream().anyMatch(b -> b.equalsIgnoreCase(c.id()))) {
                out.add(c);
            }
        }
        return out;
    }

    SpecRung reader() {
        return reader;
    }
}
