package org.tally.core.grammar;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.Year;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Time phrases → half-open date ranges [from, to), computed from the injected {@code today}. Weeks start on Monday;
 * quarters on January, April, July and October. "In the last N days" is today and the N−1 days before it; "the
 * next N days" is today and the N−1 days after it; "next week" is the calendar week after this one. A month
 * without a year is its latest occurrence that has begun (in November, "May" is this May; in March, last May).
 * "After" a period starts when the period ends; "before" ends where it starts; "since" starts where it starts. "In
 * the last month" (no number) is refused: it is said both of the calendar month before this one and of the month up
 * to today.
 */
final class TimePhrases {

    /** A recognised phrase: how many tokens it used and the range (either end may be null, not both). */
    record Match(int length, LocalDate from, LocalDate to) {
    }

    private record Period(int length, LocalDate start, LocalDate end) {
    }

    private static final Map<String, Month> MONTHS = Map.ofEntries(
            Map.entry("january", Month.JANUARY), Map.entry("jan", Month.JANUARY),
            Map.entry("february", Month.FEBRUARY), Map.entry("feb", Month.FEBRUARY),
            Map.entry("march", Month.MARCH), Map.entry("april", Month.APRIL), Map.entry("apr", Month.APRIL),
            Map.entry("may", Month.MAY), Map.entry("june", Month.JUNE), Map.entry("jun", Month.JUNE),
            Map.entry("july", Month.JULY), Map.entry("jul", Month.JULY), Map.entry("august", Month.AUGUST),
            Map.entry("aug", Month.AUGUST), Map.entry("september", Month.SEPTEMBER),
            Map.entry("sep", Month.SEPTEMBER), Map.entry("sept", Month.SEPTEMBER),
            Map.entry("october", Month.OCTOBER), Map.entry("oct", Month.OCTOBER),
            Map.entry("november", Month.NOVEMBER), Map.entry("nov", Month.NOVEMBER),
            Map.entry("december", Month.DECEMBER), Map.entry("dec", Month.DECEMBER));

    /** The units "in the last …" is said of without a number. */
    private static final Set<String> UNITS = Set.of("day", "week", "month", "quarter", "year");

    private final List<Token> t;
    private final LocalDate today;

    TimePhrases(List<Token> tokens, LocalDate today) {
        this.t = tokens;
        this.today = today;
    }

    /** Whether a word can only start a time phrase here (used to stop other phrases). */
    static boolean isMonth(String word) {
        return MONTHS.containsKey(word);
    }

    /** The time phrase starting at {@code i} (null when there is none), or a miss for a date no calendar has. */
    Result<Match> at(int i) {
        int j = i;
        if (word(j, "during") || word(j, "for")) {
            j++;
        }
        int within = j + (word(j, "in") || word(j, "over") || word(j, "within") ? 1 : 0);
        if (within > j && word(within, "the") && word(within + 1, "last") && within + 2 < t.size()
                && UNITS.contains(t.get(within + 2).text())) {
            // "last year" is the calendar year before this one and "the past year" the year up to today; "in the
            // last year" is said for either, so which is meant is not known
            String unit = t.get(within + 2).text();
            return Result.miss("'" + t.get(j).text() + " the last " + unit + "' could be the calendar " + unit
                    + " before this one or the " + unit + " up to today; say 'last " + unit + "' or 'in the past "
                    + unit + "'");
        }
        Match m = relative(j);
        if (m == null && j > i) {
            Result<Period> p = period(j);
            if (p.stopped()) {
                return p.stop();
            }
            m = p.value() == null ? null : new Match(p.value().length, p.value().start, p.value().end);
        }
        if (m == null && word(j, "in")) {
            m = relativeAfterIn(j + 1);
            if (m != null) {
                m = new Match(m.length + 1, m.from, m.to);
            } else {
                Result<Period> p = period(j + 1);
                if (p.stopped()) {
                    return p.stop();
                }
                m = p.value() == null ? null : new Match(p.value().length + 1, p.value().start, p.value().end);
            }
        }
        if (m == null && (word(j, "since") || word(j, "from"))) {
            Result<Boolean> rangeFrom = isRangeFrom(j);
            if (rangeFrom.stopped()) {
                return rangeFrom.stop();
            }
            if (!rangeFrom.value()) {
                Result<Period> p = period(j + 1);
                if (p.stopped()) {
                    return p.stop();
                }
                m = p.value() == null ? null : new Match(p.value().length + 1, p.value().start, null);
            }
        }
        if (m == null && word(j, "before")) {
            Result<Period> p = period(j + 1);
            if (p.stopped()) {
                return p.stop();
            }
            m = p.value() == null ? null : new Match(p.value().length + 1, null, p.value().start);
        }
        if (m == null && word(j, "after")) {
            Result<Period> p = period(j + 1);
            if (p.stopped()) {
                return p.stop();
            }
            m = p.value() == null ? null : new Match(p.value().length + 1, p.value().end, null);
        }
        if (m == null && (word(j, "between") || word(j, "from"))) {
            Result<Match> r = range(j);
            if (r.stopped()) {
                return r;
            }
            m = r.value();
        }
        if (m == null) {
            return Result.ok(null);
        }
        return Result.ok(new Match(m.length + (j - i), m.from, m.to));
    }

    /**
     * A period written alone at {@code i} ("2024", "May", "March 2025", "2026-03-05"), as "in …" would read it: what a
     * follow-up such as "what about 2024?" names. Null when there is none.
     */
    Result<Match> bareAt(int i) {
        return period(i).map(p -> p == null ? null : new Match(p.length, p.start, p.end));
    }

    private Result<Boolean> isRangeFrom(int j) {
        if (!word(j, "from")) {
            return Result.ok(false);
        }
        return range(j).map(r -> r != null);
    }

    private Match relative(int i) {
        LocalDate monday = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        LocalDate month = today.withDayOfMonth(1);
        LocalDate quarter = LocalDate.of(today.getYear(), ((today.getMonthValue() - 1) / 3) * 3 + 1, 1);
        LocalDate year = LocalDate.of(today.getYear(), 1, 1);
        if (word(i, "today")) {
            return new Match(1, today, today.plusDays(1));
        }
        if (word(i, "yesterday")) {
            return new Match(1, today.minusDays(1), today);
        }
        if (word(i, "tomorrow")) {
            return new Match(1, today.plusDays(1), today.plusDays(2));
        }
        int j = word(i, "the") ? i + 1 : i;
        boolean current = word(j, "this") || word(j, "current");
        boolean previous = word(j, "last") || word(j, "previous");
        if (word(j, "next") || word(j, "coming")) {
            // the calendar week, month, quarter or year after this one (bookings, due dates)
            int len = j - i + 2;
            if (word(j + 1, "week")) {
                return new Match(len, monday.plusWeeks(1), monday.plusWeeks(2));
            }
            if (word(j + 1, "month")) {
                return new Match(len, month.plusMonths(1), month.plusMonths(2));
            }
            if (word(j + 1, "quarter")) {
                return new Match(len, quarter.plusMonths(3), quarter.plusMonths(6));
            }
            if (word(j + 1, "year")) {
                return new Match(len, year.plusYears(1), year.plusYears(2));
            }
        }
        if (current || previous) {
            int len = j - i + 2;
            if (word(j + 1, "week")) {
                return previous ? new Match(len, monday.minusWeeks(1), monday)
                        : new Match(len, monday, monday.plusWeeks(1));
            }
            if (word(j + 1, "month")) {
                return previous ? new Match(len, month.minusMonths(1), month)
                        : new Match(len, month, month.plusMonths(1));
            }
            if (word(j + 1, "quarter")) {
                return previous ? new Match(len, quarter.minusMonths(3), quarter)
                        : new Match(len, quarter, quarter.plusMonths(3));
            }
            if (word(j + 1, "year")) {
                return previous ? new Match(len, year.minusYears(1), year)
                        : new Match(len, year, year.plusYears(1));
            }
        }
        Match last = lastN(i);
        return last != null ? last : nextN(i);
    }

    /** "in the last 7 days", "over the past 3 months", "last 30 days", "the past week", "the next 14 days". */
    private Match relativeAfterIn(int i) {
        Match m = lastN(i);
        return m != null ? m : nextN(i);
    }

    /**
     * "(in|within|over) the next N days|weeks|months": today and what follows it, as "the last N days" is today
     * and what came before ([today, today + N days)).
     */
    private Match nextN(int i) {
        int j = i;
        if (word(j, "over") || word(j, "within")) {
            j++;
        }
        if (word(j, "the")) {
            j++;
        }
        if (!(word(j, "next") || word(j, "coming"))) {
            return null;
        }
        j++;
        if (j >= t.size() || !t.get(j).isNumber() || j + 1 >= t.size()) {
            return null;
        }
        int n = t.get(j).number();
        String unit = t.get(j + 1).text();
        if (n < 1 || n > 1000) {
            return null;
        }
        LocalDate end;
        switch (unit) {
            case "day": case "days": end = today.plusDays(n); break;
            case "week": case "weeks": end = today.plusWeeks(n); break;
            case "month": case "months": end = today.plusMonths(n); break;
            default: return null;
        }
        if (n == 1 && unit.endsWith("s") || n > 1 && !unit.endsWith("s")) {
            return null;
        }
        return new Match(j + 2 - i, today, end);
    }

    private Match lastN(int i) {
        int j = i;
        if (word(j, "over") || word(j, "within")) {
            j++;
        }
        if (word(j, "the")) {
            j++;
        }
        if (!(word(j, "last") || word(j, "past"))) {
            return null;
        }
        j++;
        int n = 1;
        if (j < t.size() && t.get(j).isNumber()) {
            n = t.get(j).number();
            j++;
        } else if (!(word(j, "day") || word(j, "week") || word(j, "month") || word(j, "year"))) {
            return null;
        }
        if (n < 1 || n > 1000 || j >= t.size()) {
            return null;
        }
        LocalDate end = today.plusDays(1);
        String unit = t.get(j).text();
        LocalDate start;
        switch (unit) {
            case "day": case "days": start = today.minusDays(n - 1L); break;
            case "week": case "weeks": start = end.minusWeeks(n); break;
            case "month": case "months": start = end.minusMonths(n); break;
            case "year": case "years": start = end.minusYears(n); break;
            default: return null;
        }
        if (n == 1 && (unit.endsWith("s"))) {
            return null;
        }
        return new Match(j + 1 - i, start, end);
    }

    /** "between March and May [2026]", "from March to May 2026", "between 2024 and 2025". */
    private Result<Match> range(int i) {
        String joiner = word(i, "between") ? "and" : "to";
        for (int k = i + 2; k < Math.min(t.size(), i + 6); k++) {
            if (!word(k, joiner) && !(joiner.equals("to") && word(k, "until"))) {
                continue;
            }
            Result<Period> secondRead = period(k + 1);
            if (secondRead.stopped()) {
                return secondRead.stop();
            }
            Period second = secondRead.value();
            if (second == null) {
                return Result.ok(null);
            }
            Result<Period> firstRead = period(i + 1);
            if (firstRead.stopped()) {
                return firstRead.stop();
            }
            Period first = firstRead.value();
            boolean bareFirstMonth = k - (i + 1) == 1 && monthAt(i + 1) != null;
            Integer secondYear = monthAt(k + 1) != null ? yearAt(k + 2) : null;
            if (bareFirstMonth && secondYear != null) {
                first = monthOf(monthAt(i + 1), secondYear, 1);
                if (!first.start.isBefore(second.end)) {
                    first = monthOf(monthAt(i + 1), secondYear - 1, 1);
                }
            }
            if (first == null || first.length != k - (i + 1)) {
                return Result.ok(null);
            }
            if (!first.start.isBefore(second.end)) {
                return Result.miss("the range '" + words(i, k + 1 + second.length) + "' is empty");
            }
            return Result.ok(new Match(k + 1 + second.length - i, first.start, second.end));
        }
        return Result.ok(null);
    }

    /** A calendar period: an ISO date, a day with month and year, a month [year], or a year; null when none. */
    private Result<Period> period(int i) {
        if (i >= t.size()) {
            return Result.ok(null);
        }
        String w = t.get(i).text();
        if (w.matches("\\d{4}-\\d{2}-\\d{2}")) {
            try {
                LocalDate d = LocalDate.parse(w);
                return Result.ok(new Period(1, d, d.plusDays(1)));
            } catch (DateTimeParseException e) {
                return Result.miss("'" + w + "' is not a calendar date");
            }
        }
        Integer year = yearAt(i);
        if (year != null) {
            return Result.ok(new Period(1, LocalDate.of(year, 1, 1), LocalDate.of(year + 1, 1, 1)));
        }
        // 1 May 2026, 1st of May 2026, the 1st of May
        int j = word(i, "the") ? i + 1 : i;
        if (j < t.size() && t.get(j).number() != null && t.get(j).number() <= 31) {
            int day = t.get(j).number();
            int k = word(j + 1, "of") ? j + 2 : j + 1;
            Month m = monthAt(k);
            if (m != null) {
                Integer y = yearAt(k + 1);
                return day(m, day, y, k + (y == null ? 1 : 2) - i);
            }
            return Result.ok(null);
        }
        Month m = monthAt(i);
        if (m == null) {
            return Result.ok(null);
        }
        // May 1 2026, May 1st, May 2026, May
        if (i + 1 < t.size() && t.get(i + 1).number() != null && t.get(i + 1).number() <= 31
                && yearAt(i + 1) == null) {
            Integer y = yearAt(i + 2);
            return day(m, t.get(i + 1).number(), y, y == null ? 2 : 3);
        }
        Integer y = yearAt(i + 1);
        return Result.ok(monthOf(m, y, y == null ? 1 : 2));
    }

    private Result<Period> day(Month m, int day, Integer year, int length) {
        int y = year != null ? year : defaultYear(m);
        if (day < 1 || day > m.length(Year.isLeap(y))) {
            return Result.miss(m.toString().toLowerCase() + " " + y + " has no day " + day);
        }
        LocalDate d = LocalDate.of(y, m, day);
        return Result.ok(new Period(length, d, d.plusDays(1)));
    }

    private Period monthOf(Month m, Integer year, int length) {
        int y = year != null ? year : defaultYear(m);
        LocalDate start = LocalDate.of(y, m, 1);
        return new Period(length, start, start.plusMonths(1));
    }

    /** The latest occurrence of the month that has begun by today. */
    private int defaultYear(Month m) {
        return m.getValue() <= today.getMonthValue() ? today.getYear() : today.getYear() - 1;
    }

    private Integer yearAt(int i) {
        if (i >= t.size() || t.get(i).ordinal()) {
            return null;
        }
        Integer n = t.get(i).number();
        return n != null && n >= 1900 && n <= 2200 ? n : null;
    }

    private Month monthAt(int i) {
        return i < t.size() ? MONTHS.get(t.get(i).text()) : null;
    }

    private boolean word(int i, String w) {
        return i >= 0 && i < t.size() && t.get(i).is(w);
    }

    private String words(int from, int to) {
        StringBuilder b = new StringBuilder();
        for (int k = from; k < Math.min(to, t.size()); k++) {
            b.append(k == from ? "" : " ").append(t.get(k).text());
        }
        return b.toString();
    }
}
