package org.tally.ui.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;

/** Applies the AtlantaFX Primer theme, light or dark, to the whole application. FX thread only. */
public final class Themes {

    public static final String LIGHT = new PrimerLight().getUserAgentStylesheet();
    public static final String DARK = new PrimerDark().getUserAgentStylesheet();

    private Themes() {
    }

    public static void apply(boolean dark) {
        Application.setUserAgentStylesheet(dark ? DARK : LIGHT);
    }
}
