package org.tally.core.conversation;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecJson;

/**
 * The administrator's backlog of what Tally could not answer, read from the kept conversations: refusals and
 * clarifications by reason class with counts per day, the words they quote, the questions themselves with their
 * reasons, the answers that came back with no rows by the spec fields they used, and drift alarms: what changed in
 * the source's catalog at its last refresh (a table gone, a recorded value gone or new) with the questions since then
 * that were not answered or found nothing and name it. Question wording, reasons and catalog names only: never a
 * result row.
 */
public record UnansweredReport(List<ClassCount> byClass, List<DayCount> byDay, List<Count> words,
                               List<Count> emptyAnswersByField, List<Example> examples, List<DriftAlarm> drift) {

    /** Examples kept per reason class. */
    static final int EXAMPLES = 20;

    public UnansweredReport {
        byClass = List.copyOf(byClass);
        byDay = List.copyOf(byDay);
        words = List.copyOf(words);
        emptyAnswersByField = List.copyOf(emptyAnswersByField);
        examples = List.copyOf(examples);
        drift = List.copyOf(drift);
    }

    /** Questions of one reason class refused and asked back. */
    public record ClassCount(String reasonClass, int refused, int clarified) {
    }

    /** Questions of one reason class on one day (UTC). */
    public record DayCount(LocalDate day, String reasonClass, int count) {
    }

    /** How often a word or a spec field came up. */
    public record Count(String what, int count) {
    }

    /** A question not answered, how often it was asked, its reason class and the reason given. */
    public record Example(String reasonClass, String question, String reason, int times) {
    }

    /**
     * One change of the catalog at its last refresh, and how many questions asked since then were not answered
     * ({@code notAnswered}) or answered with no rows ({@code emptyAnswers}) while naming what changed.
     */
    public record DriftAlarm(String what, Instant changedAt, int notAnswered, int emptyAnswers) {
    }

    public boolean isEmpty() {
        return byClass.isEmpty() && emptyAnswersByField.isEmpty() && drift.isEmpty();
    }

    static UnansweredReport read(Connection c, String source, Instant since) throws SQLException {
        return read(c, source, since, null);
    }

    /** @param drift what changed at the source's last catalog refresh (null: none known) */
    static UnansweredReport read(Connection c, String source, Instant since, CatalogChange drift) throws SQLException {
        Map<ReasonClass, int[]> classes = new LinkedHashMap<>();
        Map<LocalDate, Map<ReasonClass, Integer>> days = new TreeMap<>();
        Map<String, Integer> words = new LinkedHashMap<>();
        Map<String, Example> examples = new LinkedHashMap<>();
        Map<String, Integer> fields = new LinkedHashMap<>();
        Map<CatalogChange.Item, int[]> alarms = new LinkedHashMap<>();
        if (drift != null) {
            drift.items().forEach(i -> alarms.put(i, new int[2]));
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT t.asked_at, t.question, t.status, t.reason_class,"
                + " t.reason, t.words, t.row_count, t.spec FROM conversation_turn t JOIN conversation v"
                + " ON v.conversation_id = t.conversation_id WHERE v.source = ? AND t.asked_at >= ?"
                + " AND (t.status <> 'answered' OR t.row_count = 0) ORDER BY t.asked_at")) {
            ps.setString(1, source);
            ps.setTimestamp(2, Timestamp.from(since == null ? Instant.EPOCH : since));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String status = rs.getString(3);
                    if (drift != null && !rs.getTimestamp(1).toInstant().isBefore(drift.at())) {
                        String said = (rs.getString(2) + "\n" + (rs.getString(8) == null ? "" : rs.getString(8)))
                                .toLowerCase(Locale.ROOT);
                        alarms.forEach((item, n) -> {
                            if (item.namedIn(said)) {
                                n[status.equals("answered") ? 1 : 0]++;
                            }
                        });
                    }
                    if (status.equals("answered")) {
                        emptyAnswer(rs.getString(8), fields);
                        continue;
                    }
                    ReasonClass rc = rs.getString(4) == null ? ReasonClass.OTHER : ReasonClass.valueOf(rs.getString(4));
                    int[] counts = classes.computeIfAbsent(rc, k -> new int[2]);
                    counts[status.equals("clarify") ? 1 : 0]++;
                    LocalDate day = rs.getTimestamp(1).toInstant().atZone(ZoneOffset.UTC).toLocalDate();
                    days.computeIfAbsent(day, d -> new LinkedHashMap<>()).merge(rc, 1, Integer::sum);
                    String quoted = rs.getString(6);
                    if (quoted != null && !quoted.isBlank()) {
                        for (String w : quoted.split("\n")) {
                            words.merge(w.toLowerCase(Locale.ROOT), 1, Integer::sum);
                        }
                    }
                    String question = rs.getString(2);
                    String key = rc + "\n" + question.toLowerCase(Locale.ROOT).strip();
                    Example seen = examples.get(key);
                    examples.put(key, new Example(rc.label(), question, rs.getString(5),
                            seen == null ? 1 : seen.times() + 1));
                }
            }
        }
        List<ClassCount> byClass = new ArrayList<>();
        classes.entrySet().stream().sorted(Comparator.comparingInt(e -> -(e.getValue()[0] + e.getValue()[1])))
                .forEach(e -> byClass.add(new ClassCount(e.getKey().label(), e.getValue()[0], e.getValue()[1])));
        List<DayCount> byDay = new ArrayList<>();
        days.forEach((day, perClass) -> perClass.forEach((rc, n) -> byDay.add(new DayCount(day, rc.label(), n))));
        List<Example> kept = new ArrayList<>();
        Map<String, Integer> perClass = new LinkedHashMap<>();
        examples.values().stream().sorted(Comparator.comparingInt(e -> -e.times())).forEach(e -> {
            if (perClass.merge(e.reasonClass(), 1, Integer::sum) <= EXAMPLES) {
                kept.add(e);
            }
        });
        List<DriftAlarm> driftAlarms = new ArrayList<>();
        alarms.forEach((item, n) -> driftAlarms.add(new DriftAlarm(item.what(), drift.at(), n[0], n[1])));
        driftAlarms.sort(Comparator.comparingInt((DriftAlarm a) -> -(a.notAnswered() + a.emptyAnswers())));
        return new UnansweredReport(byClass, byDay, sorted(words), sorted(fields), kept, driftAlarms);
    }

    /** Each spec field of an answer that had no rows: its subject, each condition's column, grouping and period. */
    private static void emptyAnswer(String specJson, Map<String, Integer> fields) {
        if (specJson == null) {
            return;
        }
        QuerySpec spec;
        try {
            spec = SpecJson.fromJson(specJson);
        } catch (SpecException e) {
            return;
        }
        fields.merge("subject " + spec.subject().toLowerCase(Locale.ROOT), 1, Integer::sum);
        for (Filter f : spec.filters()) {
            f.target().columns().forEach(col -> fields.merge("condition on " + column(col), 1, Integer::sum));
        }
        for (RelatedScope r : spec.related()) {
            fields.merge("related " + r.concept().toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        for (Dimension d : spec.dimensions()) {
            fields.merge("grouping by " + column(d.column()), 1, Integer::sum);
        }
        if (spec.timeScope() != null) {
            fields.merge("period on " + column(spec.timeScope().column()), 1, Integer::sum);
        }
    }

    private static String column(ColumnRef c) {
        String words = c.hint() != null ? c.hint() : c.role().jsonName().replaceAll("([a-z])([A-Z])", "$1 $2");
        return c.concept().toLowerCase(Locale.ROOT) + " " + words.toLowerCase(Locale.ROOT);
    }

    private static List<Count> sorted(Map<String, Integer> counts) {
        List<Count> out = new ArrayList<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .forEach(e -> out.add(new Count(e.getKey(), e.getValue())));
        return out;
    }
}
