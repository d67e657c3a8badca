package org.tally.ui.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Questions the empty chat offers on the demo hospital, in the words an analyst uses (concepts, not tables): for all
 * service lines, and for each service line's scope only questions that stay inside it.
 */
public final class ExampleQuestions {

    public static final List<String> DEMO = List.of(
            "How many patients are there?",
            "How many deliveries were there last month, by ward?",
            "Number of admissions per month this year",
            "Which ward had the most admissions last year?",
            "How many caesarean deliveries were there in 2025?",
            "What can you do?");

    /** By service line id (the domain pack's). */
    private static final Map<String, List<String>> BY_SERVICE_LINE = Map.ofEntries(
            Map.entry("WardBoard", List.of("How many patients are currently admitted?",
                    "Number of admissions per month this year", "Which ward had the most admissions last year?",
                    "How many ICU stays were there this year?")),
            Map.entry("Maternity", List.of("How many deliveries were there last month?",
                    "How many caesarean deliveries were there in 2025?",
                    "How many deliveries were there per month this year?", "How many stillbirths were there in 2025?")),
            Map.entry("Pharmacy", List.of("How many prescriptions were there last month?",
                    "How many patients are there?")),
            Map.entry("Diagnostics", List.of("How many lab results were abnormal last month?",
                    "How many lab orders were there last month?")),
            Map.entry("Revenue", List.of("Total amount billed last month", "How many bills are unpaid?",
                    "How many payments were received last month?")),
            Map.entry("FrontDesk", List.of("How many appointments were there last month?",
                    "How many appointments were no-shows last month?", "How many referrals were there last month?")),
            Map.entry("Emergency", List.of("How many triage assessments were there last week?",
                    "How many ICU stays were there this year?")),
            Map.entry("Theatre", List.of("How many surgeries were there last month?",
                    "Number of surgeries per month this year")),
            Map.entry("QualitySafety", List.of("How many incidents were reported last month?")),
            Map.entry("Workforce", List.of("How many providers are there?")),
            Map.entry("ChronicCare", List.of("How many referrals were there last month?",
                    "How many appointments were there last month?")),
            Map.entry("Facilities", List.of("How many beds are out of service?")),
            Map.entry("PatientChart", List.of("How many patients are there?",
                    "How many diagnoses were recorded this year?")));

    private ExampleQuestions() {
    }

    /** The demo's examples for a scope ({@code all} or a service line id), "What can you do?" last. */
    public static List<String> forScope(String scopeId) {
        List<String> own = BY_SERVICE_LINE.get(scopeId);
        if (own == null) {
            return DEMO;
        }
        List<String> all = new ArrayList<>(own);
        all.add("What can you do?");
        return List.copyOf(all);
    }

    /** The service lines that have examples of their own. */
    public static Set<String> serviceLines() {
        return BY_SERVICE_LINE.keySet();
    }
}
