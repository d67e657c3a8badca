package org.tally.ui.result;

import atlantafx.base.theme.Styles;
import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.PieChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TablePosition;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Shows a {@link ResultModel} as a KPI tile, a sortable table or a chart, with a switcher and CSV/PNG export. */
public final class ResultView extends VBox {

    private static final Logger LOG = LoggerFactory.getLogger(ResultView.class);
    private static final int MAX_VISIBLE_ROWS = 12;
    /** The widest a bar is drawn, in em. */
    private static final double MAX_BAR_EM = 4;
    private static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private final ResultModel model;
    private final StackPane content = new StackPane();
    private final Label exportStatus = new Label();

    public ResultView(ResultModel model) {
        this.model = model;
        getStyleClass().add("result-view");
        setSpacing(8);
        HBox toolbar = new HBox();
        toolbar.getStyleClass().add("result-toolbar");
        ToggleGroup group = new ToggleGroup();
        List<ChartKind> kinds = model.availableKinds();
        if (kinds.size() > 1) {
            for (int i = 0; i < kinds.size(); i++) {
                ChartKind kind = kinds.get(i);
                ToggleButton b = new ToggleButton(kind.label());
                b.setId("view-" + kind.name().toLowerCase());
                b.setAccessibleText("Show the result as a " + kind.label().toLowerCase());
                b.getStyleClass().add(Styles.SMALL);
                b.getStyleClass().add(i == 0 ? Styles.LEFT_PILL : i == kinds.size() - 1 ? Styles.RIGHT_PILL
                        : Styles.CENTER_PILL);
                b.setToggleGroup(group);
                b.setSelected(kind == model.shown());
                b.setOnAction(e -> {
                    if (!b.isSelected()) {
                        b.setSelected(true); // one view is always shown
                    }
                    model.show(kind);
                });
                toolbar.getChildren().add(b);
            }
        }
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button csv = new Button("CSV…");
        csv.setId("export-csv");
        csv.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        csv.setTooltip(new Tooltip("Save the rows as a CSV file"));
        csv.setOnAction(e -> exportCsv());
        csv.setAccessibleText("Save the rows as a CSV file");
        Button png = new Button("PNG…");
        png.setId("export-png");
        png.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        png.setTooltip(new Tooltip("Save what is shown as a PNG image"));
        png.setOnAction(e -> exportPng());
        png.setAccessibleText("Save what is shown as a PNG image");
        exportStatus.getStyleClass().add("card-hint");
        toolbar.getChildren().addAll(spacer, exportStatus, csv, png);
        getChildren().addAll(toolbar, content);
        model.shownProperty().addListener((o, was, now) -> render());
        render();
    }

    private void render() {
        content.getChildren().setAll(build(model.shown()));
    }

    /** The node showing the result as {@code kind}; charts are not animated so snapshots show them complete. */
    private Node build(ChartKind kind) {
        return switch (kind) {
            case KPI -> kpi();
            case TABLE -> table();
            case LINE -> xyChart(new LineChart<>(new CategoryAxis(), valueAxis()));
            case BAR -> xyChart(new BarChart<>(new CategoryAxis(), valueAxis()));
            case PIE -> pie();
        };
    }

    /** The value axis; counts and other whole numbers get whole-number ticks (no "2.25 deliveries"). */
    private NumberAxis valueAxis() {
        NumberAxis axis = new NumberAxis();
        boolean whole = model.rows().stream().map(r -> ValueFormat.number(r.get(1)))
                .allMatch(v -> v == null || v == Math.rint(v));
        if (whole) {
            axis.setMinorTickVisible(false);
            axis.setTickLabelFormatter(new javafx.util.StringConverter<>() {
                @Override
                public String toString(Number n) {
                    double d = n.doubleValue();
                    return d == Math.rint(d) ? String.valueOf((long) d) : "";
                }

                @Override
                public Number fromString(String text) {
                    return Long.parseLong(text);
                }
            });
        }
        return axis;
    }

    private Node kpi() {
        Label value = new Label(model.kpiText());
        String stored = model.storedWhereDifferent(model.rows().get(0), 0);
        if (stored != null) {
            value.setTooltip(new Tooltip("Exactly " + stored));
        }
        value.setId("kpi-value");
        value.getStyleClass().add("kpi-value");
        Label caption = new Label(model.columns().get(0));
        caption.getStyleClass().add("kpi-caption");
        VBox tile = new VBox(2, value, caption);
        tile.setAccessibleText(model.spoken(ChartKind.KPI));
        tile.setAlignment(Pos.CENTER_LEFT);
        return tile;
    }

    private Node table() {
        TableView<List<Object>> table = new TableView<>();
        table.setId("result-table");
        table.getStyleClass().addAll("result-table", Styles.DENSE, Styles.STRIPED);
        for (int i = 0; i < model.columns().size(); i++) {
            int index = i;
            // the cell holds its whole row: what is shown (a label, a rounded number) and what is stored both come from it
            TableColumn<List<Object>, List<Object>> col = new TableColumn<>(model.columns().get(i));
            col.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue()));
            col.setComparator((a, b) -> VALUE_ORDER.compare(a.get(index), b.get(index)));
            col.setCellFactory(c -> new TableCell<>() {
                @Override
                protected void updateItem(List<Object> row, boolean empty) {
                    super.updateItem(row, empty);
                    if (empty || row == null) {
                        setText(null);
                        setTooltip(null);
                        return;
                    }
                    setText(model.text(row, index));
                    String stored = model.storedWhereDifferent(row, index);
                    setTooltip(stored == null ? null : new Tooltip("Stored as " + stored));
                    setAlignment(row.get(index) instanceof Number ? Pos.CENTER_RIGHT : Pos.CENTER_LEFT);
                }
            });
            col.setPrefWidth(Math.max(120, model.columns().get(i).length() * 9.0));
            table.getColumns().add(col);
        }
        // the rows stay in answer order underneath; a header click sorts the view, and pages loaded later join it
        SortedList<List<Object>> sorted = new SortedList<>(model.rows());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setPlaceholder(new Label("None: no rows matched."));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getSelectionModel().setCellSelectionEnabled(true);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e)) {
                copy(CellCopy.text(selectedCells(table)));
                e.consume();
            }
        });
        table.setAccessibleText("Table of " + model.rows().size() + (model.rows().size() == 1 ? " row" : " rows")
                + ": " + String.join(", ", model.columns()) + ". Ctrl+C copies the selected cells.");
        int visible = Math.max(2, Math.min(MAX_VISIBLE_ROWS, model.rows().size()));
        // the row height is in em (tally.css), so the table grows with the text scale
        table.prefHeightProperty().bind(table.fixedCellSizeProperty().multiply(visible + 1.6));
        if (!model.paged()) {
            return table;
        }
        return new VBox(6, table, pagingBar());
    }

    /** The selected cells as (row, column) of the rows in the order shown, top to bottom, left to right. */
    private static List<CellCopy.Cell> selectedCells(TableView<List<Object>> table) {
        List<CellCopy.Cell> cells = new ArrayList<>();
        for (TablePosition<?, ?> p : table.getSelectionModel().getSelectedCells()) {
            cells.add(new CellCopy.Cell(p.getRow(), p.getColumn(), table.getItems().get(p.getRow()).get(p.getColumn())));
        }
        return cells;
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    /** Under a paged list: how many rows are shown, and the button that loads the next page. */
    private Node pagingBar() {
        Label status = new Label();
        status.setId("page-status");
        status.getStyleClass().add("card-hint");
        status.textProperty().bind(model.pageStatusProperty());
        status.setTooltip(new Tooltip("Rows come a page at a time, each page starting right after the last row shown."
                + " Sorting by a column header sorts the rows loaded so far."));
        Button more = new Button("Load more rows");
        more.setId("load-more");
        more.getStyleClass().addAll(Styles.SMALL, Styles.BUTTON_OUTLINED);
        more.visibleProperty().bind(model.nextPageProperty().isNotNull());
        more.managedProperty().bind(more.visibleProperty());
        more.disableProperty().bind(model.loadingProperty());
        more.setOnAction(e -> model.loadNextPage());
        HBox bar = new HBox(10, status, more);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("paging-bar");
        return bar;
    }

    private Node xyChart(XYChart<String, Number> chart) {
        XYChart.Series<String, Number> series = new XYChart.Series<>();
        series.setName(model.axisTitle(1));
        List<String> categories = model.categories();
        for (int i = 0; i < model.rows().size(); i++) {
            Double v = ValueFormat.number(model.rows().get(i).get(1));
            if (v != null) {
                series.getData().add(new XYChart.Data<>(categories.get(i), v));
            }
        }
        chart.getData().add(series);
        // many or long categories would overlap and JavaFX would drop some labels: slant them instead
        int letters = categories.stream().mapToInt(String::length).sum();
        if (categories.size() > 8 || letters > 90) {
            chart.getXAxis().setTickLabelRotation(-35);
        }
        if (chart instanceof BarChart<String, Number> bars) {
            keepBarsNarrow(bars, categories.size());
        }
        chart.setAnimated(false);
        chart.setLegendVisible(false);
        chart.getXAxis().setLabel(model.axisTitle(0));
        chart.getYAxis().setLabel(model.axisTitle(1));
        chart.setId("result-chart");
        chart.getStyleClass().add("result-chart");
        chart.setAccessibleText(model.spoken(chart instanceof BarChart ? ChartKind.BAR : ChartKind.LINE));
        return chart;
    }

    /**
     * A few bars fill the plot's width by default, each a wide slab: the gap between categories grows instead, so a
     * bar is never wider than about four letters' worth (in em: it follows the text scale).
     */
    private static void keepBarsNarrow(BarChart<String, Number> chart, int categories) {
        Runnable fit = () -> {
            // the tick labels are 0.8 em in the theme: their font tells the em the chart is drawn at
            double em = chart.getXAxis().getTickLabelFont().getSize() / 0.8;
            double plot = chart.getXAxis().getWidth() > 0 ? chart.getXAxis().getWidth() : chart.getWidth() * 0.85;
            double perCategory = plot / Math.max(1, categories);
            chart.setCategoryGap(Math.max(em * 0.6, perCategory - MAX_BAR_EM * em));
        };
        chart.widthProperty().addListener((o, was, now) -> fit.run());
        chart.getXAxis().widthProperty().addListener((o, was, now) -> fit.run());
        fit.run();
    }

    private Node pie() {
        PieChart pie = new PieChart();
        List<String> categories = model.categories();
        for (int i = 0; i < model.rows().size(); i++) {
            List<Object> row = model.rows().get(i);
            Double v = ValueFormat.number(row.get(1));
            if (v != null) {
                pie.getData().add(new PieChart.Data(categories.get(i) + " (" + model.text(row, 1) + ")", v));
            }
        }
        pie.setAnimated(false);
        pie.setLegendVisible(false);
        pie.setId("result-chart");
        pie.getStyleClass().add("result-chart");
        pie.setAccessibleText(model.spoken(ChartKind.PIE));
        return pie;
    }

    private void exportCsv() {
        Path file = choose("Save rows as CSV", "result.csv", "CSV files", "*.csv");
        if (file == null) {
            return;
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            CsvExport.write(model.columns(), model.rows(), w);
            int n = model.rows().size();
            exportStatus.setText("Saved " + n + (n == 1 ? " row" : " rows") + " to " + file.getFileName()
                    + (model.hasMore() ? " (the rows loaded so far)" : ""));
        } catch (IOException e) {
            LOG.warn("CSV export failed: {}", e.toString());
            exportStatus.setText("Could not save: " + e.getMessage());
        }
    }

    private void exportPng() {
        Path file = choose("Save as PNG", "result.png", "PNG images", "*.png");
        if (file == null) {
            return;
        }
        try {
            PngExport.write(content, file);
            exportStatus.setText("Saved " + file.getFileName());
        } catch (IOException e) {
            LOG.warn("PNG export failed: {}", e.toString());
            exportStatus.setText("Could not save: " + e.getMessage());
        }
    }

    private Path choose(String title, String name, String description, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, pattern));
        File f = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        return f == null ? null : f.toPath();
    }

    /** Numbers by value, everything else by text; nulls last. */
    static final Comparator<Object> VALUE_ORDER = (a, b) -> {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return Double.compare(x.doubleValue(), y.doubleValue());
        }
        return a.toString().compareTo(b.toString());
    };
}
