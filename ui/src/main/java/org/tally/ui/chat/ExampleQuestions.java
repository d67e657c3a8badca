package org.tally.ui.chat;

import java.util.List;

/** Questions the empty chat offers on the demo hospital, in the words an analyst uses (concepts, not tables). */
public final class ExampleQuestions {

    public static final List<String> DEMO = List.of(
            "How many patients are there?",
            "How many deliveries were there last month, by ward?",
            "Number of admissions per month this year",
            "Which ward had the most admissions last year?",
            "How many caesarean deliveries were there in 2025?",
            "What can you do?");

    private ExampleQuestions() {
    }
}
