package org.tally.ui.conversations;

/** The forms a conversation is exported in: Markdown with its chart images beside it, or one self-contained HTML file. */
public enum ReportFormat {
    MARKDOWN("Markdown", "md"),
    HTML("HTML", "html");

    private final String label;
    private final String extension;

    ReportFormat(String label, String extension) {
        this.label = label;
        this.extension = extension;
    }

    public String label() {
        return label;
    }

    /** The file name ending, without the dot. */
    public String extension() {
        return extension;
    }
}
