package org.tally.ui.result;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
import org.tally.core.answer.DisplayValues;
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
    private final Map<List<Object>, List<String>> readable = new IdentityHashMap<>();

    public ResultModel(List<String> columns, List<List<Object>> rows) {
        this(columns, rows, null, null, PageLoader.NONE);
    }

    /**
     * @param display  the rows as people read them (same shape), or null to read every value generically
     * @param nextPage where the rows after {@code rows} start; null when {@code rows} is the whole result
     * @param loader   reads further pages (used only when {@code nextPage} is set)
     */
    public ResultModel(List<String> columns, List<List<Object>> rows, List<List<String>> display,
                       PageCursor nextPage, PageLoader loader) {
        this.columns = List.copyOf(columns);
        this.rows = FXCollections.observableArrayList(rows);
        remember(rows, display);
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
        return text(rows.get(0), 0);
    }

    /** How {@code row}'s value in {@code column} is shown: its label or reading, never the raw stored spelling. */
    public String text(List<Object> row, int column) {
        List<String> shown = readable.get(row);
        return shown != null ? shown.get(column) : ValueFormat.display(row.get(column));
    }

    /** The stored value behind a shown one, for its tooltip; null when the value reads as it is stored. */
    public String storedWhereDifferent(List<Object> row, int column) {
        Object v = row.get(column);
        String stored = DisplayValues.plain(v);
        return v == null || stored.equals(text(row, column)) ? null : stored;
    }

    /**
     * The first column's shown text per row, for a chart's categories: two rows that read alike (two wards of one
     * name) stay two bars, numbered.
     */
    public List<String> categories() {
        List<String> out = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (List<Object> row : rows) {
            String t = text(row, 0);
            int n = seen.merge(t, 1, Integer::sum);
            out.add(n == 1 ? t : t + " (" + n + ")");
        }
        return out;
    }

    /** A column's name as an axis title: "deliveries" → "Deliveries", "average stay (days)" keeps its unit. */
    public String axisTitle(int column) {
        String name = columns.get(column).replace('_', ' ').strip();
        return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** What a screen reader says for the result shown as {@code kind}: what is plotted and every value. */
    public String spoken(ChartKind kind) {
        StringBuilder b = new StringBuilder();
        if (kind == ChartKind.KPI) {
            return axisTitle(0) + ": " + kpiText();
        }
        b.append(kind.label()).append(" chart of ").append(columns.size() > 1 ? axisTitle(1) : "")
                .append(" by ").append(axisTitle(0).toLowerCase(Locale.ROOT)).append(": ");
        List<String> categories = categories();
        for (int i = 0; i < rows.size(); i++) {
            if (i > 0) {
                b.append("; ");
            }
            b.append(categories.get(i)).append(" ").append(columns.size() > 1 ? text(rows.get(i), 1) : "");
        }
        return b.append(".").toString();
    }

    /** Rows shown by identity: two equal rows are still two rows with their own text. */
    private void remember(List<List<Object>> added, List<List<String>> display) {
        for (int i = 0; i < added.size(); i++) {
            if (display != null) {
                readable.put(added.get(i), display.get(i));
            }
        }
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
