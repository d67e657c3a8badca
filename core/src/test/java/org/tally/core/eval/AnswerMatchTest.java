package org.tally.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerMatchTest {

    private static GoldTable written(List<?>... rows) {
        List<List<Object>> out = new ArrayList<>();
        for (List<?> r : rows) {
            out.add(new ArrayList<>(r));
        }
        return GoldTable.written(out);
    }

    private static List<List<Object>> rows(List<?>... rows) {
        return new ArrayList<>(written(rows).rows());
    }

    @Test
    void rowsInAnotherOrderMatchUnlessTheQuestionFixesTheOrder() {
        GoldTable gold = written(List.of("a", "1"), List.of("b", "2"));
        List<List<Object>> answer = rows(List.of("b", 2), List.of("a", 1));
        assertThat(AnswerMatch.compare(gold, answer, 2, false).matches()).isTrue();
        assertThat(AnswerMatch.compare(gold, answer, 2, true).matches()).isFalse();
    }

    @Test
    void numbersAreComparedRoundedToThreeDecimals() {
        GoldTable gold = written(List.of("72.333"));
        assertThat(AnswerMatch.compare(gold, rows(List.of(new BigDecimal("72.33333333"))), 1, false).matches())
                .isTrue();
        assertThat(AnswerMatch.compare(gold, rows(List.of(72.334)), 1, false).matches()).isFalse();
        assertThat(AnswerMatch.compare(written(List.of("5.0")), rows(List.of(5)), 1, false).matches()).isTrue();
    }

    @Test
    void timestampsMatchWhetherWrittenWithASpaceOrAT() {
        GoldTable gold = written(List.of("2100-03-04 10:15:00"));
        assertThat(AnswerMatch.compare(gold, rows(List.of("2100-03-04T10:15")), 1, false).matches()).isTrue();
        assertThat(AnswerMatch.compare(gold, rows(List.of("2100-03-04T10:16")), 1, false).matches()).isFalse();
    }

    @Test
    void anAnswerWithALabelBesideTheAskedColumnMatchesAndSaysItNeededTheAllowance() {
        GoldTable gold = written(List.of("3"), List.of("7"));
        AnswerMatch.Result r = AnswerMatch.compare(gold, rows(List.of("ward a", 7), List.of("ward b", 3)), 2, false);
        assertThat(r.matches()).isTrue();
        assertThat(r.extraColumns()).isTrue();
        assertThat(AnswerMatch.compare(gold, rows(List.of("ward a", 7), List.of("ward b", 4)), 2, false).matches())
                .isFalse();
    }

    @Test
    void fewerColumnsOrOtherRowCountsNeverMatch() {
        GoldTable gold = written(List.of("a", "1"));
        assertThat(AnswerMatch.compare(gold, rows(List.of("a")), 1, false).why()).contains("columns");
        assertThat(AnswerMatch.compare(gold, List.of(), 2, false).matches()).isFalse();
        assertThat(AnswerMatch.compare(written(), List.of(), 1, false).matches()).isTrue();
        assertThat(AnswerMatch.compare(gold, rows(List.of("a", 1), List.of("a", 1)), 2, false).matches()).isFalse();
    }

    @Test
    void aNullMatchesOnlyANull() {
        GoldTable gold = written(Arrays.asList("a", null));
        assertThat(AnswerMatch.compare(gold, rows(Arrays.asList("a", null)), 2, false).matches()).isTrue();
        assertThat(AnswerMatch.compare(gold, rows(List.of("a", 0)), 2, false).matches()).isFalse();
    }

    @Test
    void onlyTheFirstHundredSortedRowsAreCompared() {
        List<List<Object>> gold = new ArrayList<>();
        List<List<Object>> answer = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            gold.add(List.of(String.format("r%03d", i)));
            answer.add(List.of(String.format("r%03d", i < 100 ? i : i + 1000)));
        }
        assertThat(AnswerMatch.compare(GoldTable.written(gold), answer, 1, false).matches()).isTrue();
        answer.set(5, List.of("xyz"));
        assertThat(AnswerMatch.compare(GoldTable.written(gold), answer, 1, false).matches()).isFalse();
    }
}
