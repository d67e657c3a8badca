package org.tally.ui.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvExportTest {

    @Test
    void writesHeaderAndRowsQuotingWhatNeedsIt() throws Exception {
        List<Object> withNull = new ArrayList<>();
        withNull.add(null);
        withNull.add(new BigDecimal("1E+3"));
        withNull.add(false);
        StringWriter out = new StringWriter();
        CsvExport.write(List.of("ward", "n", "flag"), List.of(
                List.of("Maternity, A", 41L, true),
                List.of("The \"blue\" ward", new BigDecimal("2.5"), false),
                List.of("line\nbreak", -3L, true),
                withNull), out);
        assertThat(out.toString()).isEqualTo("ward,n,flag\r\n"
                + "\"Maternity, A\",41,true\r\n"
                + "\"The \"\"blue\"\" ward\",2.5,false\r\n"
                + "\"line\nbreak\",-3,true\r\n"
                + ",1000,false\r\n");
    }

    @Test
    void textThatASpreadsheetWouldRunIsDefused() {
        assertThat(CsvExport.field("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(CsvExport.field("+1")).isEqualTo("'+1");
        assertThat(CsvExport.field("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(CsvExport.field(-5L)).as("numbers are numbers").isEqualTo("-5");
    }
}
