package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;

/** Buckets, units and groupings: "per month", "in hours", "by ward", and the label a grouping shows. */
final class GroupingRules extends RuleFamily {

    GroupingRules(Rules rules) {
        super(rules);
    }

    /** "per month", "monthly", "over time": the tokens read. */
    Result<Read> bucketPhrase(int i, Reading r) {
        Bucket b = null;
        int n = 0;
        if (tokens.word(i, "per") || tokens.word(i, "by") || tokens.word(i, "each") || tokens.word(i, "every") || tokens.word(i, "a")) {
            b = bucketWord(i + 1);
            n = 2;
        }
        if (b == null && (tokens.word(i, "for") && tokens.word(i + 1, "each"))) {
            b = bucketWord(i + 2);
            n = 3;
        }
        if (b == null) {
            n = 1;
            switch (i < tokens.size() ? tokens.get(i).text() : "") {
                case "daily": b = Bucket.DAY; break;
                case "weekly": b = Bucket.WEEK; break;
                case "monthly": b = Bucket.MONTH; break;
                case "quarterly": b = Bucket.QUARTER; break;
                case "yearly": case "annually": case "annual": b = Bucket.YEAR; break;
                default: break;
            }
        }
        if (b == null && tokens.word(i, "over") && tokens.word(i + 1, "time")) {
            b = Bucket.MONTH;
            n = 2;
        }
        if (b == null) {
            return Read.noneOk(r);
        }
        if (r.bucket() != null && r.bucket() != b) {
            return Result.miss("the question asks for two time buckets");
        }
        return Read.ok(n, r.with(new Fragment.Bucketed(b)));
    }

    private Bucket bucketWord(int i) {
        switch (i < tokens.size() ? tokens.get(i).text() : "") {
            case "hour": return Bucket.HOUR;
            case "day": return Bucket.DAY;
            case "week": return Bucket.WEEK;
            case "month": return Bucket.MONTH;
            case "quarter": return Bucket.QUARTER;
            case "year": return Bucket.YEAR;
            default: return null;
        }
    }

    /** "in grams" after a measured column, "in hours" after a duration: the tokens read. */
    Result<Read> unitPhrase(int i, Reading r) {
        if (tokens.word(i, "in") && r.measureOf() instanceof ColumnRef columnRef && i + 1 < tokens.size()
                && ProjectionRules.UNIT_TOKENS.containsKey(tokens.get(i + 1).text())) {
            // "average birth weight, in grams": as recorded
            return rules.projectionRules.unitSuffix(i, tokens.size(), columnRef)
                    .map(n -> new Read(n, r));
        }
        if (tokens.word(i, "in") && r.measureOf() instanceof DurationRef durationRef) {
            DurationUnit u = tokens.word(i + 1, "days") ? DurationUnit.DAYS : tokens.word(i + 1, "hours") ? DurationUnit.HOURS
                    : tokens.word(i + 1, "minutes") ? DurationUnit.MINUTES : null;
            if (u != null) {
                DurationRef d = durationRef;
                return Read.ok(2, r.with(new Fragment.MeasureOf(DurationRef.of(d.start(), d.end(), u, d.mode())),
                        new Fragment.Unit(u)));
            }
        }
        return Read.noneOk(r);
    }

    /** "by ward", "per department", "broken down by gender", "for each ward": the tokens read. */
    Result<Read> grouping(int i, Reading r) {
        int k;
        if (tokens.word(i, "by") || tokens.word(i, "per")) {
            k = i + 1;
        } else if ((tokens.word(i, "for") || tokens.word(i, "in") || tokens.word(i, "on") || tokens.word(i, "at"))
                && tokens.word(i + 1, "each")) {
            k = i + 2;
        } else if (tokens.word(i, "each") && r.subject() != null) {
            k = i + 1; // "how many staff does each department have"
        } else if ((tokens.word(i, "broken") && tokens.word(i + 1, "down") || tokens.word(i, "split") || tokens.word(i, "grouped"))
                && tokens.word(i + (tokens.word(i, "broken") ? 2 : 1), "by")) {
            k = i + (tokens.word(i, "broken") ? 3 : 2);
        } else {
            return Read.noneOk(r);
        }
        if (r.subject() == null) {
            return Read.noneOk(r);
        }
        if (tokens.word(k, "the") || tokens.word(k, "each") || tokens.word(k, "every")) {
            k++; // "by each surgeon"
        }
        boolean ranking = r.lead() == Lead.TOP || r.lead() == Lead.WHICH_MOST;
        if (ranking && tokens.word(k, "number") && tokens.word(k + 1, "of")) {
            Result<Integer> restated = rules.modifierRules.restatedSubject(k + 2, tokens.size(), r);
            if (restated.stopped()) {
                return restated.stop();
            }
            if (restated.value() > 0) {
                return Read.ok(k + 2 + restated.value() - i, r); // "by number of prescriptions": what the ranking already counts
            }
        }
        for (int n = Math.min(4, tokens.size() - k); n >= 1; n--) {
            Result<Dimension> d = dimension(tokens.words(k, k + n), r.subject());
            if (d.stopped()) {
                return d.stop();
            }
            if (d.value() != null) {
                if (ranking) {
                    return Result.miss("a ranking already groups its answer; 'by " + tokens.words(k, k + n)
                            + "' is one grouping too many");
                }
                return Read.ok(k + n - i, r.with(new Fragment.Grouping(d.value())));
            }
        }
        for (int n = Math.min(4, tokens.size() - k); n >= 1; n--) {
            String written = tokens.wordsAsWritten(k, k + n);
            Result<Dimension> d = written.equals(tokens.words(k, k + n)) ? Result.ok(null)
                    : dimension(written, r.subject());
            if (d.stopped()) {
                return d.stop();
            }
            if (d.value() != null && !ranking) {
                // "by first care unit": an ordinal word that is part of a column's name
                return Read.ok(k + n - i, r.with(new Fragment.Grouping(d.value())));
            }
        }
        for (int n = Math.min(5, tokens.size() - i); n >= 2; n--) {
            if (pack.predicateForPhrase(tokens.words(i, i + n)).isPresent()) {
                return Read.noneOk(r); // "by caesarean" is a predicate phrase, not a grouping
            }
        }
        return Result.miss("cannot group " + r.subject() + " by '" + tokens.words(k, Math.min(tokens.size(), k + 2)) + "'");
    }

    /**
     * A grouping phrase → dimension on {@code subject} or a concept reachable from it; null when not a dimension.
     */
    Result<Dimension> dimension(String phrase, String subject) {
        List<ColumnRef> own = new ArrayList<>();
        List<ColumnRef> reached = new ArrayList<>();
        collectDimensionColumns(subject, null, phrase, own);
        if (!own.isEmpty()) {
            return clarify.oneRef("column", phrase, own).map(Dimension::of);
        }
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            collectDimensionColumns(p.concept(), p.via(), phrase, reached);
        }
        if (!reached.isEmpty()) {
            return clarify.oneRef("column", phrase, reached).map(Dimension::of);
        }
        Result<List<String>> namedRead = lexicon.conceptsNamedBy(phrase);
        if (namedRead.stopped()) {
            return namedRead.stop();
        }
        List<String> named = namedRead.value();
        if (named.isEmpty()) {
            return codedDimension(phrase, subject);
        }
        List<GrammarVocabulary.Path> direct = new ArrayList<>();
        List<GrammarVocabulary.Path> twoHop = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (named.contains(p.concept())) {
                (p.via() == null ? direct : twoHop).add(p);
            }
        }
        List<GrammarVocabulary.Path> paths = direct.isEmpty() ? twoHop : direct;
        if (paths.isEmpty()) {
            return Result.miss("no path from " + subject + " to " + String.join(" or ", named)
                    + " on this source");
        }
        if (paths.size() > 1) {
            return Result.miss(subject + " refers to " + paths.get(0).concept() + " in " + paths.size()
                    + " ways; the question does not say which");
        }
        GrammarVocabulary.Path p = paths.get(0);
        return displayColumn(p.concept()).map(label -> Dimension.of(p.via() == null ? label : label.via(p.via())));
    }

    /**
     * "by acuity", "by gender" where the source keeps the thing as a code ({@code AcuityCode}, {@code GenderCode}):
     * the one column of the subject (else of one concept reached forward) named by the phrase and the word "code".
     * Tried only when no column or concept is named by the phrase itself. Null when there is none.
     */
    private Result<Dimension> codedDimension(String phrase, String subject) {
        List<String> coded = new ArrayList<>(pack.nameTokens().phrase(phrase));
        if (coded.isEmpty()) {
            return Result.ok(null);
        }
        coded.add("code");
        List<ColumnRef> own = codedColumns(subject, null, coded);
        if (!own.isEmpty()) {
            return clarify.oneRef("column", phrase, own).map(Dimension::of);
        }
        List<ColumnRef> reached = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            reached.addAll(codedColumns(p.concept(), p.via(), coded));
        }
        return reached.isEmpty() ? Result.ok(null) : clarify.oneRef("column", phrase, reached).map(Dimension::of);
    }

    private List<ColumnRef> codedColumns(String concept, String via, List<String> name) {
        List<ColumnRef> out = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (!c.role().isReference() && c.role() != ColumnRole.PRIMARY_KEY && !c.role().isTemporal()
                    && c.nameTokens().equals(name)) {
                ColumnRef r = ref(concept, c);
                out.add(via == null ? r : r.via(via));
            }
        }
        return out;
    }

    /** The columns of {@code concept} (reached through {@code via}) a grouping phrase names, added to {@code out}. */
    void collectDimensionColumns(String concept, String via, String phrase, List<ColumnRef> out) {
        ColumnRole roleWord = Lexicon.ROLE_WORDS.get(phrase);
        List<String> phraseTokens = pack.nameTokens().phrase(phrase);
        List<RoleHint> hints = lexicon.roleHints(concept, phrase);
        int before = out.size();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            boolean byHint = hints.stream().anyMatch(h -> h.roles().contains(c.role().jsonName())
                    && hintsMatch(h.nameHints(), c));
            // a reference is a grouping only when a role phrase names it ("by surgeon"); then its row's label shows
            if (c.role().isReference() && !byHint || c.role() == ColumnRole.PRIMARY_KEY || c.role().isTemporal()) {
                continue;
            }
            boolean byRole = roleWord != null && c.role() == roleWord;
            boolean byName = !phraseTokens.isEmpty() && c.nameTokens().equals(phraseTokens);
            if (byHint || byRole || byName) {
                ColumnRef r = ref(concept, c);
                out.add(via == null ? r : r.via(via));
            }
        }
        if (out.size() == before) {
            for (ColumnRef r : kindColumns(concept, phrase)) {
                out.add(via == null ? r : r.via(via));
            }
        }
    }

    /**
     * "category" on a schema that records the kind of a row in a Type column (or "type" in a Category column): the
     * one kind column of the other role stands in, when the concept has no column of the named role at all.
     */
    List<ColumnRef> kindColumns(String concept, String phrase) {
        ColumnRole named = Lexicon.ROLE_WORDS.get(phrase);
        if (named != ColumnRole.CATEGORY && named != ColumnRole.TYPE) {
            return List.of();
        }
        ColumnRole other = named == ColumnRole.CATEGORY ? ColumnRole.TYPE : ColumnRole.CATEGORY;
        List<ColumnRef> same = new ArrayList<>();
        List<ColumnRef> stand = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (c.role() == named) {
                same.add(ref(concept, c));
            } else if (c.role() == other) {
                stand.add(ref(concept, c));
            }
        }
        return same.isEmpty() && stand.size() == 1 ? stand : List.of();
    }

    /** What names the rows of {@code concept}: its one Name, FullName, Code or Description column, tried in that order. */
    Result<ColumnRef> displayColumn(String concept) {
        for (ColumnRole role : new ColumnRole[] {ColumnRole.NAME, ColumnRole.FULL_NAME, ColumnRole.CODE,
                ColumnRole.DESCRIPTION}) {
            List<ColumnRef> refs = new ArrayList<>();
            for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                if (c.role() == role) {
                    refs.add(ref(concept, c));
                }
            }
            if (!refs.isEmpty()) {
                return clarify.oneRef("column", concept + " label", refs);
            }
        }
        return Result.miss(concept + " has no name or code to show on this source");
    }
}
