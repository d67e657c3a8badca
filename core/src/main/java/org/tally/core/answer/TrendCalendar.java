package org.tally.core.answer;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecJson;

/**
 * A count per bucket of time shows every bucket: a month with no admissions is a month with 0 admissions, and a line
 * chart that skips it draws a lie. The SQL groups the rows there are; this adds a 0 row for each bucket of the asked
 * range (or, with no range, between the first and the last bucket found) that has none. Only where 0 is the exact
 * answer: counts (never sums or averages, whose empty bucket has no value), one time bucket and nothing else,
 * in time order, no row limit, and not a list read page by page. The workstation shows answers so; the command line
 * prints the rows the SQL returned.
 */
public final class TrendCalendar {

    /** Above this many buckets a calendar is no help (an hourly trend over years): left as it is. */
    static final int MAX_BUCKETS = 1_000;

    private TrendCalendar() {
    }

    /** {@code answer} with its empty buckets as 0 rows where that is the exact answer; else {@code answer} itself. */
    public static Answer fill(Answer answer) {
        if (answer.status() != AnswerStatus.ANSWERED || answer.specJson() == null || answer.nextPage() != null) {
            return answer;
        }
        QuerySpec spec;
        try {
            spec = SpecJson.fromJson(answer.specJson());
        } catch (RuntimeException e) {
            return answer;
        }
        if (spec.dimensions().size() != 1 || !(spec.dimensions().get(0) instanceof Dimension.TimeBucket tb)
                || spec.limit() != null || !countsOnly(spec) || !timeOrdered(spec)
                || answer.columns().size() != 1 + spec.measures().size()) {
            return answer;
        }
        Bucket bucket = tb.bucket();
        TreeMap<LocalDateTime, Integer> found = new TreeMap<>();
        boolean dates = true;
        for (int i = 0; i < answer.rows().size(); i++) {
            Object v = answer.rows().get(i).get(0);
            LocalDateTime at = parse(v);
            if (at == null || !at.equals(start(bucket, at)) || found.put(at, i) != null) {
                return answer; // not bucket starts as this calendar computes them: leave the rows as they are
            }
            dates &= !v.toString().contains("T");
        }
        LocalDateTime first = bound(spec, tb, CompareOp.GE, bucket);
        LocalDateTime last = bound(spec, tb, CompareOp.LT, bucket);
        if (first == null && !found.isEmpty()) {
            first = found.firstKey();
        }
        if (last == null && !found.isEmpty()) {
            last = found.lastKey();
        }
        if (first == null || last == null || first.isAfter(last)
                || !found.isEmpty() && (found.firstKey().isBefore(first) || found.lastKey().isAfter(last))) {
            return answer;
        }
        List<List<Object>> rows = new ArrayList<>();
        List<List<String>> display = answer.display() == null ? null : new ArrayList<>();
        int added = 0;
        for (LocalDateTime t = first; !t.isAfter(last); t = next(bucket, t)) {
            if (rows.size() > MAX_BUCKETS) {
                return answer;
            }
            Integer i = found.get(t);
            if (i != null) {
                rows.add(answer.rows().get(i));
                if (display != null) {
                    display.add(answer.display().get(i));
                }
                continue;
            }
            List<Object> zero = new ArrayList<>();
            // the spelling the rows use for a timestamp (ISO-8601, as every answer value)
            zero.add(dates ? t.toLocalDate().toString() : t.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
            for (int m = 0; m < spec.measures().size(); m++) {
                zero.add(0L);
            }
            rows.add(zero);
            if (display != null) {
                display.add(zero.stream().map(v -> DisplayValues.cell(v, Locale.getDefault(Locale.Category.FORMAT)))
                        .toList());
            }
            added++;
        }
        if (added == 0) {
            return answer;
        }
        String note = added + " " + bucket.jsonName() + (added == 1 ? "" : "s") + " with none " + (added == 1 ? "is"
                : "are") + " shown as 0.";
        String message = answer.message() == null || answer.message().isBlank() ? note : answer.message() + " " + note;
        return new Answer(answer.question(), answer.status(), answer.columns(), rows, answer.sql(),
                answer.explanation(), answer.path(), answer.specHash(), answer.clarify(), message, answer.readAs(),
                answer.model(), answer.specJson(), null, answer.snapshot(), answer.citations(), display);
    }

    private static boolean countsOnly(QuerySpec spec) {
        return !spec.measures().isEmpty() && spec.measures().stream().allMatch(m -> m instanceof Measure.Count
                || m instanceof Measure.Aggregate a && a.function() == Aggregation.COUNT_DISTINCT);
    }

    private static boolean timeOrdered(QuerySpec spec) {
        return spec.order().stream().allMatch(k -> k instanceof OrderKey.ByDimension d && d.index() == 0
                && d.direction() == Direction.ASC);
    }

    /** The first (GE) or last (LT: the bucket before the end) bucket of the asked range on the bucket's column. */
    private static LocalDateTime bound(QuerySpec spec, Dimension.TimeBucket tb, CompareOp op, Bucket bucket) {
        for (Filter f : spec.filters()) {
            if (f instanceof Filter.Compare c && c.op() == op && c.target().equals(tb.column())) {
                LocalDateTime at = literal(c.value());
                if (at != null) {
                    return op == CompareOp.GE ? start(bucket, at) : start(bucket, at.minusNanos(1));
                }
            }
        }
        return null;
    }

    private static LocalDateTime literal(Literal l) {
        if (l instanceof Literal.DateValue d) {
            return d.value().atStartOfDay();
        }
        if (l instanceof Literal.DateTimeValue dt) {
            return dt.value();
        }
        return null;
    }

    private static LocalDateTime parse(Object v) {
        if (!(v instanceof String s)) {
            return null;
        }
        try {
            return s.contains("T") ? LocalDateTime.parse(s) : LocalDate.parse(s).atStartOfDay();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The start of the bucket holding {@code t}: weeks start on Monday, quarters in January, April, July, October. */
    static LocalDateTime start(Bucket bucket, LocalDateTime t) {
        LocalDate d = t.toLocalDate();
        return switch (bucket) {
            case HOUR -> t.truncatedTo(ChronoUnit.HOURS);
            case DAY -> d.atStartOfDay();
            case WEEK -> d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).atStartOfDay();
            case MONTH -> d.withDayOfMonth(1).atStartOfDay();
            case QUARTER -> d.with(IsoFields.DAY_OF_QUARTER, 1).atStartOfDay();
            case YEAR -> d.withDayOfYear(1).atStartOfDay();
        };
    }

    private static LocalDateTime next(Bucket bucket, LocalDateTime t) {
        return switch (bucket) {
            case HOUR -> t.plusHours(1);
            case DAY -> t.plusDays(1);
            case WEEK -> t.plusWeeks(1);
            case MONTH -> t.plusMonths(1);
            case QUARTER -> t.plusMonths(3);
            case YEAR -> t.plusYears(1);
        };
    }
}
