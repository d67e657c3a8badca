package org.tally.ui.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellCopyTest {

    @Test
    void selectedCellsCopyAsExactValuesTabSeparatedOneLinePerRow() {
        String text = CellCopy.text(List.of(new CellCopy.Cell(2, 1, 12L), new CellCopy.Cell(0, 0, "no_harm"),
                new CellCopy.Cell(0, 1, new BigDecimal("4.254901")), new CellCopy.Cell(2, 0, "a\tb")));
        assertThat(text).isEqualTo("no_harm\t4.254901\na b\t12");
    }

    @Test
    void aRaggedSelectionKeepsEachValueInItsColumn() {
        assertThat(CellCopy.text(List.of(new CellCopy.Cell(0, 2, "x"), new CellCopy.Cell(1, 1, "y"))))
                .isEqualTo("\tx\ny\t");
        assertThat(CellCopy.text(List.of())).isEmpty();
    }
}
