package org.tally.core.grammar;

import org.tally.core.spec.Aggregation;

/** The lead rules, in the order they are tried: the first that matches fixes the shape family and rule id. */
final class LeadRules extends RuleFamily {

    LeadRules(QuestionParser parse) {
        super(parse);
    }

    /** Ordered lead rules; the first that matches fixes the shape family and rule id. */
    int lead(int i) {
        int n;
        if ((n = tokens.match(i, "is", "there", "any")) > 0 || (n = tokens.match(i, "are", "there", "any")) > 0
                || (n = tokens.match(i, "do", "we", "have", "any")) > 0 || (n = tokens.match(i, "is", "there", "a")) > 0
                || (n = tokens.match(i, "is", "there", "an")) > 0 || (n = tokens.match(i, "are", "there")) > 0
                || (n = tokens.match(i, "do", "we", "have")) > 0 || (n = tokens.match(i, "have", "we", "had", "any")) > 0
                || (n = tokens.match(i, "were", "there", "any")) > 0 || (n = tokens.match(i, "was", "there", "any")) > 0
                || (n = tokens.match(i, "was", "there", "a")) > 0 || (n = tokens.match(i, "was", "there", "an")) > 0) {
            return set(Lead.EXISTS, "exists.is-there-any", i + n);
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
            return set(Lead.EXISTS, "exists.ever", k);
        }
        if ((n = tokens.match(i, "has", "any")) > 0 || (n = tokens.match(i, "have", "any")) > 0 || (n = tokens.match(i, "did", "any")) > 0) {
            return set(Lead.EXISTS, "exists.has-any", i + n); // "has any safety incident ever caused a death"
        }
        for (String w : new String[] {"percentage", "percent", "proportion", "share", "fraction"}) {
            if ((n = tokens.match(i, "what", w, "of")) > 0 || (n = tokens.match(i, w, "of")) > 0
                    || (n = tokens.match(i, "what", "is", "the", w, "of")) > 0) {
                return set(Lead.RATE, "rate.percentage-of", i + n);
            }
        }
        int rateAt = tokens.indexOf("rate", i);
        if (rateAt > 0) {
            // "what is the", "what was the" or "the" may come before the rate's name ("the no-show rate")
            int start = i + Math.max(Math.max(tokens.match(i, "what", "is", "the"), tokens.match(i, "what", "was",
                    "the")), tokens.match(i, "the"));
            String named = rateAt > start ? tokens.words(start, rateAt) : "";
            if (rateAt > start && (pack.predicateForPhrase(named).isPresent()
                    || parse.valueRules.isValueClassPhrase(named))) {
                state.rateWords = named;
                set(Lead.RATE, "rate.named-rate", rateAt + 1);
                int k = rateAt + 1;
                if (tokens.word(k, "of") || tokens.word(k, "for") || tokens.word(k, "among")) {
                    return k + 1;
                }
                state.subject = parse.subjectRules.rateSubject(state.rateWords, null);
                return k;
            }
        }
        if ((tokens.word(i, "which") || tokens.word(i, "what")) && parse.rankingRules.whichMost(i)) {
            return i;
        }
        if ((n = tokens.match(i, "top")) > 0) {
            int k = i + 1;
            if (k < tokens.size() && tokens.get(k).isNumber()) {
                state.limit = tokens.get(k).number();
                k++;
            } else {
                state.limit = 10;
            }
            return set(Lead.TOP, "top.top-n", k);
        }
        int top = i + Math.max(Math.max(tokens.match(i, "what", "are", "the"), tokens.match(i, "what", "were", "the")),
                tokens.match(i, "the"));
        if (top > i && top + 1 < tokens.size() && tokens.get(top).isNumber() && tokens.word(top + 1, "most")) {
            state.limit = tokens.get(top).number(); // "what are the 5 most common diagnoses"
            int k = top + 2;
            if (tokens.word(k, "common") || tokens.word(k, "frequent")) {
                return set(Lead.TOP, "top.most-common", k + 1);
            }
            if (parse.rankingRules.mostVerbed(k)) {
                return state.whichNext;
            }
            state.limit = null;
        }
        if ((n = tokens.match(i, "what", "is", "the", "most")) > 0 || (n = tokens.match(i, "what", "are", "the", "most")) > 0
                || (n = tokens.match(i, "the", "most")) > 0 || (n = tokens.match(i, "most")) > 0) {
            int k = i + n;
            if (tokens.word(k, "common") || tokens.word(k, "frequent")) {
                k++;
                if (k < tokens.size() && tokens.get(k).isNumber()) {
                    state.limit = tokens.get(k).number();
                    k++;
                }
                return set(Lead.TOP, "top.most-common", k);
            }
        }
        if ((n = tokens.match(i, "how", "much")) > 0) {
            int k = i + n;
            k += tokens.match(k, "money");
            int m = Math.max(Math.max(tokens.match(k, "was"), tokens.match(k, "were")),
                    Math.max(tokens.match(k, "has", "been"), tokens.match(k, "have", "been")));
            if (m > 0 && k + m < tokens.size() && lexicon.namesSomeTime(tokens.get(k + m).text())) {
                state.aggregation = Aggregation.SUM;
                state.measurePhrase = "how much";
                state.amountVerbAt = k + m; // "how much was received in payments": the sum of what the verb's concept records
                return set(Lead.AGGREGATE, "aggregate.how-much", k + m);
            }
        }
        if ((n = tokens.match(i, "how", "many")) > 0 || (n = tokens.match(i, "what", "is", "the", "number", "of")) > 0
                || (n = tokens.match(i, "what", "was", "the", "number", "of")) > 0
                || (n = tokens.match(i, "the", "total", "number", "of")) > 0 || (n = tokens.match(i, "total", "number", "of")) > 0
                || (n = tokens.match(i, "number", "of")) > 0 || (n = tokens.match(i, "the", "number", "of")) > 0
                || (n = tokens.match(i, "count", "of")) > 0 || (n = tokens.match(i, "count", "the")) > 0
                || (n = tokens.match(i, "count")) > 0 || (n = tokens.match(i, "show", "the", "number", "of")) > 0
                || (n = tokens.match(i, "show", "me", "the", "number", "of")) > 0) {
            return set(Lead.COUNT, "count.how-many", i + n);
        }
        int k = i;
        if ((n = tokens.match(i, "what", "is", "the")) > 0 || (n = tokens.match(i, "what", "was", "the")) > 0
                || (n = tokens.match(i, "what", "is")) > 0 || (n = tokens.match(i, "the")) > 0) {
            k = i + n;
        }
        Aggregation agg = aggregationWord(k);
        if (agg == null) {
            int looked = parse.lookupRules.attributeLookup(i);
            if (looked > 0) {
                return set(Lead.LOOKUP, "lookup.attribute", looked);
            }
        }
        if (agg != null) {
            int m = tokens.word(k, "sum") && tokens.word(k + 1, "of") ? 2 : 1;
            state.aggregation = agg;
            state.measurePhrase = tokens.get(k).text();
            return set(Lead.AGGREGATE, "aggregate." + tokens.get(k).text(), k + m);
        }
        if ((n = tokens.match(i, "list")) > 0) {
            return set(Lead.LIST, "list.list", i + n);
        }
        if ((n = tokens.match(i, "show", "me")) > 0 || (n = tokens.match(i, "show")) > 0
                || (n = tokens.match(i, "display")) > 0 || (n = tokens.match(i, "give", "me")) > 0) {
            return set(Lead.LIST, "list.show", i + n);
        }
        if ((n = tokens.match(i, "look", "up")) > 0 || (n = tokens.match(i, "lookup")) > 0 || (n = tokens.match(i, "find")) > 0) {
            return set(Lead.LOOKUP, "lookup.find", i + n);
        }
        if ((n = tokens.match(i, "which")) > 0 || (n = tokens.match(i, "what")) > 0) {
            return set(Lead.LIST, "list.which", i + n);
        }
        return set(Lead.BARE, "trend.bare", i);
    }

    private int set(Lead value, String ruleId, int next) {
        state.lead = value;
        state.rule = ruleId;
        return next;
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
    }}
