package org.tally.ui.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.ui.task.TaskListener;

/**
 * The rows of one answer and how they are shown; the user may switch between the available kinds. A long list
 * arrives a page at a time: {@link #loadNextPage()} appends the rows after the last one shown (keyset paging, so
 * none repeats or goes missing) until the list is complete. A partial list offers the table only: a chart of the
 * first rows would look like the whole answer.
 */
public final class ResultModel {

    private final List<String> columns;
    private final ObservableList<List<Object>> rows;
    private final List<ColumnKind> kinds;
    private final List<ChartKind> available;
    private final ObjectProperty<ChartKind> shown;
    private final boolean paged;
    private final PageLoader loader;
    private final ObjectProperty<PageCursor> next = new SimpleObjectProperty<>();
    private final BooleanProperty loading = new SimpleBooleanProperty(false);
    private final StringProperty pageStatus = new SimpleStringProperty("");

    public ResultModel(List<String> columns, List<List<Object>> rows) {
        this(columns, rows, null, PageLoader.NONE);
    }

    /**
     * @param nextPage where the rows after {@code rows} start; null when {@code rows} is the whole result
     * @param loader   reads further pages (used only when {@code nextPage} is set)
     */
    public ResultModel(List<String> columns, List<List<Object>> rows, PageCursor nextPage, PageLoader loader) {
        this.columns = List.copyOf(columns);
        this.rows = FXCollections.observableArrayList(rows);
        this.loader = Objects.requireNonNull(loader, "loader");
        this.paged = nextPage != null;
        List<ColumnKind> k = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            k.add(ColumnKind.of(rows, i));
        }
        this.kinds = List.copyOf(k);
        this.available = paged ? List.of(ChartKind.TABLE) : ChartRules.available(kinds, rows);
        this.shown = new SimpleObjectProperty<>(available.get(0));
        this.next.set(nextPage);
        updateStatus();
    }

    public List<String> columns() {
        return columns;
    }

    /** The rows loaded so far; grows as pages load. */
    public ObservableList<List<Object>> rows() {
        return rows;
    }

    public List<ColumnKind> columnKinds() {
        return kinds;
    }

    public List<ChartKind> availableKinds() {
        return available;
    }

    public ObjectProperty<ChartKind> shownProperty() {
        return shown;
    }

    public ChartKind shown() {
        return shown.get();
    }

    /** Switches the view; a kind the rules did not offer for these rows is refused. */
    public void show(ChartKind kind) {
        Objects.requireNonNull(kind, "kind");
        if (!available.contains(kind)) {
            throw new IllegalArgumentException(kind.label() + " is not offered for this result; choose one of "
                    + available);
        }
        shown.set(kind);
    }

    /** The single number of a KPI result, formatted for reading. */
    public String kpiText() {
        return ValueFormat.display(rows.get(0).get(0));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** True when the answer came in pages (whether or not more are left). */
    public boolean paged() {
        return paged;
    }

    /** True while rows after the last one shown remain to be loaded. */
    public boolean hasMore() {
        return next.get() != null;
    }

    public ReadOnlyObjectProperty<PageCursor> nextPageProperty() {
        return next;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    /** "Showing the first 100 rows; more match." / "All 178 rows are shown." / why a page failed; empty if not paged. */
    public ReadOnlyStringProperty pageStatusProperty() {
        return pageStatus;
    }

    /** Loads the next page in the background; does nothing while one is loading or when the list is complete. */
    public void loadNextPage() {
        PageCursor cursor = next.get();
        if (cursor == null || loading.get()) {
            return;
        }
        loading.set(true);
        pageStatus.set("Loading the rows after row " + rows.size() + "…");
        loader.load(cursor, new TaskListener<>() {
            @Override
            public void succeeded(PageResult page) {
                loading.set(false);
                if (page instanceof PageResult.Rows r) {
                    rows.addAll(r.rows());
                    next.set(r.next());
                    updateStatus();
                } else {
                    pageStatus.set("The next rows could not be loaded: " + ((PageResult.Failed) page).message());
                }
            }

            @Override
            public void failed(Throwable error) {
                loading.set(false);
                pageStatus.set("The next rows could not be loaded: " + (error.getMessage() == null
                        ? error.getClass().getSimpleName() : error.getMessage()));
            }

            @Override
            public void cancelled() {
                loading.set(false);
                updateStatus();
            }
        });
    }

    private void updateStatus() {
        if (!paged) {
            pageStatus.set("");
        } else if (hasMore()) {
            pageStatus.set("Showing the first " + ValueFormat.display((long) rows.size()) + " rows; more match.");
        } else {
            pageStatus.set("All " + ValueFormat.display((long) rows.size()) + " rows are shown.");
        }
    }
}
