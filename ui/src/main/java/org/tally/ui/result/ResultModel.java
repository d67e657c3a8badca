package org.tally.ui.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/** The rows of one answer and how they are shown; the user may switch between the available kinds. */
public final class ResultModel {

    private final List<String> columns;
    private final List<List<Object>> rows;
    private final List<ColumnKind> kinds;
    private final List<ChartKind> available;
    private final ObjectProperty<ChartKind> shown;

    public ResultModel(List<String> columns, List<List<Object>> rows) {
        this.columns = List.copyOf(columns);
        this.rows = rows;
        List<ColumnKind> k = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            k.add(ColumnKind.of(rows, i));
        }
        this.kinds = List.copyOf(k);
        this.available = ChartRules.available(kinds, rows);
        this.shown = new SimpleObjectProperty<>(available.get(0));
    }

    public List<String> columns() {
        return columns;
    }

    public List<List<Object>> rows() {
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
}
