package org.tally.core.planner;

import java.util.List;
import java.util.stream.Collectors;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Literal;

/**
 * The planner's prompt: a persona composed from the binding (this source's concepts in its own words, their columns
 * by role, their recorded values, the time phrases as ranges, a few worked examples that bind on this source) and the
 * question. The instruction part is the same for every question on a source, so the runtime keeps it cached; only
 * the question part changes. The prompt carries no personal data, because the vocabulary it is built from holds
 * none, and it names no table or column: a column is its concept, its role and, where needed, its own name words.
 */
public final class PlanPrompt {

    /** Values listed per column in the prompt (the schema offers them all). */
    static final int VALUES_SHOWN = 16;

    private static final String PERSONA = String.join("\n",
            "You read a hospital analyst's question and write the query it asks for as one JSON object, a QuerySpec.",
            "You never write SQL and never name a table: a QuerySpec names concepts and the roles of their columns,",
            "and Tally maps them to the database. Use only the concepts, columns, values and dates listed below.",
            "If the question asks for something not listed, still write the closest spec: Tally checks it and",
            "refuses what does not fit.",
            "",
            "Fields: subject (the concept counted or listed), shape, measures, dimensions, filters (all must hold),",
            "timeScope (a column, from inclusive, to exclusive), related (conditions on records of another concept),",
            "order, limit, projection.",
            "Shapes: Scalar one row of measures (how many, total, average); Grouped measures per value of a column",
            "(by ward); Trend measures per time bucket (per month); TopN the first groups by a measure (which 3 ... the",
            "most: needs order and limit); List rows of the subject (projection names the columns); Lookup the columns",
            "of one named row; Rate the share of rows meeting the numerator filters; Exists whether any row matches.",
            "Measures: {\"type\":\"count\"}, or {\"type\":\"aggregate\",\"function\":F,\"of\":COLUMN} with F one of",
            "countDistinct, sum, avg, min, max, median, or {\"type\":\"rate\",\"numerator\":[FILTER]}.",
            "A column is written {\"type\":\"column\",\"concept\":C,\"role\":R} and, where listed, with its \"hint\".");

    private final String system;

    private PlanPrompt(String system) {
        this.system = system;
    }

    /** The instruction part for a vocabulary and the worked examples (question, spec JSON) that bind on it. */
    public static PlanPrompt of(PlanVocabulary vocabulary, List<PlanExamples.Example> examples) {
        StringBuilder s = new StringBuilder(PERSONA).append("\n\n");
        s.append("Today is ").append(vocabulary.time().today())
                .append(". Time phrases and their ranges (from, to exclusive):\n");
        for (PlanTime.Range r : vocabulary.time().ranges()) {
            s.append("  ").append(r.phrase()).append(": ").append(r.from()).append(' ').append(r.to()).append('\n');
        }
        s.append("\nConcepts and their columns:\n");
        for (String concept : vocabulary.concepts()) {
            s.append("- ").append(concept).append(" (").append(vocabulary.label(concept)).append(")\n");
            for (PlanVocabulary.Column c : vocabulary.columnsOf(concept)) {
                s.append("    ").append(c.role().jsonName());
                if (c.ref().hint() != null) {
                    s.append(" hint \"").append(c.ref().hint()).append('"');
                }
                s.append(describe(c)).append('\n');
            }
        }
        if (!examples.isEmpty()) {
            s.append("\nExamples:\n");
            for (PlanExamples.Example e : examples) {
                s.append("Question: ").append(e.question()).append('\n').append("Spec: ").append(e.specJson())
                        .append('\n');
            }
        }
        s.append("\nAnswer with the JSON object only.");
        return new PlanPrompt(s.toString());
    }

    private static String describe(PlanVocabulary.Column c) {
        if (!c.values().isEmpty()) {
            List<Literal> shown = c.values().subList(0, Math.min(VALUES_SHOWN, c.values().size()));
            String list = shown.stream().map(Literal::describe).collect(Collectors.joining(", "));
            int more = c.values().size() - shown.size();
            return ": " + list + (more > 0 ? " and " + more + " more" : "");
        }
        if (c.role() == ColumnRole.FLAG) {
            return ": yes/no (isTrue, isFalse)";
        }
        if (c.role().isTemporal()) {
            return ": a date and time";
        }
        if (c.role().isReference()) {
            return ": refers to another record (countDistinct counts them)";
        }
        return c.numeric() ? ": a number" : "";
    }

    /** The instruction part: identical for every question on this source, so the runtime caches it. */
    public String system() {
        return system;
    }

    /** The question part of a first attempt. */
    public static String question(String question) {
        return "Question: " + question + "\nSpec:";
    }

    /** The question part of the one repair: the first output and why it was not used. */
    public static String repair(String question, String previous, PlanError error) {
        String shown = previous == null || previous.isBlank() ? "(nothing)" : previous.strip();
        if (shown.length() > 2000) {
            shown = shown.substring(0, 2000) + "…";
        }
        return "Question: " + question + "\nYour previous spec was: " + shown + "\nIt was not used: "
                + error.describe() + ".\nWrite a corrected spec.\nSpec:";
    }
}
