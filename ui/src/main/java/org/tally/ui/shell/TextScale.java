package org.tally.ui.shell;

/**
 * The root font size in pixels. The theme's own base is 14 px at the platform's default font size of 13 px; a
 * larger system font (accessibility settings, high DPI text scaling) raises it in proportion, and the user can
 * step it further with Ctrl+= / Ctrl+-. Every other size in the stylesheets is in em, so all text follows.
 */
public final class TextScale {

    static final double THEME_BASE_PX = 14;
    static final double PLATFORM_DEFAULT_PX = 13;
    static final double MIN_STEP = -3;
    static final double MAX_STEP = 8;

    private TextScale() {
    }

    public static double rootPx(double systemFontPx, int userSteps) {
        double system = systemFontPx > 0 ? systemFontPx : PLATFORM_DEFAULT_PX;
        double base = Math.max(THEME_BASE_PX, Math.round(THEME_BASE_PX * system / PLATFORM_DEFAULT_PX));
        double steps = Math.max(MIN_STEP, Math.min(MAX_STEP, userSteps));
        return base + steps;
    }

    public static int clampSteps(int steps) {
        return (int) Math.max(MIN_STEP, Math.min(MAX_STEP, steps));
    }
}
