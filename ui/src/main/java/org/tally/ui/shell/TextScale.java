package org.tally.ui.shell;

/**
 * The root font size in pixels. The theme's own base is 14 px at the platform's default font size of 13 px; a
 * larger system font (accessibility settings, high DPI text scaling) raises it in proportion, and the user scales
 * it further in steps of {@value #STEP_PERCENT}% with Ctrl+= / Ctrl+- (from {@value #MIN_PERCENT}% to
 * {@value #MAX_PERCENT}%). Every other size in the stylesheets is in em, so all text, tables and charts follow.
 */
public final class TextScale {

    public static final int DEFAULT_PERCENT = 100;
    public static final int STEP_PERCENT = 10;
    public static final int MIN_PERCENT = 70;
    public static final int MAX_PERCENT = 200;
    static final double THEME_BASE_PX = 14;
    static final double PLATFORM_DEFAULT_PX = 13;

    private TextScale() {
    }

    /** The root font size for the system's default font size and the user's scale, rounded to a whole pixel. */
    public static double rootPx(double systemFontPx, int percent) {
        double system = systemFontPx > 0 ? systemFontPx : PLATFORM_DEFAULT_PX;
        double base = Math.max(THEME_BASE_PX, Math.round(THEME_BASE_PX * system / PLATFORM_DEFAULT_PX));
        return Math.round(base * clamp(percent) / 100.0);
    }

    /** {@code percent} within the scales offered. */
    public static int clamp(int percent) {
        return Math.max(MIN_PERCENT, Math.min(MAX_PERCENT, percent));
    }
}
