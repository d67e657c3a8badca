package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Another word order, said back in the order the rules read: a phrase put first and set off by a comma or colon
 * ("Last month, how many …", "By ward, how many …", "For patient MRN0000987, list …") is read where it usually
 * stands, after the question; "Of the active staff, what percentage are nurses?" reads as "what percentage of the
 * active staff are nurses"; "Of all the wards, which 3 have …" as "which 3 wards have …"; a preposition before "which"
 * goes to the end ("In which ward is bed LS-004?": "which ward is bed LS-004 in"); "The Cardiac ICU: what is its bed
 * capacity?" reads as "what is the bed capacity of the Cardiac ICU". Only the order changes, never a word: the
 * question is then read by the same rules, and what they cannot read still misses.
 */
final class FrontedPhrases {

    /** Words a fronted time, place, grouping or scope phrase starts with. */
    private static final Set<String> STARTS = Set.of("last", "this", "next", "in", "on", "at", "during", "since",
            "between", "before", "after", "from", "by", "for", "per", "each", "every", "yesterday", "today",
            "tomorrow", "right", "so", "over", "within", "with", "under", "across", "among", "broken", "grouped",
            "split");
    private static final Set<String> PIED = Set.of("in", "on", "at");
    private static final int MAX_FRONTED_WORDS = 8;
    private static final Pattern OF_THE = Pattern.compile("(?i)^of\\s+(all\\s+)?(the\\s+)?(.+)$");
    private static final Pattern RATE_LEAD = Pattern.compile("(?i)^(what\\s+(percentage|percent|proportion|share"
            + "|fraction))\\s+(.*)$");
    private static final Pattern COUNT_LEAD = Pattern.compile("(?i)^(how\\s+many)\\s+(.*)$");
    private static final Pattern WHICH_LEAD = Pattern.compile("(?i)^(which|what)(\\s+\\d+)?\\s+(.*)$");
    private static final Pattern ITS = Pattern.compile("(?i)^(.*)\\bits\\b(.*)$");

    private FrontedPhrases() {
    }

    /** The question in the order the rules read, or empty when nothing is put first (or it cannot be moved). */
    static Optional<String> reordered(String question) {
        String text = strip(question);
        String[] words = text.split("\\s+");
        if (words.length > 2 && PIED.contains(words[0].toLowerCase(Locale.ROOT))
                && (words[1].equalsIgnoreCase("which") || words[1].equalsIgnoreCase("what"))) {
            return Optional.of(text.substring(words[0].length()).strip() + " " + words[0]);
        }
        int cut = firstBoundary(text);
        if (cut < 0) {
            return Optional.empty();
        }
        String fronted = text.substring(0, cut).strip();
        String rest = text.substring(cut + 1).strip();
        if (fronted.isEmpty() || rest.isEmpty() || fronted.split("\\s+").length > MAX_FRONTED_WORDS) {
            return Optional.empty();
        }
        String first = fronted.split("\\s+")[0].toLowerCase(Locale.ROOT);
        Matcher of = OF_THE.matcher(fronted);
        if (first.equals("of") && of.matches()) {
            return scoped(of.group(3), rest);
        }
        if (STARTS.contains(first)) {
            return Optional.of(rest + " " + fronted);
        }
        return reorderedOtherwise(fronted, rest);
    }

    /**
     * Every place a phrase put first (a time, place, grouping or "for …" phrase) could stand in the rest of the
     * question, the end first: the caller reads each and takes the reading only when all that parse agree ("This
     * year, how many stays admitted to X had no operation" could date the stays or the operations: no reading).
     * Empty when the question puts no such phrase first; a single text for the other orders read here.
     */
    static List<String> placements(String question) {
        Optional<String> one = reordered(question);
        if (one.isEmpty()) {
            return List.of();
        }
        String text = strip(question);
        int cut = firstBoundary(text);
        if (cut < 0) {
            return List.of(one.get());
        }
        String fronted = text.substring(0, cut).strip();
        String first = fronted.split("\\s+")[0].toLowerCase(Locale.ROOT);
        if (!STARTS.contains(first)) {
            return List.of(one.get());
        }
        String[] rest = text.substring(cut + 1).strip().split("\\s+");
        List<String> out = new ArrayList<>();
        out.add(one.get());
        for (int k = rest.length - 1; k >= 1; k--) {
            out.add(String.join(" ", Arrays.copyOfRange(rest, 0, k)) + " " + fronted + " "
                    + String.join(" ", Arrays.copyOfRange(rest, k, rest.length)));
        }
        return out;
    }

    private static String strip(String question) {
        String text = question.strip();
        while (!text.isEmpty() && ".?!".indexOf(text.charAt(text.length() - 1)) >= 0) {
            text = text.substring(0, text.length() - 1).strip();
        }
        return text;
    }

    private static Optional<String> reorderedOtherwise(String fronted, String rest) {
        Matcher its = ITS.matcher(rest);
        if (its.matches() && !its.group(2).isBlank() && !ITS.matcher(its.group(2)).matches()) {
            // "The Cardiac ICU: what is its bed capacity": the phrase put first is what "its" stands for
            return Optional.of(its.group(1) + "the" + its.group(2) + " of " + fronted);
        }
        return Optional.empty();
    }

    /** "Of the NP, Q": the NP is what Q's lead is about. */
    private static Optional<String> scoped(String np, String rest) {
        Matcher rate = RATE_LEAD.matcher(rest);
        if (rate.matches()) {
            return Optional.of(rate.group(1) + " of the " + np + " " + rate.group(3));
        }
        Matcher count = COUNT_LEAD.matcher(rest);
        if (count.matches()) {
            return Optional.of(count.group(1) + " of the " + np + " " + count.group(2));
        }
        Matcher which = WHICH_LEAD.matcher(rest);
        if (which.matches()) {
            return Optional.of(which.group(1) + (which.group(2) == null ? "" : which.group(2)) + " " + np + " "
                    + which.group(3));
        }
        return Optional.empty();
    }

    /** Where the first comma, or colon used as punctuation, is; -1 when there is none. */
    private static int firstBoundary(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' || c == ':' && (i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1)))) {
                return i;
            }
        }
        return -1;
    }
}
