package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.Cardinality;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.TextShape;
import org.tally.core.catalog.TypeClass;

class WholeNumberShapesTest {

    private static TextShape shape(TypeClass type, String min, String max) {
        ColumnProfile p = new ColumnProfile(100, 10, Cardinality.HIGH, null, List.of(), false, min, max);
        return WholeNumberShapes.of(new CatalogColumn("c", 1, 4, "integer", type, false, true, p), p);
    }

    @Test
    void aWholeNumberRangeIsSpelledWithAsManyDigitsAsItsEnds() {
        TextShape rows = shape(TypeClass.NUMERIC, "1", "940");
        assertThat(rows).isEqualTo(new TextShape(1, 3, 0, 90));
        assertThat(rows.couldHold("12")).isTrue();
        assertThat(rows.couldHold("10004235")).isFalse();
        assertThat(shape(TypeClass.NUMERIC, "10000032", "10040025").couldHold("10004235")).isTrue();
        assertThat(shape(TypeClass.NUMERIC, "-5", "40").couldHold("-5")).isTrue();
    }

    @Test
    void fractionsAndOtherTypesHaveNoShape() {
        assertThat(shape(TypeClass.NUMERIC, "0.5", "12.25")).isNull();
        assertThat(shape(TypeClass.TEMPORAL, "2100-01-01", "2100-12-31")).isNull();
        assertThat(shape(TypeClass.NUMERIC, null, null)).isNull();
    }
}
