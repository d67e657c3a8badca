package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;

/** How often related records occur: "with 3 or more visits", "more than once", "at least twice". */
final class CountedScopeRules extends RuleFamily {

    CountedScopeRules(Rules rules) {
        super(rules);
    }

    /**
     * "with 3 or more", "who had more than 2", "that have fewer than 2", "with at least 3", "exactly 2": the tokens
     * up to the related concept and the inclusive bounds {read, atLeast, atMost} (−1 for none), or null. A bare
     * number ("patients with 2 admissions") is not read: exactly 2 or at least 2 is the asker's to say.
     */
    int[] countedScope(int k) {
        int at = k;
        int n;
        if ((n = tokens.match(at, "who", "have")) > 0 || (n = tokens.match(at, "who", "had")) > 0 || (n = tokens.match(at, "that", "have"))
                > 0 || (n = tokens.match(at, "that", "had")) > 0 || (n = tokens.match(at, "with")) > 0 || (n = tokens.match(at, "had")) > 0
                || (n = tokens.match(at, "have")) > 0 || (n = tokens.match(at, "has")) > 0) {
            at += n;
        } else {
            return null;
        }
        Integer v;
        if (tokens.number(at) != null && (tokens.word(at + 1, "or") && (tokens.word(at + 2, "more") || tokens.word(at + 2, "over")))) {
            return new int[] {at + 3 - k, tokens.number(at), -1};
        }
        if (tokens.number(at) != null && tokens.word(at + 1, "or") && (tokens.word(at + 2, "fewer") || tokens.word(at + 2, "less"))) {
            return new int[] {at + 3 - k, -1, tokens.number(at)};
        }
        if ((n = tokens.match(at, "at", "least")) > 0 || (n = tokens.match(at, "no", "fewer", "than")) > 0
                || (n = tokens.match(at, "no", "less", "than")) > 0 || (n = tokens.match(at, "a", "minimum", "of")) > 0) {
            return (v = tokens.number(at + n)) == null ? null : new int[] {at + n + 1 - k, v, -1};
        }
        if ((n = tokens.match(at, "more", "than")) > 0 || (n = tokens.match(at, "over")) > 0) {
            return (v = tokens.number(at + n)) == null ? null : new int[] {at + n + 1 - k, v + 1, -1};
        }
        if ((n = tokens.match(at, "at", "most")) > 0 || (n = tokens.match(at, "no", "more", "than")) > 0
                || (n = tokens.match(at, "a", "maximum", "of")) > 0) {
            return (v = tokens.number(at + n)) == null ? null : new int[] {at + n + 1 - k, -1, v};
        }
        if ((n = tokens.match(at, "fewer", "than")) > 0 || (n = tokens.match(at, "less", "than")) > 0) {
            v = tokens.number(at + n);
            if (v == null || v < 1) {
                return null;
            }
            return new int[] {at + n + 1 - k, -1, v - 1};
        }
        if ((n = tokens.match(at, "exactly")) > 0 || (n = tokens.match(at, "precisely")) > 0) {
            return (v = tokens.number(at + n)) == null ? null : new int[] {at + n + 1 - k, v, v};
        }
        return null;
    }

    /**
     * "patients with 3 or more outpatient visits in 2025": a related concept, its own values before it and its time
     * after it, counted between the bounds. Returns the tokens read from {@code i}.
     */
    Result<Read> boundedScope(int i, int k, Integer atLeast, Integer atMost, Reading r) {
        String subject = r.subject();
        for (int j = k; j < Math.min(tokens.size(), k + 4); j++) {
            Result<ConceptTerm> termRead = rules.conceptTerms.term(j);
            if (termRead.stopped()) {
                return termRead.stop();
            }
            ConceptTerm term = termRead.value();
            if (term == null) {
                continue;
            }
            Result<String> otherRead = rules.conceptTerms.boundOne(term, "related");
            if (otherRead.stopped()) {
                return otherRead.stop();
            }
            String other = otherRead.value();
            if (other.equals(subject) || !vocab.linked(subject, other) || !rules.relatedScopeRules.refersTo(other, subject)) {
                return Result.miss("'" + tokens.words(i, j + term.length()) + "' counts " + other + " rows, which do not "
                        + "belong to " + subject + " rows on this source");
            }
            List<Filter> conditions = new ArrayList<>();
            Result<Integer> end = rules.relatedScopeRules.relatedConditions(i, k, j, term, other, conditions);
            if (end.stopped()) {
                return end.stop();
            }
            return Read.ok(end.value() - i, r.with(new Fragment.Related(new RelatedScope(
                    Quantifier.COUNTED, other, conditions, atLeast, atMost))));
        }
        return Result.miss("'" + tokens.words(i, Math.min(tokens.size(), k + 2)) + "' counts nothing this source links to "
                + subject);
    }

    /**
     * "more than once", "at least twice", "3 or more times", "exactly once": how often the related records occur,
     * as {read, atLeast, atMost} (−1 for none), or null. An upper bound alone ("at most twice" may or may not take
     * in none) and a bare "once" are not read.
     */
    int[] frequency(int k) {
        int n;
        int[] f;
        if ((n = tokens.match(k, "more", "than")) > 0 && (f = times(k + n)) != null) {
            return new int[] {n + f[0], f[1] + 1, -1};
        }
        if ((n = tokens.match(k, "at", "least")) > 0 && (f = times(k + n)) != null) {
            return new int[] {n + f[0], f[1], -1};
        }
        if (((n = tokens.match(k, "exactly")) > 0 || (n = tokens.match(k, "only")) > 0) && (f = times(k + n)) != null) {
            return new int[] {n + f[0], f[1], f[1]};
        }
        if ((f = times(k)) != null && tokens.match(k + f[0], "or", "more") > 0) {
            return new int[] {f[0] + 2, f[1], -1}; // "twice or more", "3 times or more"
        }
        if (tokens.number(k) != null && tokens.match(k + 1, "or", "more", "times") > 0) {
            return new int[] {4, tokens.number(k), -1};
        }
        return null;
    }

    /** "once", "twice", "3 times": {tokens, how many}, or null. */
    int[] times(int k) {
        if (tokens.word(k, "once")) {
            return new int[] {1, 1};
        }
        if (tokens.word(k, "twice")) {
            return new int[] {1, 2};
        }
        Integer v = tokens.number(k);
        return v != null && v > 0 && (tokens.word(k + 1, "times") || tokens.word(k + 1, "time")) ? new int[] {2, v} : null;
    }
}
