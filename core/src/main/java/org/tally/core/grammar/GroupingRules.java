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

    GroupingRules(QuestionParser parse) {
        super(parse);
    }

    int bucketPhrase(int i) {
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
            return 0;
        }
        if (state.bucket != null && state.bucket != b) {
            throw new GrammarMiss("the question asks for two time buckets");
        }
        state.bucket = b;
        return n;
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

    int unitPhrase(int i) {
        if (tokens.word(i, "in") && state.measureOf instanceof ColumnRef && i + 1 < tokens.size()
                && ProjectionRules.UNIT_TOKENS.containsKey(tokens.get(i + 1).text())) {
            return parse.projectionRules.unitSuffix(i, tokens.size(), (ColumnRef) state.measureOf); // "average birth weight, in grams": as recorded
        }
        if (tokens.word(i, "in") && state.measureOf instanceof DurationRef) {
            DurationUnit u = tokens.word(i + 1, "days") ? DurationUnit.DAYS : tokens.word(i + 1, "hours") ? DurationUnit.HOURS
                    : tokens.word(i + 1, "minutes") ? DurationUnit.MINUTES : null;
            if (u != null) {
                DurationRef d = (DurationRef) state.measureOf;
                state.measureOf = DurationRef.of(d.start(), d.end(), u, d.mode());
                state.unit = u;
                return 2;
            }
        }
        return 0;
    }

    /** "by ward", "per department", "broken down by gender", "for each ward". */
    int grouping(int i) {
        int k;
        if (tokens.word(i, "by") || tokens.word(i, "per")) {
            k = i + 1;
        } else if ((tokens.word(i, "for") || tokens.word(i, "in")) && tokens.word(i + 1, "each")) {
            k = i + 2;
        } else if (tokens.word(i, "each") && state.subject != null) {
            k = i + 1; // "how many staff does each department have"
        } else if ((tokens.word(i, "broken") && tokens.word(i + 1, "down") || tokens.word(i, "split") || tokens.word(i, "grouped"))
                && tokens.word(i + (tokens.word(i, "broken") ? 2 : 1), "by")) {
            k = i + (tokens.word(i, "broken") ? 3 : 2);
        } else {
            return 0;
        }
        if (state.subject == null) {
            return 0;
        }
        if (tokens.word(k, "the") || tokens.word(k, "each") || tokens.word(k, "every")) {
            k++; // "by each surgeon"
        }
        if ((state.lead == Lead.TOP || state.lead == Lead.WHICH_MOST) && tokens.word(k, "number") && tokens.word(k + 1, "of")) {
            int r = parse.modifierRules.restatedSubject(k + 2, tokens.size());
            if (r > 0) {
                return k + 2 + r - i; // "by number of prescriptions": what the ranking already counts
            }
        }
        for (int n = Math.min(4, tokens.size() - k); n >= 1; n--) {
            Dimension d = dimension(tokens.words(k, k + n));
            if (d != null) {
                if (state.lead == Lead.TOP || state.lead == Lead.WHICH_MOST) {
                    throw new GrammarMiss("a ranking already groups its answer; 'by " + tokens.words(k, k + n)
                            + "' is one grouping too many");
                }
                state.dimensions.add(d);
                return k + n - i;
            }
        }
        for (int n = Math.min(4, tokens.size() - k); n >= 1; n--) {
            String written = tokens.wordsAsWritten(k, k + n);
            Dimension d = written.equals(tokens.words(k, k + n)) ? null : dimension(written);
            if (d != null && state.lead != Lead.TOP && state.lead != Lead.WHICH_MOST) {
                state.dimensions.add(d); // "by first care unit": an ordinal word that is part of a column's name
                return k + n - i;
            }
        }
        for (int n = Math.min(5, tokens.size() - i); n >= 2; n--) {
            if (pack.predicateForPhrase(tokens.words(i, i + n)).isPresent()) {
                return 0; // "by caesarean" is a predicate phrase, not a grouping
            }
        }
        throw new GrammarMiss("cannot group " + state.subject + " by '" + tokens.words(k, Math.min(tokens.size(), k + 2)) + "'");
    }

    /** A grouping phrase → dimension on the subject or a concept reachable from it; null when not a dimension. */
    Dimension dimension(String phrase) {
        List<ColumnRef> own = new ArrayList<>();
        List<ColumnRef> reached = new ArrayList<>();
        collectDimensionColumns(state.subject, null, phrase, own);
        if (!own.isEmpty()) {
            return Dimension.of(own.size() == 1 ? own.get(0) : clarify.pickRef("column", phrase, own));
        }
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
            collectDimensionColumns(p.concept(), p.via(), phrase, reached);
        }
        if (!reached.isEmpty()) {
            return Dimension.of(reached.size() == 1 ? reached.get(0) : clarify.pickRef("column", phrase, reached));
        }
        List<String> named = lexicon.conceptsNamedBy(phrase);
        if (named.isEmpty()) {
            return codedDimension(phrase);
        }
        List<GrammarVocabulary.Path> direct = new ArrayList<>();
        List<GrammarVocabulary.Path> twoHop = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
            if (named.contains(p.concept())) {
                (p.via() == null ? direct : twoHop).add(p);
            }
        }
        List<GrammarVocabulary.Path> paths = direct.isEmpty() ? twoHop : direct;
        if (paths.isEmpty()) {
            throw new GrammarMiss("no path from " + state.subject + " to " + String.join(" or ", named)
                    + " on this source");
        }
        if (paths.size() > 1) {
            throw new GrammarMiss(state.subject + " refers to " + paths.get(0).concept() + " in " + paths.size()
                    + " ways; the question does not say which");
        }
        GrammarVocabulary.Path p = paths.get(0);
        ColumnRef label = displayColumn(p.concept());
        return Dimension.of(p.via() == null ? label : label.via(p.via()));
    }

    /**
     * "by acuity", "by gender" where the source keeps the thing as a code ({@code AcuityCode}, {@code GenderCode}):
     * the one column of the subject (else of one concept reached forward) named by the phrase and the word "code".
     * Tried only when no column or concept is named by the phrase itself. Null when there is none.
     */
    private Dimension codedDimension(String phrase) {
        List<String> coded = new ArrayList<>(pack.nameTokens().phrase(phrase));
        if (coded.isEmpty()) {
            return null;
        }
        coded.add("code");
        List<ColumnRef> own = codedColumns(state.subject, null, coded);
        if (!own.isEmpty()) {
            return Dimension.of(own.size() == 1 ? own.get(0) : clarify.pickRef("column", phrase, own));
        }
        List<ColumnRef> reached = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
            reached.addAll(codedColumns(p.concept(), p.via(), coded));
        }
        return reached.isEmpty() ? null
                : Dimension.of(reached.size() == 1 ? reached.get(0) : clarify.pickRef("column", phrase, reached));
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

    ColumnRef displayColumn(String concept) {
        for (ColumnRole role : new ColumnRole[] {ColumnRole.NAME, ColumnRole.FULL_NAME, ColumnRole.CODE,
                ColumnRole.DESCRIPTION}) {
            List<ColumnRef> refs = new ArrayList<>();
            for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                if (c.role() == role) {
                    refs.add(ref(concept, c));
                }
            }
            if (refs.size() == 1) {
                return refs.get(0);
            }
            if (refs.size() > 1) {
                return clarify.pickRef("column", concept + " label", refs);
            }
        }
        throw new GrammarMiss(concept + " has no name or code to show on this source");
    }}
