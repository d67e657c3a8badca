package org.tally.ui.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.sql.KeysetCursor;
import org.tally.core.sql.SqlValue;
import org.tally.ui.task.TaskListener;

class ResultModelTest {

    private static PageCursor after(int n) {
        return new PageCursor("h", new KeysetCursor(List.of(Optional.of(SqlValue.of(n)))), n);
    }

    private static List<List<Object>> rows(int from, int to) {
        List<List<Object>> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(List.of("row " + i, (long) i));
        }
        return out;
    }

    @Test
    void aFailedPageSaysWhyKeepsTheRowsAndCanBeTriedAgain() {
        List<TaskListener<PageResult>> waiting = new ArrayList<>();
        ResultModel model = new ResultModel(List.of("name", "n"), rows(0, 3), null, after(3),
                (c, l) -> waiting.add(l));

        model.loadNextPage();
        model.loadNextPage();
        assertThat(waiting).as("no second read while one is loading").hasSize(1);
        assertThat(model.loadingProperty().get()).isTrue();

        waiting.get(0).succeeded(new PageResult.Failed("The query took longer than 30000 ms and was stopped.",
                List.of()));
        assertThat(model.loadingProperty().get()).isFalse();
        assertThat(model.rows()).hasSize(3);
        assertThat(model.hasMore()).isTrue();
        assertThat(model.pageStatusProperty().get()).isEqualTo("The next rows could not be loaded: The query took"
                + " longer than 30000 ms and was stopped.");

        model.loadNextPage();
        waiting.get(1).succeeded(new PageResult.Rows(rows(3, 5), null, "SELECT …", List.of()));
        assertThat(model.rows()).extracting(r -> r.get(1)).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(model.hasMore()).isFalse();
        assertThat(model.pageStatusProperty().get()).isEqualTo("All 5 rows are shown.");
    }

    @Test
    void aCompleteResultIsNotPagedAndKeepsItsCharts() {
        ResultModel model = new ResultModel(List.of("ward", "n"), rows(0, 3));
        assertThat(model.paged()).isFalse();
        assertThat(model.pageStatusProperty().get()).isEmpty();
        assertThat(model.availableKinds()).contains(ChartKind.BAR);
        model.loadNextPage();
        assertThat(model.rows()).hasSize(3);
    }

    @Test
    void valuesAreShownAsTheAnswerReadsThemWithTheStoredValueBehind() {
        List<List<Object>> stored = List.of(List.of("medication_error", 4100L), List.of("no_harm", 12L),
                List.of("no_harm", 3L));
        ResultModel model = new ResultModel(List.of("incident_kind", "incidents"), stored,
                List.of(List.of("Medication error", "4,100"), List.of("No harm", "12"), List.of("No harm", "3")), null,
                PageLoader.NONE);
        assertThat(model.text(stored.get(0), 0)).isEqualTo("Medication error");
        assertThat(model.storedWhereDifferent(stored.get(0), 0)).isEqualTo("medication_error");
        assertThat(model.storedWhereDifferent(stored.get(0), 1)).isEqualTo("4100");
        assertThat(model.storedWhereDifferent(stored.get(1), 1)).as("12 reads as stored").isNull();
        assertThat(model.categories()).as("two bars that read alike stay two")
                .containsExactly("Medication error", "No harm", "No harm (2)");
        assertThat(model.axisTitle(0)).isEqualTo("Incident kind");
        assertThat(model.spoken(ChartKind.BAR)).isEqualTo(
                "Bar chart of Incidents by incident kind: Medication error 4,100; No harm 12; No harm (2) 3.");
    }

    @Test
    void rowsOfLaterPagesAreReadGenerically() {
        List<TaskListener<PageResult>> waiting = new ArrayList<>();
        ResultModel model = new ResultModel(List.of("kind", "n"), List.of(List.of("a", 1L)), null, after(1),
                (c, l) -> waiting.add(l));
        model.loadNextPage();
        List<Object> later = List.of("partially_paid", 12345L);
        waiting.get(0).succeeded(new PageResult.Rows(List.of(later), null, "SELECT 1", List.of()));
        List<Object> shown = model.rows().get(1);
        assertThat(model.text(shown, 0)).isEqualTo("Partially paid");
        assertThat(model.storedWhereDifferent(shown, 0)).isEqualTo("partially_paid");
    }
}
