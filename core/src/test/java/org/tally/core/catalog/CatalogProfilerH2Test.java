package org.tally.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;

class CatalogProfilerH2Test {

    private static String url;

    @BeforeAll
    static void data() throws Exception {
        url = SqlScript.newH2();
        // 5,000 visits: 'LWBS' occurs on exactly one row; five spellings of outcome otherwise
        SqlScript.run(url,
                "CREATE TABLE \"ErVisit\" (\"VisitId\" BIGINT PRIMARY KEY, \"Outcome\" VARCHAR(20),"
                        + " \"TriageLevel\" INT, \"Acuity\" SMALLINT, \"Admitted\" BOOLEAN, \"ArrivedAt\" TIMESTAMP,"
                        + " \"Charge\" DECIMAL(10, 2), \"PatientSurname\" VARCHAR(40), \"Phone\" VARCHAR(20),"
                        + " \"Fifty\" VARCHAR(10), \"FiftyOne\" VARCHAR(10), \"Empty\" VARCHAR(10), \"Doc\" JSON,"
                        + " \"Scan\" BLOB, \"BirthDate\" DATE, \"Tags\" INTEGER ARRAY)",
                "INSERT INTO \"ErVisit\" SELECT X,"
                        + " CASE WHEN X = 4321 THEN 'LWBS' ELSE ARRAY['Discharged', 'Admitted', 'Transferred', 'DNA',"
                        + "   'Died'][MOD(X, 5) + 1] END,"
                        + " MOD(X, 5) + 1, CAST(MOD(X, 3) AS SMALLINT), MOD(X, 4) = 0,"
                        + " DATEADD('MINUTE', X * 7, TIMESTAMP '2024-01-01 00:00:00'),"
                        + " CASE WHEN MOD(X, 10) = 0 THEN NULL ELSE X / 4.0 END,"
                        + " 'Surname' || MOD(X, 30), '555-' || X, 'v' || MOD(X, 50), 'w' || MOD(X, 51), NULL,"
                        + " JSON '{}', NULL, DATE '1950-01-01' + MOD(X, 20000), ARRAY[X]"
                        + " FROM SYSTEM_RANGE(1, 5000)",
                // the first 1,000 rows look constant: only the full count may decide these columns
                "CREATE TABLE late_variety (id INT PRIMARY KEY, late VARCHAR(10), a INT, b INT, c VARCHAR(5))",
                "INSERT INTO late_variety SELECT X, CASE WHEN X <= 1000 THEN 'same' ELSE 'v' || MOD(X, 60) END,"
                        + " CASE WHEN X <= 1000 THEN 0 ELSE MOD(X, 50) END,"
                        + " CASE WHEN X <= 1000 THEN 0 ELSE MOD(X / 50, 50) END,"
                        + " CASE WHEN X <= 1000 THEN 'z' ELSE 'c' || MOD(X / 2500, 10) END FROM SYSTEM_RANGE(1, 25000)",
                "CREATE TABLE codes (code VARCHAR(5) PRIMARY KEY, label VARCHAR(30))",
                "INSERT INTO codes VALUES ('A', 'alpha'), ('B', 'beta')");
    }

    private static CatalogProfiler.Profiling profile(Connection c, PiiPolicy pii, Progress progress) throws Exception {
        var structure = new CatalogIntrospector(Dialect.H2, Duration.ofSeconds(30))
                .introspect(c, null, NamePatterns.ALL, Progress.NONE);
        return new CatalogProfiler(Dialect.H2, pii, Duration.ofSeconds(30)).profile(c, structure.tables(), progress);
    }

    private static CatalogTable visits() throws Exception {
        try (Connection c = SqlScript.connect(url)) {
            return profile(c, PiiPolicy.byName(), Progress.NONE).tables().stream()
                    .filter(t -> t.name().equals("ErVisit")).findFirst().orElseThrow();
        }
    }

    private static ColumnProfile col(CatalogTable t, String name) {
        return t.column(name).orElseThrow().profile();
    }

    @Test
    void countsEveryValueExactlyIncludingOneRowInFiveThousand() throws Exception {
        CatalogTable t = visits();
        assertThat(t.rowCount()).isEqualTo(5000L);
        ColumnProfile outcome = col(t, "Outcome");
        assertThat(outcome.cardinality()).isEqualTo(Cardinality.EXACT);
        assertThat(outcome.distinctCount()).isEqualTo(6);
        assertThat(outcome.values()).contains(new ValueCount("LWBS", 1));
        // row 4321 would have been 'Admitted' (4321 mod 5 = 1)
        assertThat(outcome.values()).contains(new ValueCount("Admitted", 999), new ValueCount("Discharged", 1000));
        assertThat(outcome.values().stream().mapToLong(ValueCount::count).sum()).isEqualTo(5000);
        assertThat(outcome.values().get(0).count()).isGreaterThanOrEqualTo(outcome.values().get(1).count());
    }

    @Test
    void fiftyDistinctValuesAreKeptAndFiftyOneAreHighCardinality() throws Exception {
        CatalogTable t = visits();
        assertThat(col(t, "Fifty").cardinality()).isEqualTo(Cardinality.EXACT);
        assertThat(col(t, "Fifty").values()).hasSize(50).contains(new ValueCount("v0", 100));
        assertThat(col(t, "FiftyOne").cardinality()).isEqualTo(Cardinality.HIGH);
        assertThat(col(t, "FiftyOne").values()).isEmpty();
        assertThat(col(t, "FiftyOne").distinctCount()).isNull();
    }

    @Test
    void booleansSmallIntegersAndNarrowIntCodesAreEnumerated() throws Exception {
        CatalogTable t = visits();
        assertThat(col(t, "Admitted").values()).containsExactly(new ValueCount("false", 3750),
                new ValueCount("true", 1250));
        assertThat(col(t, "Acuity").values()).containsExactlyInAnyOrder(new ValueCount("0", 1666),
                new ValueCount("1", 1667), new ValueCount("2", 1667));
        assertThat(col(t, "TriageLevel").values()).hasSize(5).contains(new ValueCount("3", 1000));
        // the key is unique and wide: no grouping needed to know it is high-cardinality
        assertThat(col(t, "VisitId").cardinality()).isEqualTo(Cardinality.HIGH);
    }

    @Test
    void measuresNullFractionAndMinMaxOfTemporalAndNumericColumns() throws Exception {
        CatalogTable t = visits();
        ColumnProfile charge = col(t, "Charge");
        assertThat(charge.nullCount()).isEqualTo(500);
        assertThat(charge.nullFraction()).isEqualTo(0.1);
        assertThat(charge.min()).isEqualTo("0.25");
        assertThat(charge.max()).isEqualTo("1249.75");
        assertThat(charge.cardinality()).isEqualTo(Cardinality.NOT_MEASURED);
        ColumnProfile arrived = col(t, "ArrivedAt");
        assertThat(arrived.min()).isEqualTo("2024-01-01T00:07:00");
        assertThat(arrived.max()).isEqualTo("2024-01-25T07:20:00");
        ColumnProfile empty = col(t, "Empty");
        assertThat(empty.nullFraction()).isEqualTo(1.0);
        assertThat(empty.cardinality()).isEqualTo(Cardinality.EXACT);
        assertThat(empty.distinctCount()).isZero();
    }

    @Test
    void neverStoresValuesOfPersonalColumns() throws Exception {
        CatalogTable t = visits();
        ColumnProfile surname = col(t, "PatientSurname");
        assertThat(surname.pii()).isTrue();
        assertThat(surname.cardinality()).isEqualTo(Cardinality.EXACT);
        assertThat(surname.distinctCount()).isEqualTo(30);
        assertThat(surname.values()).isEmpty();
        assertThat(col(t, "Phone").pii()).isTrue();
        assertThat(col(t, "Phone").cardinality()).isEqualTo(Cardinality.HIGH);
        ColumnProfile birth = col(t, "BirthDate");
        assertThat(birth.pii()).isTrue();
        assertThat(birth.min()).isNull();
        assertThat(birth.max()).isNull();
        assertThat(CatalogJson.write(t)).doesNotContain("Surname1").doesNotContain("555-").doesNotContain("1950-");
    }

    @Test
    void measuresTheLengthsAndLettersOfTextValuesWithoutKeepingAny() throws Exception {
        CatalogTable t = visits();
        // '555-1' … '555-5000': 5 to 8 characters, never a letter; personal, so only its shape is kept
        assertThat(col(t, "Phone").shape()).isEqualTo(new TextShape(5, 8, 0, 5000));
        assertThat(col(t, "Outcome").shape()).isEqualTo(new TextShape(3, 11, 5000, 5000));
        assertThat(col(t, "Empty").shape()).isNull();
        assertThat(col(t, "TriageLevel").shape()).isNull();
        assertThat(col(t, "Phone").shape().couldHold("555-1234")).isTrue();
        assertThat(col(t, "Phone").shape().couldHold("MRN-1234")).isFalse();
        assertThat(col(t, "Phone").shape().couldHold("555-12345")).isFalse();
    }

    @Test
    void aReplacedPolicyDecidesWhatIsPersonal() throws Exception {
        try (Connection c = SqlScript.connect(url)) {
            CatalogTable t = profile(c, (table, column) -> column.name().equals("Outcome"), Progress.NONE).tables()
                    .stream().filter(x -> x.name().equals("ErVisit")).findFirst().orElseThrow();
            assertThat(col(t, "Outcome").values()).isEmpty();
            assertThat(col(t, "Outcome").distinctCount()).isEqualTo(6);
            assertThat(col(t, "PatientSurname").pii()).isFalse();
        }
    }

    @Test
    void exoticColumnsGetOnlyNullCounts() throws Exception {
        CatalogTable t = visits();
        for (String name : List.of("Doc", "Scan", "Tags")) {
            assertThat(col(t, name).cardinality()).as(name).isEqualTo(Cardinality.NOT_MEASURED);
            assertThat(col(t, name).values()).as(name).isEmpty();
        }
        assertThat(col(t, "Scan").nullCount()).isEqualTo(5000);
    }

    @Test
    void valuesFirstSeenAfterTheProbeWindowAreStillCountedExactly() throws Exception {
        try (Connection c = SqlScript.connect(url)) {
            CatalogTable t = profile(c, PiiPolicy.byName(), Progress.NONE).tables().stream()
                    .filter(x -> x.name().equals("LATE_VARIETY")).findFirst().orElseThrow();
            assertThat(col(t, "LATE").cardinality()).isEqualTo(Cardinality.HIGH);
            // a, b and c together have more combinations than one grouped query reads: counted per column
            assertThat(col(t, "A").distinctCount()).isEqualTo(50);
            assertThat(col(t, "A").values()).contains(new ValueCount("0", 1000 + 480), new ValueCount("7", 480));
            assertThat(col(t, "B").distinctCount()).isEqualTo(50);
            assertThat(col(t, "C").values()).contains(new ValueCount("z", 1000), new ValueCount("c9", 2500),
                    new ValueCount("c0", 1499 + 1)); // row 25,000 wraps to c0
            assertThat(col(t, "C").values().stream().mapToLong(ValueCount::count).sum()).isEqualTo(25000);
        }
    }

    @Test
    void smallTablesKeepTheirKeyValues() throws Exception {
        try (Connection c = SqlScript.connect(url)) {
            CatalogTable codes = profile(c, PiiPolicy.byName(), Progress.NONE).tables().stream()
                    .filter(x -> x.name().equals("CODES")).findFirst().orElseThrow();
            assertThat(col(codes, "CODE").values()).containsExactly(new ValueCount("A", 1), new ValueCount("B", 1));
        }
    }

    @Test
    void stopsWhenCancelled() throws Exception {
        Progress cancelAfterFirstTable = new Progress() {
            private volatile boolean profiled;

            @Override
            public void report(String stage, double fraction) {
                profiled |= stage.equals("profile");
            }

            @Override
            public boolean cancelled() {
                return profiled;
            }
        };
        try (Connection c = SqlScript.connect(url)) {
            assertThatThrownBy(() -> profile(c, PiiPolicy.byName(), cancelAfterFirstTable))
                    .isInstanceOf(CancellationException.class);
        }
    }
}
