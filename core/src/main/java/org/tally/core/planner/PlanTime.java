package org.tally.core.planner;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The time phrases a planner may use, computed from today into typed half-open ranges, so the model chooses a range
 * instead of doing calendar arithmetic: "last month" is {@code [2026-10-01, 2026-11-01)} when today is 2026-11-29.
 * The dates of these ranges are the only dates the planner's schema offers.
 */
final class PlanTime {

    /** A phrase and its range [from, to). */
    public record Range(String phrase, LocalDate from, LocalDate to) {
        public Range {
            Objects.requireNonNull(phrase, "phrase");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            if (!from.isBefore(to)) {
                throw new IllegalArgumentException("an empty range for " + phrase);
            }
        }
    }

    /** Years back that "in YEAR" reaches, and months back that "in MONTH YEAR" reaches. */
    static final int YEARS_BACK = 6;
    static final int MONTHS_BACK = 24;

    private final LocalDate today;
    private final List<Range> ranges;

    public PlanTime(LocalDate today) {
        this.today = Objects.requireNonNull(today, "today");
        this.ranges = List.copyOf(compute(today));
    }

    public LocalDate today() {
        return today;
    }

    public List<Range> ranges() {
        return ranges;
    }

    /** Every date a range starts or ends on, in order: the schema's date enum. */
    public List<LocalDate> boundaries() {
        TreeSet<LocalDate> dates = new TreeSet<>();
        ranges.forEach(r -> {
            dates.add(r.from());
            dates.add(r.to());
        });
        return List.copyOf(dates);
    }

    private static List<Range> compute(LocalDate today) {
        List<Range> out = new ArrayList<>();
        LocalDate tomorrow = today.plusDays(1);
        out.add(new Range("today", today, tomorrow));
        out.add(new Range("yesterday", today.minusDays(1), today));
        LocalDate monday = today.with(DayOfWeek.MONDAY);
        out.add(new Range("this week", monday, monday.plusWeeks(1)));
        out.add(new Range("last week", monday.minusWeeks(1), monday));
        LocalDate month = today.withDayOfMonth(1);
        out.add(new Range("this month", month, month.plusMonths(1)));
        out.add(new Range("last month", month.minusMonths(1), month));
        LocalDate quarter = month.withMonth((today.getMonthValue() - 1) / 3 * 3 + 1);
        out.add(new Range("this quarter", quarter, quarter.plusMonths(3)));
        out.add(new Range("last quarter", quarter.minusMonths(3), quarter));
        LocalDate year = today.withDayOfYear(1);
        out.add(new Range("this year", year, year.plusYears(1)));
        out.add(new Range("last year", year.minusYears(1), year));
        for (int days : new int[] {7, 30, 90}) {
            out.add(new Range("in the last " + days + " days", today.minusDays(days - 1L), tomorrow));
        }
        out.add(new Range("in the last 12 months", tomorrow.minusMonths(12), tomorrow));
        for (int days : new int[] {7, 30}) {
            out.add(new Range("in the next " + days + " days", today, today.plusDays(days + 1L)));
        }
        for (int back = 0; back < MONTHS_BACK; back++) {
            LocalDate m = month.minusMonths(back);
            out.add(new Range("in " + m.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " "
                    + m.getYear(), m, m.plusMonths(1)));
        }
        for (int back = 0; back < YEARS_BACK; back++) {
            LocalDate y = year.minusYears(back);
            out.add(new Range("in " + y.getYear(), y, y.plusYears(1)));
        }
        return out;
    }
}
