package org.tally.core.retrieval;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What kind of question retrieval is looking at: one about what records say (a narrative question), one that asks
 * for a number or a ranking over records' text (which retrieval never answers: passages cannot be counted exactly),
 * or neither. Read from plain words, without the binding: this decides only whether retrieval applies.
 */
enum NarrativeQuestion {
    /** "What did the incident reports say about falls on the stairs?" */
    NARRATIVE,
    /** "How many incident reports mention falls?": a count, total or ranking over text. */
    COUNT,
    /** Anything else: not retrieval's to read. */
    OTHER;

    private static final Pattern WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    /** Words that ask what records say. */
    private static final Set<String> CUES = Set.of("say", "says", "said", "saying", "mention", "mentions",
            "mentioned", "mentioning", "describe", "describes", "described", "describing", "summarise", "summarize",
            "summarised", "summarized", "summary", "summaries", "happened", "wrote", "written", "write", "documented",
            "narrative", "narratives", "note", "notes", "told", "report", "reports", "passages", "quote");
    /** Cue words that are also ordinary report titles: a cue only beside "about", "on", "of", "mentioning" … */
    private static final Set<String> WEAK_CUES = Set.of("report", "reports", "note", "notes", "summary", "summaries");
    private static final Set<String> ABOUT = Set.of("about", "regarding", "concerning", "involving", "describing",
            "mentioning", "on", "of", "for", "where", "that");
    /** Words that ask for a number or an order. */
    private static final Set<String> COUNTING = Set.of("count", "counts", "number", "total", "totals", "sum",
            "average", "mean", "median", "most", "least", "top", "rank", "ranking", "percentage", "percent",
            "proportion", "rate", "ratio", "fewest", "many", "much");
    private static final List<String> COUNTING_PHRASES = List.of("how many", "how much", "number of", "more than",
            "fewer than", "less than");

    private static final Pattern TOPIC = Pattern.compile("(?i)\\b(?:about|regarding|concerning|involving|mentioning"
            + "|describing|on the subject of)\\s+(.+)$");

    /**
     * What the question asks the text about: the words after "about", "regarding", "mentioning" … ("falls on the
     * stairs"), else the whole question. The framing ("what did the reports say") is the same for every passage
     * and only blurs the comparison.
     */
    static String topic(String question) {
        var m = TOPIC.matcher(question.strip());
        String topic = m.find() ? m.group(1) : question;
        topic = topic.replaceAll("[?.!\\s]+$", "").strip();
        return topic.isEmpty() ? question : topic;
    }

    static NarrativeQuestion of(String question) {
        String q = " " + WORD.matcher(question.toLowerCase(Locale.ROOT)).replaceAll(" ").strip() + " ";
        List<String> words = List.of(q.strip().split(" "));
        boolean cue = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (CUES.contains(w) && !WEAK_CUES.contains(w)) {
                cue = true;
            } else if (WEAK_CUES.contains(w) && i + 1 < words.size() && ABOUT.contains(words.get(i + 1))) {
                cue = true;
            }
        }
        if (!cue) {
            return OTHER;
        }
        boolean counting = COUNTING_PHRASES.stream().anyMatch(p -> q.contains(" " + p + " "))
                || words.stream().anyMatch(w -> COUNTING.contains(w) && !w.equals("many") && !w.equals("much"));
        return counting ? COUNT : NARRATIVE;
    }
}
