package org.tally.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowPrefsTest {

    @TempDir
    Path state;

    @Test
    void theWindowsSizeThemeAndTextScaleComeBackAsTheyWereLeft() {
        new WindowPrefs(1400, 900, true, 150).save(state);
        WindowPrefs back = WindowPrefs.load(state);
        assertThat(back).isEqualTo(new WindowPrefs(1400, 900, true, 150));
        assertThat(back.darkOr(false)).isTrue();
    }

    @Test
    void withoutAFileOrWithABrokenOneTheWindowStartsWithItsDefaultsAndFollowsTheDesktop() throws Exception {
        assertThat(WindowPrefs.load(state)).isEqualTo(WindowPrefs.DEFAULTS);
        assertThat(WindowPrefs.DEFAULTS.darkOr(true)).isTrue();
        Files.writeString(state.resolve("window.json"), "{ not json");
        assertThat(WindowPrefs.load(state)).isEqualTo(WindowPrefs.DEFAULTS);
    }

    @Test
    void valuesOutOfRangeAreBroughtWithinIt() throws Exception {
        Files.writeString(state.resolve("window.json"), "{\"width\": 10, \"height\": 1e9, \"textPercent\": 900}");
        WindowPrefs p = WindowPrefs.load(state);
        assertThat(p.width()).isEqualTo(720);
        assertThat(p.height()).isEqualTo(10_000);
        assertThat(p.textPercent()).isEqualTo(TextScale.MAX_PERCENT);
        assertThat(p.dark()).isNull();
    }
}
