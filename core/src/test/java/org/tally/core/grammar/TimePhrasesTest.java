package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tally.core.spec.Literal;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.TimeScope;

/** Every time phrase against a fixed today; ranges are half-open [from, to), "-" for an open end. */
class TimePhrasesTest {

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource(delimiter = '|', value = {
            "today                               | 2026-11-29 | 2026-11-29 | 2026-11-30",
            "yesterday                           | 2026-11-29 | 2026-11-28 | 2026-11-29",
            "this week                           | 2026-11-29 | 2026-11-23 | 2026-11-30",
            "last week                           | 2026-11-29 | 2026-11-16 | 2026-11-23",
            "this week                           | 2026-11-23 | 2026-11-23 | 2026-11-30",
            "last week                           | 2026-11-23 | 2026-11-16 | 2026-11-23",
            "the previous week                   | 2026-01-01 | 2025-12-22 | 2025-12-29",
            "this month                          | 2026-11-29 | 2026-11-01 | 2026-12-01",
            "last month                          | 2026-11-29 | 2026-10-01 | 2026-11-01",
            "last month                          | 2026-01-15 | 2025-12-01 | 2026-01-01",
            "this quarter                        | 2026-11-29 | 2026-10-01 | 2027-01-01",
            "last quarter                        | 2026-11-29 | 2026-07-01 | 2026-10-01",
            "last quarter                        | 2026-02-10 | 2025-10-01 | 2026-01-01",
            "this year                           | 2026-11-29 | 2026-01-01 | 2027-01-01",
            "last year                           | 2026-11-29 | 2025-01-01 | 2026-01-01",
            "in 2025                             | 2026-11-29 | 2025-01-01 | 2026-01-01",
            "during 2024                         | 2026-11-29 | 2024-01-01 | 2025-01-01",
            "in May 2026                         | 2026-11-29 | 2026-05-01 | 2026-06-01",
            "in May                              | 2026-11-29 | 2026-05-01 | 2026-06-01",
            "in December                         | 2026-11-29 | 2025-12-01 | 2026-01-01",
            "in February 2024                    | 2026-11-29 | 2024-02-01 | 2024-03-01",
            "in February                         | 2024-03-01 | 2024-02-01 | 2024-03-01",
            "between March and May               | 2026-11-29 | 2026-03-01 | 2026-06-01",
            "between March and May 2025          | 2026-11-29 | 2025-03-01 | 2025-06-01",
            "between November and February 2026  | 2026-11-29 | 2025-11-01 | 2026-03-01",
            "from March to May 2026              | 2026-11-29 | 2026-03-01 | 2026-06-01",
            "between 2023 and 2024               | 2026-11-29 | 2023-01-01 | 2025-01-01",
            "since 1 May 2026                    | 2026-11-29 | 2026-05-01 | -",
            "since May 1st 2026                  | 2026-11-29 | 2026-05-01 | -",
            "since the 1st of May 2026           | 2026-11-29 | 2026-05-01 | -",
            "since 29 February 2024              | 2026-11-29 | 2024-02-29 | -",
            "since March                         | 2026-11-29 | 2026-03-01 | -",
            "before 2026                         | 2026-11-29 | -          | 2026-01-01",
            "before 2026-03-05                   | 2026-11-29 | -          | 2026-03-05",
            "after March 2026                    | 2026-11-29 | 2026-04-01 | -",
            "after 2026-03-05                    | 2026-11-29 | 2026-03-06 | -",
            "in the last 30 days                 | 2026-11-29 | 2026-10-31 | 2026-11-30",
            "in the last seven days              | 2026-11-29 | 2026-11-23 | 2026-11-30",
            "over the past 2 weeks               | 2026-11-29 | 2026-11-16 | 2026-11-30",
            "in the last 3 months                | 2026-11-29 | 2026-08-30 | 2026-11-30",
            "in the past year                    | 2024-02-29 | 2023-03-01 | 2024-03-01",
            "last 7 days                         | 2027-01-03 | 2026-12-28 | 2027-01-04",
            "next week                           | 2026-11-29 | 2026-11-30 | 2026-12-07",
            "next month                          | 2026-11-29 | 2026-12-01 | 2027-01-01",
            "next quarter                        | 2026-11-29 | 2027-01-01 | 2027-04-01",
            "next year                           | 2026-11-29 | 2027-01-01 | 2028-01-01",
            "in the next 14 days                 | 2026-11-29 | 2026-11-29 | 2026-12-13",
            "within the next 2 weeks             | 2026-11-29 | 2026-11-29 | 2026-12-13",
            "over the coming 3 months            | 2026-11-29 | 2026-11-29 | 2027-02-28"})
    void range(String phrase, String today, String from, String to) {
        Grammar g = Fixtures.grammar(Fixtures.dev(), LocalDate.parse(today));
        QuerySpec s = GrammarTest.parsed(g, "how many deliveries " + phrase);
        TimeScope scope = s.timeScope();
        assertThat(scope.from()).isEqualTo(from.equals("-") ? null : Literal.of(LocalDate.parse(from)));
        assertThat(scope.to()).isEqualTo(to.equals("-") ? null : Literal.of(LocalDate.parse(to)));
        // the phrase applies to the subject's event time by default
        assertThat(scope.column().role().jsonName()).isEqualTo("EventTime");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "since 29 February 2025 | 29", "between 2026-05-01 and 2026-03-01 | empty", "in 2026-02-30 | calendar date"})
    void impossibleDatesAreNamedMisses(String phrase, String reasonPart) {
        assertThat(GrammarTest.miss(Fixtures.grammar(Fixtures.dev()), "how many deliveries " + phrase))
                .contains(reasonPart);
    }

    /** "Last month" is the calendar month before this one; "in the last month" is said of it and of the past month. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"in the last month | month", "in the last year | year",
            "over the last week | week", "within the last day | day"})
    void theLastUnitWithoutANumberIsNotKnownToBeCalendarOrRolling(String phrase, String unit) {
        assertThat(GrammarTest.miss(Fixtures.grammar(Fixtures.dev()), "how many deliveries " + phrase))
                .contains("could be the calendar " + unit + " before this one or the " + unit + " up to today");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"last month yesterday", "in 2025 this year"})
    void twoRangesAreAMiss(String phrase) {
        assertThat(GrammarTest.miss(Fixtures.grammar(Fixtures.dev()), "how many deliveries " + phrase))
                .contains("two time ranges");
    }
}
