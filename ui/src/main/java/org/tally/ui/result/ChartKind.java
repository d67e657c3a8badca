package org.tally.ui.result;

/** How a result is shown. */
public enum ChartKind {
    KPI("Number"), TABLE("Table"), LINE("Line"), BAR("Bar"), PIE("Pie");

    private final String label;

    ChartKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
