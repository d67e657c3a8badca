package org.tally.core.conversation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a short typed reply fills the open clarifying question: "appointments", "the amount due", "cardiology"
 * name one option when their words are that option's words (articles, case, punctuation and a plural s aside), or
 * all of them are words of exactly one option. Anything else names no option and is read as a new question.
 */
final class ClarifyReplies {

    private static final Set<String> ARTICLES = Set.of("the", "a", "an", "i", "mean", "meant", "it's", "its", "is",
            "please", "one", "ones", "by", "of", "for", "option");

    private ClarifyReplies() {
    }

    /** The option {@code reply} names, or null. */
    static String match(String reply, List<String> options) {
        Set<String> said = words(reply);
        if (said.isEmpty()) {
            return null;
        }
        List<String> exact = new ArrayList<>();
        List<String> within = new ArrayList<>();
        for (String option : options) {
            Set<String> offered = words(option);
            if (offered.equals(said)) {
                exact.add(option);
            } else if (offered.containsAll(said)) {
                within.add(option);
            }
        }
        if (exact.size() == 1) {
            return exact.get(0);
        }
        return exact.isEmpty() && within.size() == 1 ? within.get(0) : null;
    }

    private static Set<String> words(String text) {
        Set<String> out = new LinkedHashSet<>();
        Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> !w.isEmpty() && !ARTICLES.contains(w))
                .forEach(w -> out.add(w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w));
        return out;
    }
}
