package org.tally.core.snapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cuts a free-text value into passages for retrieval: whole sentences, gathered up to about {@value #WORDS} words (a sentence or two), so
 * a passage is short enough to say one thing and long enough to be read alone. A sentence longer than that is cut at
 * word boundaries.
 */
final class Passages {

    static final int WORDS = 24;
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?;])\\s+");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    private Passages() {
    }

    static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        StringBuilder chunk = new StringBuilder();
        int words = 0;
        for (String sentence : SENTENCE_END.split(text.strip())) {
            String[] w = SPACE.split(sentence.strip());
            if (words > 0 && words + w.length > WORDS) {
                out.add(chunk.toString());
                chunk.setLength(0);
                words = 0;
            }
            for (int i = 0; i < w.length; i++) {
                if (words == WORDS) {
                    out.add(chunk.toString());
                    chunk.setLength(0);
                    words = 0;
                }
                if (words > 0) {
                    chunk.append(' ');
                }
                chunk.append(w[i]);
                words++;
            }
        }
        if (words > 0) {
            out.add(chunk.toString());
        }
        return out;
    }
}
