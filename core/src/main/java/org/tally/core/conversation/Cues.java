package org.tally.core.conversation;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a turn's first words say about how to read it, before any reading: "start over", a capability question, a
 * request to change records, or words that only make sense after an earlier question ("and by ward?", "how many of
 * those …"). These are cues for the order readings are tried in; what a turn means is still read by the grammar.
 */
final class Cues {

    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}' -]+");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private static final Set<String> RESETS = Set.of("start over", "start again", "new topic", "new question",
            "reset", "clear", "forget it", "forget that", "begin again", "from scratch", "start from scratch",
            "new conversation", "start a new conversation", "something else");

    /** First words that only continue an earlier question. */
    private static final Set<String> CONTINUING = Set.of("and", "but", "also", "only", "just", "same", "by", "per",
            "split", "top", "bottom", "drill", "zoom", "without", "instead", "then", "now", "as", "percentage",
            "broken", "each", "for", "in", "on", "excluding", "except");

    /** Words that point back at what was counted. */
    private static final Set<String> POINTERS = Set.of("those", "them", "these", "they", "their", "ones", "that",
            "it");

    /** First words asking to change records: Tally only reads. */
    private static final Set<String> WRITES = Set.of("delete", "update", "insert", "truncate", "mark", "modify",
            "erase", "alter", "cancel", "edit", "overwrite", "purge", "wipe", "discharge", "admit", "reschedule",
            "assign", "rename", "merge", "void", "approve");

    private static final Pattern CAPABILITY = Pattern.compile("^(?:what|which)(?: kind of| sort of)? (?:questions? )?"
            + "(?:can|could|may|should) (?:i|we|you) (?:ask|ask you|tell me|answer|say|find out|learn)"
            + "(?: me)? (?:about|on|of|for|regarding) (.+)$|^what do you know about (.+)$"
            + "|^what (?:data|information|records) (?:do|does) (?:you|tally|this hospital|the hospital) (?:have|hold|know)"
            + "(?: about| on| of)? ?(.*)$|^what can you tell me about (.+)$");

    private Cues() {
    }

    /** Lower case, punctuation dropped, single spaces, without "please" and "ok" around it. */
    static String normalise(String text) {
        String s = SPACES.matcher(NOT_WORD.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ")).replaceAll(" ")
                .strip();
        s = s.replaceAll("^(?:ok|okay|please|right|so|let's|lets|let us) ", "").replaceAll(" please$", "");
        return s.strip();
    }

    static boolean resets(String text) {
        String s = normalise(text);
        return RESETS.contains(s) || RESETS.contains(s.replaceAll("^(?:let's|lets|let us|can we|could we) ", ""));
    }

    /** Whether the words ask to change records rather than read them. */
    static boolean writes(String text) {
        List<String> words = List.of(normalise(text).split(" "));
        return !words.isEmpty() && WRITES.contains(words.get(0)) && words.size() > 1;
    }

    /** Whether the first words continue an earlier question, or the words point back at what it counted. */
    static boolean continues(String text) {
        String s = normalise(text);
        if (s.isEmpty()) {
            return false;
        }
        String[] words = s.split(" ");
        if (CONTINUING.contains(words[0]) || s.startsWith("what about") || s.startsWith("how about")
                || s.startsWith("what share") || s.startsWith("what percentage") || s.startsWith("what proportion")
                || s.startsWith("the same") || s.startsWith("list them") || s.startsWith("show them")
                || s.startsWith("show me them") || s.startsWith("list those") || s.startsWith("show those")) {
            return true;
        }
        for (String w : words) {
            if (POINTERS.contains(w) && !w.equals("that") && !w.equals("it")) {
                return true;
            }
        }
        return words[words.length - 1].equals("instead");
    }

    /**
     * The topic of a capability question ("what can you ask about admissions?" → "admissions"); an empty string for
     * the whole source ("what do you know about this hospital?"); empty when it is not one.
     */
    static Optional<String> capabilityTopic(String text) {
        Matcher m = CAPABILITY.matcher(normalise(text));
        if (!m.matches()) {
            return Optional.empty();
        }
        for (int g = 1; g <= m.groupCount(); g++) {
            if (m.group(g) != null) {
                String topic = m.group(g).strip().replaceAll("^(?:the|our|your|this|all) ", "");
                return Optional.of(wholeSource(topic) ? "" : topic);
            }
        }
        return Optional.of("");
    }

    private static boolean wholeSource(String topic) {
        return topic.isEmpty() || Set.of("hospital", "this hospital", "database", "this database", "data",
                "everything", "source", "this source", "it", "here").contains(topic);
    }
}
