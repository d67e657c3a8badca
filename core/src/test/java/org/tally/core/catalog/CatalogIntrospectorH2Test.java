package org.tally.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;

class CatalogIntrospectorH2Test {

    private static String url;

    @BeforeAll
    static void schema() throws Exception {
        url = SqlScript.newH2();
        SqlScript.run(url,
                // snake_case
                "CREATE TABLE wards (ward_code VARCHAR(10) PRIMARY KEY, ward_name VARCHAR(60) NOT NULL)",
                "CREATE TABLE patients (patient_id BIGINT PRIMARY KEY, first_name VARCHAR(40), sex CHAR(1),"
                        + " birth_date DATE)",
                "CREATE TABLE admissions (adm_id BIGINT PRIMARY KEY, patient_id BIGINT REFERENCES patients,"
                        + " ward_code VARCHAR(10) REFERENCES wards, admitted_at TIMESTAMP, status VARCHAR(20))",
                // quoted CamelCase legacy
                "CREATE TABLE \"PatientMaster\" (\"PatientID\" INT PRIMARY KEY, \"GenderCode\" TINYINT,"
                        + " \"IsDeceased\" BOOLEAN)",
                // UPPER_SNAKE with a two-column key and a two-column foreign key
                "CREATE TABLE BED_MST (WARD_CD VARCHAR(10), BED_NO SMALLINT, PRIMARY KEY (WARD_CD, BED_NO))",
                "CREATE TABLE PT_BED_ASGN (ASGN_ID INT PRIMARY KEY, WARD_CD VARCHAR(10), BED_NO SMALLINT,"
                        + " CONSTRAINT FK_ASGN_BED FOREIGN KEY (BED_NO, WARD_CD) REFERENCES BED_MST (BED_NO, WARD_CD))",
                // exotic types must not crash introspection or profiling
                "CREATE TABLE exotic (id INT PRIMARY KEY, tags INTEGER ARRAY, doc JSON, uid UUID,"
                        + " stay INTERVAL DAY TO SECOND, photo BLOB, note CLOB, raw VARBINARY(16),"
                        + " mood ENUM('calm', 'tense'), price DECIMAL(10, 2), seen TIME, at_tz TIMESTAMP WITH TIME ZONE)",
                "INSERT INTO exotic VALUES (1, ARRAY[1, 2], JSON '{\"a\":1}', RANDOM_UUID(), INTERVAL '1 02:03:04' DAY TO SECOND,"
                        + " X'00', 'long', X'01', 'calm', 12.50, TIME '10:00:00', TIMESTAMP WITH TIME ZONE '2024-01-01 10:00:00+02:00')",
                "INSERT INTO wards VALUES ('ICU', 'Intensive care'), ('MAT', 'Maternity')",
                "INSERT INTO patients VALUES (1, 'Ann', 'F', DATE '1980-02-01'), (2, 'Bob', 'M', NULL)",
                "INSERT INTO admissions VALUES (10, 1, 'ICU', TIMESTAMP '2024-03-01 08:00:00', 'open'),"
                        + " (11, 2, 'MAT', TIMESTAMP '2024-03-02 09:30:00', 'closed')",
                "CREATE VIEW open_admissions AS SELECT * FROM admissions WHERE status = 'open'",
                "CREATE SCHEMA other",
                "CREATE TABLE other.not_mine (id INT)");
    }

    private CatalogIntrospector.Introspection introspect(NamePatterns patterns) throws Exception {
        try (Connection c = SqlScript.connect(url)) {
            return new CatalogIntrospector(Dialect.H2, Duration.ofSeconds(10)).introspect(c, null, patterns, Progress.NONE);
        }
    }

    private static CatalogTable table(CatalogIntrospector.Introspection in, String name) {
        return in.tables().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void readsTablesOfTheDefaultSchemaOnlyWithViewsMarked() throws Exception {
        CatalogIntrospector.Introspection in = introspect(NamePatterns.ALL);
        assertThat(in.schema()).isEqualTo("PUBLIC");
        assertThat(in.tables()).extracting(CatalogTable::name).containsExactlyInAnyOrder("WARDS", "PATIENTS",
                "ADMISSIONS", "PatientMaster", "BED_MST", "PT_BED_ASGN", "EXOTIC", "OPEN_ADMISSIONS");
        assertThat(table(in, "OPEN_ADMISSIONS").view()).isTrue();
        assertThat(table(in, "ADMISSIONS").view()).isFalse();
        assertThat(in.tables()).allSatisfy(t -> assertThat(t.schema()).isEqualTo("PUBLIC"));
    }

    @Test
    void readsColumnsInOrderWithTypeClassesAndNullability() throws Exception {
        CatalogTable admissions = table(introspect(NamePatterns.ALL), "ADMISSIONS");
        assertThat(admissions.columns()).extracting(CatalogColumn::name)
                .containsExactly("ADM_ID", "PATIENT_ID", "WARD_CODE", "ADMITTED_AT", "STATUS");
        assertThat(admissions.columns()).extracting(CatalogColumn::typeClass).containsExactly(
                TypeClass.NUMERIC, TypeClass.NUMERIC, TypeClass.TEXT, TypeClass.TEMPORAL, TypeClass.TEXT);
        assertThat(admissions.column("adm_id").orElseThrow().nullable()).isFalse();
        assertThat(admissions.column("STATUS").orElseThrow().nullable()).isTrue();

        CatalogTable legacy = table(introspect(NamePatterns.ALL), "PatientMaster");
        assertThat(legacy.column("GenderCode").orElseThrow().smallInteger()).isTrue();
        assertThat(legacy.column("IsDeceased").orElseThrow().typeClass()).isEqualTo(TypeClass.BOOLEAN);
        assertThat(legacy.column("PatientID").orElseThrow().smallInteger()).isFalse();
    }

    @Test
    void exoticTypesAreClassifiedAsOtherOrBinary() throws Exception {
        Map<String, TypeClass> types = table(introspect(NamePatterns.ALL), "EXOTIC").columns().stream()
                .collect(Collectors.toMap(CatalogColumn::name, CatalogColumn::typeClass));
        assertThat(types).containsEntry("TAGS", TypeClass.OTHER).containsEntry("DOC", TypeClass.OTHER)
                .containsEntry("UID", TypeClass.OTHER).containsEntry("STAY", TypeClass.OTHER)
                .containsEntry("PHOTO", TypeClass.BINARY).containsEntry("RAW", TypeClass.BINARY)
                .containsEntry("NOTE", TypeClass.TEXT).containsEntry("MOOD", TypeClass.TEXT)
                .containsEntry("PRICE", TypeClass.NUMERIC).containsEntry("SEEN", TypeClass.TEMPORAL)
                .containsEntry("AT_TZ", TypeClass.TEMPORAL);
    }

    @Test
    void readsPrimaryAndForeignKeysIncludingMultiColumnOnesInKeyOrder() throws Exception {
        CatalogIntrospector.Introspection in = introspect(NamePatterns.ALL);
        assertThat(table(in, "BED_MST").primaryKey()).containsExactly("WARD_CD", "BED_NO");
        assertThat(table(in, "ADMISSIONS").primaryKey()).containsExactly("ADM_ID");
        assertThat(table(in, "ADMISSIONS").foreignKeys())
                .extracting(ForeignKey::columns, ForeignKey::referencedTable, ForeignKey::referencedColumns)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(List.of("PATIENT_ID"), "PATIENTS", List.of("PATIENT_ID")),
                        org.assertj.core.groups.Tuple.tuple(List.of("WARD_CODE"), "WARDS", List.of("WARD_CODE")));
        ForeignKey bed = table(in, "PT_BED_ASGN").foreignKeys().get(0);
        assertThat(table(in, "PT_BED_ASGN").foreignKeys()).hasSize(1);
        assertThat(bed.name()).isEqualTo("FK_ASGN_BED");
        assertThat(bed.columns()).containsExactly("BED_NO", "WARD_CD");
        assertThat(bed.referencedColumns()).containsExactly("BED_NO", "WARD_CD");
        assertThat(bed.referencedSchema()).isEqualTo("PUBLIC");
    }

    @Test
    void rowEstimatesArePresentForTablesButNotViews() throws Exception {
        CatalogIntrospector.Introspection in = introspect(NamePatterns.ALL);
        assertThat(table(in, "ADMISSIONS").approxRowCount()).isEqualTo(2L);
        assertThat(table(in, "BED_MST").approxRowCount()).isEqualTo(0L);
        assertThat(table(in, "OPEN_ADMISSIONS").approxRowCount()).isNull();
    }

    @Test
    void includeAndExcludeGlobsChooseTables() throws Exception {
        CatalogIntrospector.Introspection in = introspect(new NamePatterns(List.of("pat*", "*adm*"),
                List.of("open_*")));
        assertThat(in.tables()).extracting(CatalogTable::name)
                .containsExactlyInAnyOrder("PATIENTS", "PatientMaster", "ADMISSIONS");
    }

    @Test
    void anotherSchemaCanBeNamed() throws Exception {
        try (Connection c = SqlScript.connect(url)) {
            CatalogIntrospector.Introspection in = new CatalogIntrospector(Dialect.H2, Duration.ofSeconds(10))
                    .introspect(c, "OTHER", NamePatterns.ALL, Progress.NONE);
            assertThat(in.tables()).extracting(CatalogTable::qualifiedName).containsExactly("OTHER.NOT_MINE");
        }
    }
}
