package org.tally.core.conversation;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;

/**
 * A kept conversation as a report for people: each turn's question, what it carried over, the answer as a table
 * (its first rows), its explanation and SQL, and the chart image where
 * the workstation drew one. Markdown or self-contained HTML.
 */
public final class ConversationReport {

    /** Rows shown per answer; a longer list says how many more there were. */
    static final int ROWS_SHOWN = 200;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    private ConversationReport() {
    }

    /**
     * @param images per turn number, how the chart image is referred to (a file name next to the report); turns
     *               without one have no entry
     */
    public static String markdown(ConversationStore.Kept kept, Map<Integer, String> images) {
        StringBuilder out = new StringBuilder();
        ConversationStore.Summary s = kept.summary();
        out.append("# ").append(escapeMd(s.title())).append("\n\n");
        out.append("Source: ").append(escapeMd(s.source())).append(" · ").append(escapeMd(s.scope())).append(" · ")
                .append(WHEN.format(s.startedAt())).append("\n\n");
        for (Turn t : kept.turns()) {
            Answer a = t.answer();
            out.append("## ").append(t.number()).append(". ").append(escapeMd(t.question())).append("\n\n");
            if (t.focus() != null && !t.focus().carriesNothing()) {
                out.append("*using: ").append(escapeMd(t.focus().using())).append("*\n\n");
            }
            if (a.status() == AnswerStatus.ANSWERED && !a.columns().isEmpty()) {
                List<List<String>> rows = shown(a);
                out.append('|');
                a.columns().forEach(c -> out.append(' ').append(cell(c)).append(" |"));
                out.append("\n|");
                a.columns().forEach(c -> out.append(" --- |"));
                out.append('\n');
                for (List<String> row : rows) {
                    out.append('|');
                    row.forEach(v -> out.append(' ').append(cell(v)).append(" |"));
                    out.append('\n');
                }
                if (a.rows().size() > rows.size()) {
                    out.append("\n(").append(a.rows().size() - rows.size()).append(" more rows)\n");
                }
                out.append('\n');
            } else if (a.status() == AnswerStatus.CLARIFY) {
                out.append(escapeMd(a.clarify().question())).append(" (").append(escapeMd(String.join(", ",
                        a.clarify().options()))).append(")\n\n");
            } else if (a.message() != null) {
                out.append(escapeMd(a.message())).append("\n\n");
            }
            String image = images.get(t.number());
            if (image != null) {
                out.append("![chart of turn ").append(t.number()).append("](").append(image).append(")\n\n");
            }
            if (a.explanation() != null) {
                out.append(escapeMd(a.explanation())).append("\n\n");
            }
            if (a.sql() != null) {
                out.append("```sql\n").append(a.sql().replace("```", "` ` `")).append("\n```\n\n");
            }
        }
        return out.toString();
    }

    /** @param images per turn number, the chart as a {@code data:image/png;base64,…} URI */
    public static String html(ConversationStore.Kept kept, Map<Integer, String> images) {
        StringBuilder out = new StringBuilder();
        ConversationStore.Summary s = kept.summary();
        out.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(escape(s.title()))
                .append("</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;}"
                        + "table{border-collapse:collapse;}td,th{border:1px solid #999;padding:2px 6px;}"
                        + "pre{background:#f4f4f4;padding:6px;white-space:pre-wrap;}.using{color:#555;}"
                        + "</style></head><body>\n");
        out.append("<h1>").append(escape(s.title())).append("</h1>\n<p>Source: ").append(escape(s.source()))
                .append(" · ").append(escape(s.scope())).append(" · ").append(WHEN.format(s.startedAt()))
                .append("</p>\n");
        for (Turn t : kept.turns()) {
            Answer a = t.answer();
            out.append("<h2>").append(t.number()).append(". ").append(escape(t.question())).append("</h2>\n");
            if (t.focus() != null && !t.focus().carriesNothing()) {
                out.append("<p class=\"using\">using: ").append(escape(t.focus().using())).append("</p>\n");
            }
            if (a.status() == AnswerStatus.ANSWERED && !a.columns().isEmpty()) {
                List<List<String>> rows = shown(a);
                out.append("<table><tr>");
                a.columns().forEach(c -> out.append("<th>").append(escape(c)).append("</th>"));
                out.append("</tr>\n");
                for (List<String> row : rows) {
                    out.append("<tr>");
                    row.forEach(v -> out.append("<td>").append(escape(v)).append("</td>"));
                    out.append("</tr>\n");
                }
                out.append("</table>\n");
                if (a.rows().size() > rows.size()) {
                    out.append("<p>(").append(a.rows().size() - rows.size()).append(" more rows)</p>\n");
                }
            } else if (a.status() == AnswerStatus.CLARIFY) {
                out.append("<p>").append(escape(a.clarify().question())).append(" (")
                        .append(escape(String.join(", ", a.clarify().options()))).append(")</p>\n");
            } else if (a.message() != null) {
                out.append("<p>").append(escape(a.message())).append("</p>\n");
            }
            String image = images.get(t.number());
            if (image != null) {
                out.append("<p><img alt=\"chart of turn ").append(t.number()).append("\" src=\"").append(escape(image))
                        .append("\"></p>\n");
            }
            if (a.explanation() != null) {
                out.append("<p>").append(escape(a.explanation())).append("</p>\n");
            }
            if (a.sql() != null) {
                out.append("<pre>").append(escape(a.sql())).append("</pre>\n");
            }
        }
        return out.append("</body></html>\n").toString();
    }

    /** The first rows, each value as text (an empty cell for none). */
    private static List<List<String>> shown(Answer a) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < Math.min(ROWS_SHOWN, a.rows().size()); i++) {
            out.add(a.rows().get(i).stream().map(v -> v == null ? "" : String.valueOf(v)).toList());
        }
        return out;
    }

    private static String cell(String v) {
        return escapeMd(v == null ? "" : v).replace("|", "\\|").replace("\n", " ");
    }

    private static String escapeMd(String s) {
        return s.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_").replace("<", "&lt;");
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
