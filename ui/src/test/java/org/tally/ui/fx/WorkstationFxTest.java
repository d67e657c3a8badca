package org.tally.ui.fx;

import javafx.stage.Stage;
import org.junit.jupiter.api.Nested;
import org.testfx.framework.junit5.Start;
import org.tally.ui.testing.Look;

/**
 * The window's checks under each look: the platform's font at 100% in a roomy window, and a wider font family at
 * 150% in a smaller one. A check that passes in one look only depends on fonts or window size, which is a defect.
 */
class WorkstationFxTest {

    @Nested
    class Standard extends WorkstationChecks {
        @Override
        Look look() {
            return Look.STANDARD;
        }

        @Start
        @Override
        void start(Stage stage) {
            super.start(stage);
        }
    }

    @Nested
    class LargeMonospaced extends WorkstationChecks {
        @Override
        Look look() {
            return Look.LARGE_MONOSPACED;
        }

        @Start
        @Override
        void start(Stage stage) {
            super.start(stage);
        }
    }
}
