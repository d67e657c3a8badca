package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parsing latency over ~100 realistic questions on the demo:dev-shaped vocabulary: warm-up, then every question
 * parsed many times; prints p50, p99 and the outcome mix. Run with
 * {@code java -cp core/target/test-classes:core/target/classes:<deps> org.tally.core.grammar.GrammarBenchmark}.
 */
public final class GrammarBenchmark {

    private GrammarBenchmark() {
    }

    static List<String> questions() {
        List<String> q = new ArrayList<>(List.of(
                "How many patients are there?", "How many caesarean deliveries were there last month, by ward?",
                "what percentage of appointments were no-shows last year", "top 5 diagnoses this year",
                "average length of stay in ICU last quarter", "list patients with no appointment",
                "how many admissions by ward", "number of deliveries per month this year",
                "which ward had the most admissions last month", "how many female patients",
                "how many admissions stayed over 7 days", "how many pending lab orders",
                "is there any stillbirth delivery this year", "what is the stillbirth rate this year",
                "how many abnormal lab results last week", "how many outstanding bills",
                "median length of stay", "total bill amount last month", "how many patients by district",
                "how many lab orders by status", "show me all stillbirth deliveries this year",
                "look up the ward Labour Suite", "most common diagnosis", "how many active providers",
                "how many admissions are currently admitted", "how many emergency admissions this month",
                "how many elective admissions in 2025", "how many deliveries in May 2026",
                "how many deliveries between March and May", "how many deliveries since 1 May 2026",
                "how many deliveries in the last 30 days", "how many admissions yesterday",
                "how many admissions today", "monthly deliveries this year", "deliveries over time",
                "how many admissions by gender", "Delete all patients", "How many patients; DROP TABLE patients",
                "' OR 1=1 --", "How many parking spaces are there?", "how many?", "and by ward?",
                "how many purple patients", "how many active patients are there", "how many appointments last month",
                "average duration of icu stays in hours", "longest length of stay last year",
                "how many patients with a caesarean delivery", "how many patients who never had an admission",
                "weekly admissions last quarter", "how many admissions per quarter this year",
                "how many deliveries in the maternity ward", "how many admissions on ward 3",
                "number of lab orders by status this month", "how many male patients by district",
                "count deliveries by ward last year", "how many stillbirths last year",
                "how many live births this year by ward", "what percentage of lab orders were cancelled",
                "how many cancelled lab orders last week", "list pending lab orders",
                "which lab orders are pending", "how many unpaid bills in 2025", "how many paid bills last month",
                "top 3 wards by admissions", "top ten diagnoses last year", "most frequent 3 diagnoses",
                "how many icu stays this year", "how many icu stays currently in icu",
                "how many deliveries by outcome", "how many deliveries by delivery method"));
        String[] periods = {"last month", "this year", "last week", "in 2025", "yesterday", "this quarter",
                "in the last 7 days", "between June and August", "since March", "before 2026"};
        for (String p : periods) {
            q.add("how many admissions " + p);
            q.add("how many caesarean deliveries " + p + " by ward");
            q.add("average length of stay " + p);
        }
        return q;
    }

    public static void main(String[] args) {
        Grammar grammar = Fixtures.grammar(Fixtures.dev());
        List<String> questions = questions();
        for (int round = 0; round < 200; round++) {
            questions.forEach(grammar::parse);
        }
        int rounds = 300;
        long[] samples = new long[questions.size() * rounds];
        int n = 0;
        int[] mix = new int[3];
        for (int round = 0; round < rounds; round++) {
            for (String question : questions) {
                long start = System.nanoTime();
                ParseOutcome o = grammar.parse(question);
                samples[n++] = System.nanoTime() - start;
                if (round == 0) {
                    mix[o instanceof ParseOutcome.Parsed ? 0 : o instanceof ParseOutcome.NeedsClarification ? 1 : 2]++;
                }
            }
        }
        Arrays.sort(samples);
        System.out.printf("questions=%d parsed=%d clarify=%d noParse=%d samples=%d%n", questions.size(), mix[0],
                mix[1], mix[2], samples.length);
        System.out.printf("p50=%.1f us  p90=%.1f us  p99=%.1f us  max=%.1f us%n", samples[samples.length / 2] / 1e3,
                samples[(int) (samples.length * 0.90)] / 1e3, samples[(int) (samples.length * 0.99)] / 1e3,
                samples[samples.length - 1] / 1e3);
    }
}
