package org.tally.core.retrieval;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a passage shares a content word with what the question asks about, by a crude stem (plural, -ing, -ed
 * dropped; or the same first five letters). Retrieval ranks by meaning; this only keeps it honest when nothing in the
 * text is about the question at all, where meaning alone still ranks some passage first.
 */
final class SharedWords {

    private static final Set<String> STOP = Set.of("the", "and", "for", "with", "about", "that", "this", "what",
            "which", "were", "was", "are", "did", "does", "say", "said", "says", "any", "all", "from", "their", "there",
            "they", "have", "has", "had", "been", "into", "onto", "over", "under", "when", "where", "who", "how",
            "report", "reports", "record", "records", "note", "notes", "mention", "mentioned", "mentioning",
            "describe", "described", "describing", "summarise", "summarize", "regarding", "concerning", "involving",
            "patient", "patients");

    private SharedWords() {
    }

    static boolean any(String topic, String passage) {
        Set<String> wanted = stems(topic);
        if (wanted.isEmpty()) {
            return true; // nothing to check against
        }
        for (String w : words(passage)) {
            String s = stem(w);
            for (String t : wanted) {
                if (s.equals(t) || (s.length() >= 5 && t.length() >= 5 && s.regionMatches(0, t, 0, 5))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Set<String> stems(String text) {
        Set<String> out = new HashSet<>();
        for (String w : words(text)) {
            if (w.length() >= 3 && !STOP.contains(w)) {
                out.add(stem(w));
            }
        }
        return out;
    }

    private static String[] words(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip().split(" ");
    }

    static String stem(String w) {
        for (String suffix : new String[] {"ing", "ed", "es", "s"}) {
            if (w.length() > suffix.length() + 2 && w.endsWith(suffix)) {
                return w.substring(0, w.length() - suffix.length());
            }
        }
        return w;
    }
}
