package org.tally.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small rules of the catalog: type classes, globs, the default PII guess and the profile invariants. */
class CatalogRulesTest {

    private static CatalogColumn column(String name) {
        return new CatalogColumn(name, 1, Types.VARCHAR, "varchar", TypeClass.TEXT, false, true, null);
    }

    private static CatalogTable table(String name) {
        return new CatalogTable("s", name, false, null, null, List.of(), List.of(), List.of());
    }

    @Test
    void typeClassesNormaliseDriverTypes() {
        assertThat(TypeClass.of(Types.TIMESTAMP_WITH_TIMEZONE, "timestamptz")).isEqualTo(TypeClass.TEMPORAL);
        assertThat(TypeClass.of(Types.BIT, "bool")).isEqualTo(TypeClass.BOOLEAN);
        assertThat(TypeClass.of(Types.BIT, "varbit")).isEqualTo(TypeClass.OTHER);
        assertThat(TypeClass.of(Types.OTHER, "jsonb")).isEqualTo(TypeClass.OTHER);
        assertThat(TypeClass.of(Types.VARCHAR, "json")).isEqualTo(TypeClass.OTHER);
        assertThat(TypeClass.of(Types.ARRAY, "_int4")).isEqualTo(TypeClass.OTHER);
        assertThat(TypeClass.of(Types.OTHER, "interval")).isEqualTo(TypeClass.OTHER);
        assertThat(TypeClass.of(Types.CHAR, "uniqueidentifier")).isEqualTo(TypeClass.OTHER);
        assertThat(TypeClass.of(Types.CHAR, "ENUM")).isEqualTo(TypeClass.TEXT);
        assertThat(TypeClass.of(Types.BINARY, "bytea")).isEqualTo(TypeClass.BINARY);
        assertThat(TypeClass.of(Types.NVARCHAR, "nvarchar")).isEqualTo(TypeClass.TEXT);
        assertThat(TypeClass.of(Types.DECIMAL, "money")).isEqualTo(TypeClass.NUMERIC);
        assertThat(TypeClass.isSmallInteger(Types.TINYINT)).isTrue();
        assertThat(TypeClass.isSmallInteger(Types.INTEGER)).isFalse();
    }

    @Test
    void globsMatchWholeNamesIgnoringCaseAndExcludesWin() {
        NamePatterns p = new NamePatterns(List.of("tbl_*", "Patient?"), List.of("*_bak"));
        assertThat(p.accepts("TBL_ADMISSION")).isTrue();
        assertThat(p.accepts("tbl_admission_bak")).isFalse();
        assertThat(p.accepts("patients")).isTrue();
        assertThat(p.accepts("patient")).isFalse();
        assertThat(p.accepts("x_tbl_a")).isFalse();
        assertThat(NamePatterns.matches("a.b", "aXb")).as("dots are literal").isFalse();
        assertThat(NamePatterns.ALL.accepts("anything")).isTrue();
        assertThatThrownBy(() -> new NamePatterns(List.of("pat%"), List.of()))
                .hasMessageContaining("globs: use *");
    }

    @Test
    void theDefaultPolicyWithholdsPersonNamesContactsAndIdentifiers() {
        PiiPolicy pii = PiiPolicy.byName();
        for (String name : List.of("first_name", "LastName", "PT_SURNAME", "patient_name", "mobile_no", "EmailAddr",
                "home_address", "NHS_NUMBER", "mrn", "dob", "DateOfBirth", "ssn", "next_of_kin_name", "fname")) {
            assertThat(pii.isPii(table("visits"), column(name))).as(name).isTrue();
        }
        for (String name : List.of("ward_name", "DeptName", "status", "delivery_mode", "test_name", "gender",
                "admit_date", "diagnosis_code", "hotel")) {
            assertThat(pii.isPii(table("visits"), column(name))).as(name).isFalse();
        }
        assertThat(pii.isPii(table("PatientMaster"), column("Name"))).isTrue();
        assertThat(pii.isPii(table("wards"), column("name"))).isFalse();
    }

    @Test
    void tokensSplitSnakeCamelAndUpperCase() {
        assertThat(NamePiiPolicy.tokens("PTName_2ndLine")).containsExactly("pt", "name", "2", "nd", "line");
        assertThat(NamePiiPolicy.tokens("tbl_AdmissionDate")).containsExactly("tbl", "admission", "date");
    }

    @Test
    void profilesRefuseInconsistentFacts() {
        assertThatThrownBy(() -> new ColumnProfile(10, 11, Cardinality.NOT_MEASURED, null, List.of(), false, null, null))
                .hasMessageContaining("nullCount");
        assertThatThrownBy(() -> new ColumnProfile(10, 0, Cardinality.HIGH, null,
                List.of(new ValueCount("a", 1)), false, null, null)).hasMessageContaining("values are kept only");
        assertThatThrownBy(() -> new ColumnProfile(10, 0, Cardinality.EXACT, 1,
                List.of(new ValueCount("a", 10)), true, null, null)).hasMessageContaining("values are kept only");
        assertThatThrownBy(() -> new ColumnProfile(10, 0, Cardinality.NOT_MEASURED, null, List.of(), true, "1", "2"))
                .hasMessageContaining("PII");
        assertThatThrownBy(() -> new ForeignKey("fk", List.of("a", "b"), "s", "t", List.of("a")))
                .hasMessageContaining("as many");
    }

    @Test
    void schemaCardsShowColumnsRolesValuesAndKeys() {
        ColumnProfile modes = new ColumnProfile(300, 0, Cardinality.EXACT, 2,
                List.of(new ValueCount("SVD", 200), new ValueCount("CS", 100)), false, null, null);
        ColumnProfile names = new ColumnProfile(300, 0, Cardinality.HIGH, null, List.of(), true, null, null);
        CatalogTable births = new CatalogTable("mat", "births", false, 290L, 300L, List.of("id"), List.of(
                new CatalogColumn("id", 1, Types.INTEGER, "int4", TypeClass.NUMERIC, false, false, null),
                new CatalogColumn("mode", 2, Types.VARCHAR, "varchar", TypeClass.TEXT, false, true, modes),
                new CatalogColumn("mother_name", 3, Types.VARCHAR, "varchar", TypeClass.TEXT, false, true, names)),
                List.of(new ForeignKey("fk", List.of("id"), "mat", "mothers", List.of("mother_id"))));
        String card = SchemaCard.of(births, java.util.Map.of("mode", "Category"));
        assertThat(card).startsWith("Table mat.births (300 rows)\n")
                .contains("  id int4 [numeric] primary key not null\n")
                .contains("  mode varchar [text] role Category values: SVD (200), CS (100)\n")
                .contains("  mother_name varchar [text] personal data many distinct values\n")
                .contains("  foreign key (id) references mothers (mother_id)\n");
    }
}
