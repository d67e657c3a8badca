package org.tally.ui.binding;

import atlantafx.base.theme.Styles;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

/**
 * What the inspector shows before a table is chosen: the counts (bound, not bound, low confidence, drift alarms),
 * the drift alarms themselves, and how to go on. A section of its own; further sections (a review of the unbound
 * and low-confidence tables) are added beside it by {@link BindingView}.
 */
final class BindingSummaryPane extends VBox {

    BindingSummaryPane(BindingViewModel model) {
        super(10);
        setId("binding-summary-pane");
        setPadding(new Insets(4, 0, 0, 4));
        Label title = new Label("This source's binding");
        title.getStyleClass().add(Styles.TITLE_4);
        FlowPane counts = new FlowPane(10, 10);
        counts.setId("binding-counts");
        VBox drift = new VBox(4);
        drift.setId("drift-alarms");
        Label hint = new Label("Choose a table on the left to see its columns, their roles and observed values, and"
                + " to correct its binding with an override.");
        hint.getStyleClass().add("card-hint");
        hint.setWrapText(true);
        getChildren().addAll(title, counts, drift, hint);
        model.summaryProperty().addListener((o, was, now) -> {
            counts.getChildren().clear();
            if (now != null) {
                counts.getChildren().addAll(count("binding-count-bound", now.bound(), "bound to a concept"),
                        count("binding-count-unbound", now.unbound(), "not bound"),
                        count("binding-count-low", now.lowConfidence(), "low confidence"),
                        count("binding-count-drift", now.driftAlarms(), now.driftAlarms() == 1 ? "drift alarm"
                                : "drift alarms"));
                counts.setAccessibleText(now.sentence());
            }
        });
        model.drift().addListener((ListChangeListener<BindingSnapshot.DriftAlarm>) c -> {
            drift.getChildren().clear();
            for (BindingSnapshot.DriftAlarm a : model.drift()) {
                Label l = new Label("⚠ " + a.describe());
                l.getStyleClass().add("drift-alarm");
                l.setWrapText(true);
                drift.getChildren().add(l);
            }
        });
    }

    /** One count as a small tile: the number large, what it counts under it. */
    private static VBox count(String id, int n, String what) {
        Label number = new Label(Integer.toString(n));
        number.getStyleClass().add("summary-number");
        Label caption = new Label(what);
        caption.getStyleClass().add("card-hint");
        VBox tile = new VBox(2, number, caption);
        tile.setId(id);
        tile.getStyleClass().add("summary-tile");
        tile.setAccessibleText(n + " " + what);
        return tile;
    }
}
