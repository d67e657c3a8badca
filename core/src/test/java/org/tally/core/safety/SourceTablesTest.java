package org.tally.core.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;

class SourceTablesTest {

    @Test
    void listsTheTablesAndViewsOfTheDefaultSchemaOnly() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:sourcetables;DB_CLOSE_DELAY=-1");
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE patients (id INT)");
            s.execute("CREATE TABLE ward_stays (id INT)");
            s.execute("CREATE VIEW adults AS SELECT id FROM patients");
            s.execute("CREATE SCHEMA archive");
            s.execute("CREATE TABLE archive.old_patients (id INT)");

            AllowedRelations allowed = SourceTables.of(c, Dialect.H2);

            assertThat(allowed.names()).containsExactly("ADULTS", "PATIENTS", "WARD_STAYS");
            assertThat(allowed.allows(null, "patients")).isTrue();
            assertThat(allowed.allows("public", "Ward_Stays")).isTrue();
            assertThat(allowed.allows("archive", "old_patients")).isFalse();
            assertThat(allowed.allows(null, "old_patients")).isFalse();
        }
    }
}
