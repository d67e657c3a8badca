package org.tally.core.grammar;

import java.util.List;
import org.tally.core.spec.Aggregation;

/** The lead rules, in the order they are tried: the first that matches fixes the shape family and rule id. */
final class LeadRules extends RuleFamily {

    LeadRules(Rules rules) {
        super(rules);
    }

    /** Ordered lead rules; the first that matches fixes the shape family and rule id. Returns the index after it. */
    Result<Read> lead(int i, Reading r) {
        int n;
        if ((n = tokens.match(i, "is", "there", "any")) > 0 || (n = tokens.match(i, "are", "there", "any")) > 0
                || (n = tokens.match(i, "do", "we", "have", "any")) > 0 || (n = tokens.match(i, "is", "there", "a")) > 0
                || (n = tokens.match(i, "is", "there", "an")) > 0 || (n = tokens.match(i, "are", "there")) > 0
                || (n = tokens.match(i, "do", "we", "have")) > 0 || (n = tokens.match(i, "have", "we", "had", "any")) > 0
                || (n = tokens.match(i, "were", "there", "any")) > 0 || (n = tokens.match(i, "was", "there", "any")) > 0
                || (n = tokens.match(i, "was", "there", "a")) > 0 || (n = tokens.match(i, "was", "there", "an")) > 0) {
            return set(Lead.EXISTS, "exists.is-there-any", i + n, r);
        }
        if ((n = tokens.match(i, "have", "we", "ever")) > 0 || (n = tokens.match(i, "did", "we", "ever")) > 0
                || (n = tokens.match(i, "has", "there", "ever", "been")) > 0
                || (n = tokens.match(i, "have", "there", "ever", "been")) > 0) {
            // "have we ever recorded a stillbirth": any row at all, over all time
            int k = i + n;
            for (String verb : new String[] {"recorded", "record", "had", "have", "seen", "see"}) {
                k += tokens.match(k, verb);
            }
            k += Math.max(tokens.match(k, "a"), Math.max(tokens.match(k, "an"), tokens.match(k, "any")));
            return set(Lead.EXISTS, "exists.ever", k, r);
        }
        if ((n = tokens.match(i, "has", "any")) > 0 || (n = tokens.match(i, "have", "any")) > 0 || (n = tokens.match(i, "did", "any")) > 0) {
            return set(Lead.EXISTS, "exists.has-any", i + n, r); // "has any safety incident ever caused a death"
        }
        if ((n = tokens.match(i, "does", "any")) > 0 || (n = tokens.match(i, "do", "any")) > 0
                || (n = tokens.match(i, "is", "any")) > 0 || (n = tokens.match(i, "are", "any")) > 0
                || (n = tokens.match(i, "was", "any")) > 0 || (n = tokens.match(i, "were", "any")) > 0
                || (n = tokens.match(i, "any")) > 0) {
            // "does any patient have both …", terse "any ICU beds out of service?": whether one exists
            return set(Lead.EXISTS, "exists.any", i + n, r);
        }
        for (String w : new String[] {"percentage", "percent", "proportion", "share", "fraction"}) {
            if ((n = tokens.match(i, "what", w, "of")) > 0 || (n = tokens.match(i, w, "of")) > 0
                    || (n = tokens.match(i, "what", "is", "the", w, "of")) > 0
                    || (n = tokens.match(i, "what", "was", "the", w, "of")) > 0 || (n = tokens.match(i, "the", w, "of")) > 0) {
                return set(Lead.RATE, "rate.percentage-of", i + n, r);
            }
        }
        int rateAt = tokens.indexOf("rate", i);
        if (rateAt > 0) {
            // "what is the", "what was the" or "the" may come before the rate's name ("the no-show rate")
            int start = i + Math.max(Math.max(tokens.match(i, "what", "is", "the"), tokens.match(i, "what", "was",
                    "the")), tokens.match(i, "the"));
            String named = rateAt > start ? tokens.words(start, rateAt) : "";
            if (rateAt > start && (pack.predicateForPhrase(named).isPresent()
                    || rules.valueRules.isValueClassPhrase(named))) {
                Reading rate = r.with(new Fragment.RateWords(named), new Fragment.LeadWords(Lead.RATE, "rate.named-rate"));
                int k = rateAt + 1;
                if (tokens.word(k, "of") || tokens.word(k, "for") || tokens.word(k, "among")) {
                    return Read.ok(k + 1, rate);
                }
                return rules.subjectRules.rateSubject(named, null)
                        .map(subject -> new Read(k, rate.with(new Fragment.Subject(subject))));
            }
        }
        if (tokens.word(i, "top") && tokens.number(i + 1) != null) {
            // "top 3 wards by admissions": which 3 wards had the most admissions
            Result<Read> ranked = rules.rankingRules.whichMost(i, r);
            if (!ranked.stopped() && ranked.value().matched()) {
                return Read.ok(i, ranked.value().reading());
            }
        }
        int open = rankingOpening(i);
        if (tokens.word(open, "top") && (open == i || number(open + 1))) {
            // "top 5 diagnoses", "what were the top 5 most common diagnoses", "show me the top 3 most frequent ..."
            int k = open + 1;
            Integer limit = 10;
            if (number(k)) {
                limit = tokens.get(k).number();
                k++;
            }
            Reading limited = r.with(new Fragment.Limit(limit));
            int m = k + tokens.match(k, "most");
            if (tokens.word(m, "common") || tokens.word(m, "frequent")) {
                return set(Lead.TOP, "top.most-common", m + 1, limited);
            }
            if (m > k) {
                Result<Read> verbed = rules.rankingRules.mostVerbed(m, limited);
                if (verbed.stopped()) {
                    return verbed;
                }
                if (verbed.value().matched()) {
                    return Read.ok(verbed.value().reading().whichNext(), verbed.value().reading());
                }
            }
            return set(Lead.TOP, "top.top-n", k, limited);
        }
        if (tokens.word(i, "the") && i + 1 < tokens.size()) {
            // "the 3 wards with the most admissions", "the payment method that brought in the most money": a ranking
            // said as a noun phrase reads as "which"; anything else it could be is left to the rules below
            Result<Read> ranked = rules.rankingRules.whichMost(i, r);
            if (!ranked.stopped() && ranked.value().matched()) {
                return Read.ok(i, ranked.value().reading());
            }
        }
        if (tokens.word(i, "which") || tokens.word(i, "what")) {
            Result<Read> ranked = rules.rankingRules.whichMost(i, r);
            if (ranked.stopped()) {
                return ranked;
            }
            if (ranked.value().matched()) {
                return Read.ok(i, ranked.value().reading());
            }
        }
        int top = open;
        if (top + 1 < tokens.size() && tokens.get(top).isNumber() && tokens.word(top + 1, "most")) {
            Reading limited = r.with(new Fragment.Limit(tokens.get(top).number())); // "what are the 5 most common diagnoses"
            int k = top + 2;
            if (tokens.word(k, "common") || tokens.word(k, "frequent")) {
                return set(Lead.TOP, "top.most-common", k + 1, limited);
            }
            Result<Read> verbed = rules.rankingRules.mostVerbed(k, limited);
            if (verbed.stopped()) {
                return verbed;
            }
            if (verbed.value().matched()) {
                return Read.ok(verbed.value().reading().whichNext(), verbed.value().reading());
            }
        }
        if ((n = tokens.match(i, "what", "is", "the", "most")) > 0 || (n = tokens.match(i, "what", "are", "the", "most")) > 0
                || (n = tokens.match(i, "the", "most")) > 0 || (n = tokens.match(i, "most")) > 0) {
            int k = i + n;
            if (tokens.word(k, "common") || tokens.word(k, "frequent")) {
                k++;
                Reading most = r;
                if (k < tokens.size() && tokens.get(k).isNumber()) {
                    most = most.with(new Fragment.Limit(tokens.get(k).number()));
                    k++;
                }
                return set(Lead.TOP, "top.most-common", k, most);
            }
        }
        if ((n = tokens.match(i, "how", "much")) > 0) {
            int k = i + n;
            k += tokens.match(k, "money");
            int m = Math.max(Math.max(tokens.match(k, "was"), tokens.match(k, "were")),
                    Math.max(tokens.match(k, "has", "been"), tokens.match(k, "have", "been")));
            if (m > 0 && k + m < tokens.size() && lexicon.namesSomeTime(tokens.get(k + m).text())) {
                // "how much was received in payments": the sum of what the verb's concept records
                return set(Lead.AGGREGATE, "aggregate.how-much", k + m, r.with(
                        new Fragment.AggregateWord(Aggregation.SUM, "how much"), new Fragment.AmountVerb(k + m)));
            }
        }
        if ((n = tokens.match(i, "how", "many")) > 0 || (n = tokens.match(i, "what", "is", "the", "number", "of")) > 0
                || (n = tokens.match(i, "what", "is", "the", "total", "number", "of")) > 0
                || (n = tokens.match(i, "what", "was", "the", "total", "number", "of")) > 0
                || (n = tokens.match(i, "what", "was", "the", "number", "of")) > 0
                || (n = tokens.match(i, "the", "total", "number", "of")) > 0 || (n = tokens.match(i, "total", "number", "of")) > 0
                || (n = tokens.match(i, "number", "of")) > 0 || (n = tokens.match(i, "the", "number", "of")) > 0
                || (n = tokens.match(i, "count", "of")) > 0 || (n = tokens.match(i, "count", "the")) > 0
                || (n = tokens.match(i, "count")) > 0 || (n = tokens.match(i, "show", "the", "number", "of")) > 0
                || (n = tokens.match(i, "show", "me", "the", "number", "of")) > 0) {
            return set(Lead.COUNT, "count.how-many", i + n, r);
        }
        int k = i;
        if ((n = tokens.match(i, "what", "is", "the")) > 0 || (n = tokens.match(i, "what", "was", "the")) > 0
                || (n = tokens.match(i, "what", "is")) > 0 || (n = tokens.match(i, "the")) > 0) {
            k = i + n;
        }
        Aggregation agg = aggregationWord(k);
        if (agg == null) {
            Result<Read> looked = rules.lookupRules.attributeLookup(i, r);
            if (looked.stopped()) {
                return looked;
            }
            if (looked.value().matched()) {
                return set(Lead.LOOKUP, "lookup.attribute", looked.value().n(), looked.value().reading());
            }
        }
        if (agg != null) {
            int m = tokens.word(k, "sum") && tokens.word(k + 1, "of") ? 2 : 1;
            return set(Lead.AGGREGATE, "aggregate." + tokens.get(k).text(), k + m,
                    r.with(new Fragment.AggregateWord(agg, tokens.get(k).text())));
        }
        if ((n = tokens.match(i, "list")) > 0) {
            return set(Lead.LIST, "list.list", i + n, r);
        }
        if ((n = tokens.match(i, "show", "me")) > 0 || (n = tokens.match(i, "show")) > 0
                || (n = tokens.match(i, "display")) > 0 || (n = tokens.match(i, "give", "me")) > 0
                || (n = tokens.match(i, "give")) > 0 || (n = tokens.match(i, "tell", "me")) > 0) {
            Result<Read> asked = askedWithin(i + n, r);
            return asked != null ? asked : set(Lead.LIST, "list.show", i + n, r);
        }
        if ((n = tokens.match(i, "look", "up")) > 0 || (n = tokens.match(i, "lookup")) > 0 || (n = tokens.match(i, "find")) > 0) {
            return set(Lead.LOOKUP, "lookup.find", i + n, r);
        }
        if ((n = tokens.match(i, "which")) > 0 || (n = tokens.match(i, "what")) > 0) {
            return set(Lead.LIST, "list.which", i + n, r);
        }
        // "ward with the most admissions last month": a ranking said as a bare noun phrase
        Result<Read> bareRanking = rules.rankingRules.rankedFrom(i, r);
        if (!bareRanking.stopped() && bareRanking.value().matched()) {
            return Read.ok(i, bareRanking.value().reading());
        }
        return set(Lead.BARE, "trend.bare", i, r);
    }

    /** The ways of asking for a ranking, each followed by one optional "the" ("what were", "show me", "list"). */
    private static final List<List<String>> RANKING_OPENINGS = List.of(List.of("what", "are"), List.of("what", "were"),
            List.of("which", "are"), List.of("which", "were"), List.of("what", "is"), List.of("what", "was"),
            List.of("show", "me"), List.of("give", "me"), List.of("get", "me"), List.of("tell", "me"), List.of("list"),
            List.of("provide"), List.of("reveal"), List.of("fetch"), List.of("retrieve"), List.of("display"),
            List.of("show"));

    /**
     * Where a ranking's own words start after the request's opening ("could you show me the", "what were the", "the"),
     * or {@code i} when there is none. Only a number or "top" right after it makes the question a ranking.
     */
    private int rankingOpening(int i) {
        int k = i + tokens.match(i, "could", "you");
        for (List<String> opening : RANKING_OPENINGS) {
            int n = tokens.match(k, opening.toArray(String[]::new));
            if (n > 0) {
                return k + n + tokens.match(k + n, "the");
            }
        }
        return k == i ? i + tokens.match(i, "the") : i;
    }

    private boolean number(int k) {
        return k < tokens.size() && tokens.get(k).isNumber();
    }

    /**
     * What follows "show me", "give (me)" or "tell me" when it is a question of its own: a count, a total or average,
     * a percentage, a ranking or an existence question ("show me the 3 most common medications", "give the average
     * turnaround time"). Null when it is not one (then the words are a list: "show me the beds out of service").
     */
    private Result<Read> askedWithin(int k, Reading r) {
        if (k >= tokens.size() || tokens.word(k, "show") || tokens.word(k, "give") || tokens.word(k, "tell")) {
            return null;
        }
        Result<Read> inner = lead(k, r);
        if (inner.stopped()) {
            return null;
        }
        Lead lead = inner.value().reading().lead();
        return lead == Lead.LIST || lead == Lead.LOOKUP || lead == Lead.BARE ? null : inner;
    }

    private static Result<Read> set(Lead value, String ruleId, int next, Reading r) {
        return Read.ok(next, r.with(new Fragment.LeadWords(value, ruleId)));
    }

    private Aggregation aggregationWord(int k) {
        if (k >= tokens.size()) {
            return null;
        }
        switch (tokens.get(k).text()) {
            case "average": case "mean": case "avg": return Aggregation.AVG;
            case "median": return Aggregation.MEDIAN;
            case "longest": case "maximum": case "max": case "highest": return Aggregation.MAX;
            case "shortest": case "minimum": case "min": case "lowest": return Aggregation.MIN;
            case "total": case "sum": return Aggregation.SUM;
            default: return null;
        }
    }
}
