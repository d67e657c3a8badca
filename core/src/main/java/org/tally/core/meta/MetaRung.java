package org.tally.core.meta;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.Set;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;

/**
 * Rung 1 of the ladder: greetings and "what can you do?", answered from rules without touching the database.
 * Only whole phrases match (after case and punctuation are erased), so "hello, how many patients?" is not
 * swallowed here: it falls through to the grammar.
 */
public final class MetaRung implements Rung {

    private static final Set<String> GREETINGS = Set.of("hi", "hello", "hey", "good morning", "good afternoon",
            "good evening");
    private static final Set<String> THANKS = Set.of("thanks", "thank you", "cheers");
    private static final Set<String> CAPABILITIES = Set.of("help", "what can you do", "what can i ask",
            "what can i ask you", "what do you do", "what questions can i ask", "how do i use this",
            "what can you answer", "what are you");

    private static final String CAPABILITY_TEXT = "I answer questions about this hospital database exactly, and show "
            + "the SQL I ran. Ask for counts (\"How many admissions were there last month?\"), breakdowns (\"... by "
            + "ward\"), trends (\"per month this year\"), top lists (\"top 5 diagnoses\"), rates (\"what percentage of "
            + "appointments were no-shows?\"), lists and lookups. When I am not sure what you mean I ask one question "
            + "or say that I cannot answer, rather than guess.";

    private final String sourceName;

    public MetaRung(String sourceName) {
        this.sourceName = sourceName;
    }

    @Override
    public String name() {
        return "meta";
    }

    @Override
    public Attempt attempt(String question) {
        String q = normalise(question);
        String reply;
        if (GREETINGS.contains(q)) {
            reply = "Hello. I am connected to " + sourceName + ". " + CAPABILITY_TEXT;
        } else if (THANKS.contains(q)) {
            reply = "You are welcome.";
        } else if (CAPABILITIES.contains(q)) {
            reply = CAPABILITY_TEXT;
        } else {
            return new Attempt.Miss("not a greeting or a question about Tally", List.of());
        }
        Answer answer = new Answer(question, AnswerStatus.ANSWERED, List.of("answer"), List.of(List.of(reply)), null,
                "Answered from Tally's own rules; no database query was needed.", List.of(), null, null, null);
        return new Attempt.Done(answer, List.of());
    }

    // compiled once: every question passes through here before the grammar
    private static final Pattern NOT_WORD = Pattern.compile("[^a-z0-9 ]");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern ADDRESSED = Pattern.compile("^please | please$| tally$");

    static String normalise(String question) {
        String s = SPACES.matcher(NOT_WORD.matcher(question.toLowerCase(Locale.ROOT)).replaceAll(" ")).replaceAll(" ")
                .strip();
        s = s.replace("whats", "what is").replace("pls", "please");
        // addressing Tally by name changes nothing: "hello tally" is "hello"
        return ADDRESSED.matcher(s).replaceAll("");
    }
}
