package org.tally.core.restate;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tally.core.pack.Concept;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;

/**
 * Sentences built from parts the grammar has each read on its own. Every condition of the spec is first said alone
 * ("How many lab results critical?", "How many critical lab results?") with each candidate from {@link Words}, and
 * only the phrasings the grammar reads back to that one condition are kept, with the side of the subject's term
 * they go on; related scopes likewise ("patients with no admission", "diagnosed with hypertension", "admitted more
 * than once"). The whole sentence (a lead for the measure, the noun phrase, groupings, shown columns) is then
 * assembled from the kept parts; the restater still checks the whole sentence.
 */
final class Composer {

    /** Phrasings kept per part of a spec (the product over parts is what gets tried). */
    private static final int PER_PART = 3;
    private static final List<String> COPULAS = List.of("were", "are", "had", "have", "have been", "have also been");
    /** A counted related record is had rather than been ("have hypertension", "have also been diagnosed with …"). */
    private static final List<String> HAVING = List.of("have", "had", "have also been", "have been", "were", "are");

    private final Words words;
    private final Probe probe;

    /** @param probe the grammar, for this one spec's parts (a probe counts its parses) */
    Composer(Words words, Probe probe) {
        this.words = words;
        this.probe = probe;
    }

    /** A noun phrase for the rows a spec is about: words before the subject's term, the term, words after it. */
    private record NounPhrase(String before, Concept concept, String after) {

        String plural() {
            return Restater.words(before, concept.plural(), after);
        }

        String singular() {
            return Restater.words(before, concept.singular(), after);
        }

        /** The conditions' words without the term ("hypertension", "reported in October 2026"). */
        String bare() {
            return Restater.words(before, after);
        }
    }

    List<String> sentences(QuerySpec spec) {
        Concept subject = words.concept(spec.subject()).orElse(null);
        if (subject == null || spec.timeScope() != null) {
            return List.of();
        }
        List<NounPhrase> nps = nounPhrases(subject, spec.filters(), spec.related());
        if (nps.isEmpty()) {
            return List.of();
        }
        return switch (spec.shape()) {
            case SCALAR, GROUPED, TREND -> counted(spec, subject, nps);
            case LIST -> listed(spec, subject, nps);
            case EXISTS -> spec.measures().isEmpty() ? each(nps, np -> List.of("Are there any " + np.plural() + "?",
                    "Is there any " + np.singular() + "?")) : List.of();
            case RATE -> rate(spec, subject, nps);
            case TOP_N -> ranked(spec, subject, nps);
            case LOOKUP -> lookup(spec, subject);
        };
    }

    private List<String> counted(QuerySpec spec, Concept subject, List<NounPhrase> nps) {
        Optional<List<String>> tails = tails(subject, spec.dimensions());
        if (tails.isEmpty() || spec.measures().size() != 1 || !spec.order().isEmpty() || spec.limit() != null) {
            return List.of();
        }
        Measure m = spec.measures().get(0);
        List<String> out = new ArrayList<>();
        for (NounPhrase np : nps) {
            for (String tail : tails.get()) {
                if (m instanceof Measure.Count) {
                    out.add(Restater.words("How many", np.plural(), tail) + "?");
                } else if (m instanceof Measure.Aggregate a) {
                    out.addAll(aggregate(subject, a, np, tail));
                }
            }
        }
        return out;
    }

    private List<String> aggregate(Concept subject, Measure.Aggregate a, NounPhrase np, String tail) {
        List<String> out = new ArrayList<>();
        Optional<String> function = Words.aggregationWord(a.function());
        if (function.isEmpty()) {
            // a distinct count of a reference counts what it refers to ("How many patients are currently admitted")
            Concept counted = a.of() instanceof ColumnRef c ? words.referenced(c).orElse(null) : null;
            if (counted != null && !np.bare().isEmpty()) {
                for (String copula : List.of("are", "were", "have been")) {
                    out.add(Restater.words("How many", counted.plural(), copula, np.bare(), tail) + "?");
                }
                for (String verb : words.conceptVerbs(subject)) {
                    out.add(Restater.words("How many", counted.plural(), "have been", verb, "with", np.bare(), tail)
                            + "?");
                    out.add(Restater.words("How many", counted.plural(), "were", verb, np.bare(), tail) + "?");
                }
            }
            return out;
        }
        String unit = a.of() instanceof DurationRef d ? "in " + d.unit().jsonName() : "";
        for (String measure : first(words.measurePhrases(subject, a.of()), 3)) {
            String named = Restater.words("What is the", function.get(), measure);
            String withUnit = unit.isEmpty() ? named : named + ", " + unit + ",";
            out.add(Restater.words(withUnit, "of", np.plural(), tail) + "?");
            out.add(Restater.words(named, "of", np.plural(), tail, unit) + "?");
            out.add(Restater.words(named, "of", indefiniteOf(np), tail, unit) + "?");
            if (np.before().isEmpty()) {
                out.add(Restater.words(named, np.after(), tail, unit) + "?");
            }
        }
        return out;
    }

    private static String indefiniteOf(NounPhrase np) {
        return Words.indefinite(np.singular());
    }

    private List<String> listed(QuerySpec spec, Concept subject, List<NounPhrase> nps) {
        if (!spec.measures().isEmpty() || !spec.dimensions().isEmpty() || !spec.order().isEmpty()
                || spec.limit() != null) {
            return List.of();
        }
        List<String> shown = new ArrayList<>();
        if (spec.projection().isEmpty()) {
            shown.add("");
        } else {
            List<List<String>> options = new ArrayList<>();
            for (ColumnRef c : spec.projection()) {
                List<String> phrases = first(words.columnPhrases(subject, c), PER_PART);
                if (phrases.isEmpty()) {
                    return List.of();
                }
                options.add(phrases);
            }
            for (List<String> choice : first(Restater.combinations(options), 4)) {
                shown.add("with their " + Words.listed(choice, "and"));
            }
        }
        List<String> out = new ArrayList<>();
        for (NounPhrase np : nps) {
            for (String s : shown) {
                out.add(Restater.words("List the", np.plural(), s));
                out.add(Restater.words("Which", np.plural(), s) + "?");
            }
        }
        return out;
    }

    private List<String> rate(QuerySpec spec, Concept subject, List<NounPhrase> nps) {
        if (spec.measures().size() != 1 || !(spec.measures().get(0) instanceof Measure.Rate rate)
                || !spec.dimensions().isEmpty()) {
            return List.of();
        }
        List<List<String>> parts = new ArrayList<>();
        for (Filter f : rate.numerator()) {
            List<String> said = placed(subject, f).stream().map(Placed::words).toList();
            if (said.isEmpty()) {
                return List.of();
            }
            parts.add(said);
        }
        for (RelatedScope r : rate.related()) {
            List<String> said = new ArrayList<>();
            for (String s : scopePhrases(subject, r)) {
                if (s.startsWith("with ")) {
                    said.add(s.substring("with ".length()));
                }
                said.add(s);
            }
            if (said.isEmpty()) {
                return List.of();
            }
            parts.add(said);
        }
        List<String> out = new ArrayList<>();
        for (List<String> numerator : first(Restater.combinations(parts), 4)) {
            String counted = String.join(" and ", numerator);
            for (NounPhrase np : nps) {
                for (String copula : rate.related().isEmpty() ? COPULAS : HAVING) {
                    out.add(Restater.words("What percentage of", np.plural(), copula, counted) + "?");
                }
            }
        }
        return out;
    }

    /** "Which 3 wards had the most falls?", "What are the 5 most common diagnosis codes?" */
    private List<String> ranked(QuerySpec spec, Concept subject, List<NounPhrase> nps) {
        if (spec.dimensions().size() != 1 || !(spec.dimensions().get(0) instanceof Dimension.Column d)
                || spec.measures().size() != 1 || !(spec.measures().get(0) instanceof Measure.Count)
                || !spec.order().equals(List.of(new OrderKey.ByMeasure(0, Direction.DESC))) || spec.limit() == null) {
            return List.of();
        }
        int n = spec.limit();
        Concept owner = words.concept(d.column().concept()).orElse(subject);
        Set<String> which = new LinkedHashSet<>();
        if (!Words.same(owner.id(), subject.id())) {
            which.add(n == 1 ? owner.singular() : n + " " + owner.plural());
        }
        List<String> phrases = new ArrayList<>(first(words.rolePhrases(owner, d.column()), 3));
        phrases.add(owner.singular() + " " + Words.roleWord(d.column()));
        for (String p : phrases) {
            which.add(n == 1 ? p : n + " " + Words.plural(p));
        }
        List<String> out = new ArrayList<>();
        for (NounPhrase np : nps) {
            for (String w : which) {
                out.add(Restater.words("Which", w, "had the most", np.plural()) + "?");
            }
            for (String p : phrases) {
                out.add(n == 1 ? Restater.words("What is the most common", p, np.bare()) + "?"
                        : Restater.words("What are the", String.valueOf(n), "most common", Words.plural(p), np.bare())
                        + "?");
            }
        }
        return out;
    }

    /** "What is the bed capacity of Cardiac ICU?", "What does diagnosis code N18.9 stand for?" */
    private List<String> lookup(QuerySpec spec, Concept subject) {
        if (spec.filters().size() != 1 || !spec.related().isEmpty() || spec.projection().isEmpty()
                || !(spec.filters().get(0) instanceof Filter.Compare c) || c.op() != CompareOp.EQ
                || !(c.value() instanceof Literal.StringValue value)) {
            return List.of();
        }
        String v = value.value();
        List<String> entities = List.of(v, "the " + v, Restater.words(v, subject.singular()),
                Restater.words(subject.singular(), v), Restater.words("the", v, subject.singular()));
        List<String> out = new ArrayList<>();
        List<List<String>> options = new ArrayList<>();
        for (ColumnRef p : spec.projection()) {
            options.add(first(words.columnPhrases(subject, p), 3));
        }
        for (List<String> choice : first(Restater.combinations(options), 4)) {
            for (String e : entities) {
                out.add("What is the " + Words.listed(choice, "and") + " of " + e + "?");
            }
        }
        if (spec.projection().size() == 1 && (spec.projection().get(0).role() == ColumnRole.DESCRIPTION
                || spec.projection().get(0).role() == ColumnRole.NAME)) {
            out.add(Restater.words("What does", subject.singular(), v, "stand for?"));
            for (String p : words.rolePhrases(subject, (ColumnRef) c.target())) {
                out.add(Restater.words("What does", p, v, "stand for?"));
            }
            out.add(Restater.words("What does", v, "stand for?"));
        }
        return out;
    }

    /** "by ward", "per month": the groupings' and bucket's words, each grouping said several ways. */
    private Optional<List<String>> tails(Concept subject, List<Dimension> dimensions) {
        List<List<String>> options = new ArrayList<>();
        for (Dimension d : dimensions) {
            if (d instanceof Dimension.TimeBucket b) {
                options.add(List.of("per " + b.bucket().jsonName()));
            } else if (d instanceof Dimension.Column c) {
                List<String> phrases = first(words.columnPhrases(subject, c.column()), 3);
                if (phrases.isEmpty()) {
                    return Optional.empty();
                }
                options.add(phrases.stream().map(p -> "by " + p).toList());
            } else {
                throw new AssertionError(d);
            }
        }
        return Optional.of(first(Restater.combinations(options).stream().map(c -> String.join(" ", c)).toList(), 4));
    }

    /** Where a condition's words go: before the subject's term ("critical lab results") or after it. */
    private record Placed(String words, boolean before) {
    }

    /** The rows of {@code subject} under these conditions, said in up to a few ways; empty when one cannot be said. */
    private List<NounPhrase> nounPhrases(Concept subject, List<Filter> filters, List<RelatedScope> related) {
        List<Filter> others = new ArrayList<>();
        ColumnRef time = null;
        List<Filter> range = new ArrayList<>();
        for (Filter f : filters) {
            if (f instanceof Filter.Compare c && c.value() instanceof Literal.DateValue
                    && (c.op() == CompareOp.GE || c.op() == CompareOp.LT) && c.target() instanceof ColumnRef col) {
                if (time != null && !time.equals(col)) {
                    return List.of();
                }
                time = col;
                range.add(f);
            } else {
                others.add(f);
            }
        }
        List<List<Placed>> options = new ArrayList<>();
        for (Filter f : others) {
            List<Placed> said = placed(subject, f);
            if (said.isEmpty()) {
                return List.of();
            }
            options.add(said);
        }
        for (RelatedScope r : related) {
            List<String> said = scopePhrases(subject, r);
            if (said.isEmpty()) {
                return List.of();
            }
            options.add(said.stream().map(s -> new Placed(s, false)).toList());
        }
        if (time != null) {
            List<String> said = timePhrases(subject, time, range);
            if (said.isEmpty()) {
                return List.of();
            }
            options.add(said.stream().map(s -> new Placed(s, false)).toList());
        }
        List<NounPhrase> out = new ArrayList<>();
        for (List<Placed> choice : first(Restater.combinations(options), 6)) {
            List<String> before = new ArrayList<>();
            List<String> after = new ArrayList<>();
            choice.forEach(p -> (p.before() ? before : after).add(p.words()));
            out.add(new NounPhrase(String.join(" ", before), subject, String.join(" ", after)));
        }
        return out;
    }

    /** The phrasings of one condition the grammar reads, alone, as exactly that condition on the subject. */
    private List<Placed> placed(Concept subject, Filter f) {
        Optional<String> hash = Probe.hash(() -> QuerySpec.builder(subject.id(), Shape.SCALAR)
                .measure(Measure.count()).filter(f).build());
        if (hash.isEmpty()) {
            return List.of();
        }
        boolean onSubject = f.target() instanceof ColumnRef c && Words.same(c.concept(), subject.id());
        List<String> candidates = words.forFilter(f, onSubject);
        List<Placed> out = new ArrayList<>();
        // first a bare phrase before the term ("critical lab results") or a prepositional one after it ("admissions
        // in Surgical Ward 1"); a bare phrase after the term only when neither reads
        for (String w : candidates) {
            boolean prepositional = w.matches("(in|for|with|on|at) .*");
            String sentence = prepositional ? "How many " + subject.plural() + " " + w + "?"
                    : "How many " + w + " " + subject.plural() + "?";
            if (out.size() < PER_PART && probe.reads(sentence, hash.get())) {
                out.add(new Placed(w, !prepositional));
            }
        }
        for (String w : candidates) {
            if (out.isEmpty() && !w.matches("(in|for|with|on|at) .*")
                    && probe.reads("How many " + subject.plural() + " " + w + "?", hash.get())) {
                out.add(new Placed(w, false));
            }
        }
        return out;
    }

    /** "in October 2026", "discharged in October 2026": those the grammar reads as exactly this range. */
    private List<String> timePhrases(Concept subject, ColumnRef time, List<Filter> range) {
        QuerySpec.Builder alone = QuerySpec.builder(subject.id(), Shape.SCALAR).measure(Measure.count());
        range.forEach(alone::filter);
        Optional<String> hash = Probe.hash(alone::build);
        LocalDate from = null;
        LocalDate to = null;
        for (Filter f : range) {
            if (!(f instanceof Filter.Compare c) || !(c.value() instanceof Literal.DateValue date)) {
                return List.of();
            }
            LocalDate d = date.value();
            if (c.op() == CompareOp.GE && from == null) {
                from = d;
            } else if (c.op() == CompareOp.LT && to == null) {
                to = d;
            } else {
                return List.of();
            }
        }
        if (hash.isEmpty()) {
            return List.of();
        }
        String period = Restater.period(from, to);
        Concept owner = words.concept(time.concept()).orElse(subject);
        List<String> candidates = new ArrayList<>();
        candidates.add(period);
        words.timeVerbs(owner, time).forEach(v -> candidates.add(v + " " + period));
        List<String> out = new ArrayList<>();
        for (String c : candidates) {
            if (out.size() < PER_PART && probe.reads("How many " + subject.plural() + " " + c + "?", hash.get())) {
                out.add(c);
            }
        }
        return out;
    }

    /** The phrasings of one related scope the grammar reads, alone, as exactly that scope on the subject. */
    private List<String> scopePhrases(Concept subject, RelatedScope scope) {
        Concept other = words.concept(scope.concept()).orElse(null);
        Optional<String> hash = Probe.hash(() -> QuerySpec.builder(subject.id(), Shape.SCALAR)
                .measure(Measure.count()).related(scope).build());
        if (other == null || hash.isEmpty()) {
            return List.of();
        }
        List<NounPhrase> inner = scope.filters().isEmpty() ? List.of(new NounPhrase("", other, ""))
                : nounPhrases(other, scope.filters(), List.of());
        List<String> verbs = words.conceptVerbs(other);
        Set<String> candidates = new LinkedHashSet<>();
        for (NounPhrase np : inner) {
            String bare = np.bare();
            switch (scope.quantifier()) {
                case EXISTS -> {
                    if (!bare.isEmpty()) {
                        candidates.add("with " + bare);
                        for (String v : verbs) {
                            candidates.add(Restater.words(v, "with", bare));
                            candidates.add(Restater.words(v, bare));
                        }
                    }
                    candidates.add("with " + Words.indefinite(np.singular()));
                    candidates.add("with " + np.plural());
                    candidates.add("who had " + Words.indefinite(np.singular()));
                    candidates.add("that had " + Words.indefinite(np.singular()));
                }
                case NOT_EXISTS -> {
                    candidates.add("with no " + np.plural());
                    candidates.add("with no " + np.singular());
                    candidates.add("had no " + np.singular());
                    candidates.add("that had no " + np.singular());
                    candidates.add("without " + np.plural());
                    if (!bare.isEmpty()) {
                        candidates.add("without " + bare);
                        for (String v : verbs) {
                            candidates.add(Restater.words("have never been", v, "with", bare));
                            candidates.add(Restater.words("have never been", v, bare));
                            candidates.add(Restater.words("never", v, bare));
                        }
                    }
                    candidates.add("who never had " + Words.indefinite(np.singular()));
                }
                case COUNTED -> {
                    if (scope.atMost() != null || scope.atLeast() == null || scope.atLeast() < 2) {
                        continue;
                    }
                    int k = scope.atLeast();
                    List<String> times = k == 2 ? List.of("more than once", "at least twice")
                            : List.of("more than " + (k - 1) + " times", "at least " + k + " times");
                    for (String v : verbs) {
                        for (String t : times) {
                            candidates.add(Restater.words(v, bare, t));
                            candidates.add(Restater.words(v, t, bare));
                        }
                    }
                    candidates.add("with more than " + (k - 1) + " " + np.plural());
                    candidates.add("with at least " + k + " " + np.plural());
                    candidates.add("with " + k + " or more " + np.plural());
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (String c : candidates) {
            if (out.size() < PER_PART && probe.reads("How many " + subject.plural() + " " + c + "?", hash.get())) {
                out.add(c);
            }
        }
        return out;
    }

    private static <T> List<T> first(List<T> xs, int n) {
        return xs.size() > n ? xs.subList(0, n) : xs;
    }

    private interface Sayer {
        List<String> say(NounPhrase np);
    }

    private static List<String> each(List<NounPhrase> nps, Sayer sayer) {
        List<String> out = new ArrayList<>();
        nps.forEach(np -> out.addAll(sayer.say(np)));
        return out;
    }
}
