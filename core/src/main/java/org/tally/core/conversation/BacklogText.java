package org.tally.core.conversation;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The administrator's backlog as text for people ({@code tally backlog} and the workstation's Conversations tab):
 * reason classes with their counts, per day, the words quoted, the questions, the empty answers by field and the
 * drift alarms. Wording and reasons only.
 */
public final class BacklogText {

    private BacklogText() {
    }

    /**
     * @param since the first day counted, as the user wrote it (null: ever)
     */
    public static String of(String source, String since, UnansweredReport r) {
        StringBuilder s = new StringBuilder("What Tally could not answer on ").append(source)
                .append(since == null ? "" : " since " + since).append(":\n");
        if (r.isEmpty()) {
            return s.append("  nothing: every kept question was answered with rows.").toString();
        }
        if (!r.byClass().isEmpty()) {
            s.append("\nBy reason (refused, asked back):\n");
            r.byClass().forEach(c -> s.append("  ").append(c.reasonClass()).append(": ").append(c.refused())
                    .append(" refused, ").append(c.clarified()).append(" asked back\n"));
            s.append("\nPer day:\n");
            Map<LocalDate, List<String>> days = new LinkedHashMap<>();
            r.byDay().forEach(d -> days.computeIfAbsent(d.day(), k -> new ArrayList<>())
                    .add(d.reasonClass() + " " + d.count()));
            days.forEach((day, counts) -> s.append("  ").append(day).append(": ").append(String.join(", ", counts))
                    .append('\n'));
        }
        if (!r.words().isEmpty()) {
            s.append("\nWords involved:\n  ").append(String.join(", ", r.words().stream()
                    .map(w -> "\u2018" + w.what() + "\u2019 " + w.count()).toList())).append('\n');
        }
        if (!r.examples().isEmpty()) {
            s.append("\nQuestions:\n");
            r.examples().forEach(e -> s.append("  [").append(e.reasonClass()).append("] ")
                    .append(e.times() > 1 ? e.times() + "\u00d7 " : "").append(e.question())
                    .append(e.reason() == null ? "" : "\n      " + e.reason()).append('\n'));
        }
        if (!r.emptyAnswersByField().isEmpty()) {
            s.append("\nAnswers with no rows, by what they asked for:\n");
            r.emptyAnswersByField().forEach(f -> s.append("  ").append(f.what()).append(": ").append(f.count())
                    .append('\n'));
        }
        if (!r.drift().isEmpty()) {
            s.append("\nDrift alarms (changed at the last catalog refresh):\n");
            r.drift().forEach(d -> s.append("  ").append(d.what()).append(" (").append(d.changedAt())
                    .append("): since then ").append(d.notAnswered()).append(" not answered, ")
                    .append(d.emptyAnswers()).append(" found nothing\n"));
        }
        return s.toString().stripTrailing();
    }
}
