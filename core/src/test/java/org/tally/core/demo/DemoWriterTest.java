package org.tally.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;

/** What a catalog refresh will see: case-preserved names, primary keys, and exactly the declared foreign keys. */
class DemoWriterTest {

    private static Set<String> declared(DemoSchema schema) {
        Set<String> expected = new HashSet<>();
        for (DemoTable<?> t : DemoTables.ALL) {
            for (DemoColumn<?> c : t.columns(schema)) {
                if (c.foreignKeyDeclared(schema)) {
                    DemoTable<?> target = DemoTables.byDevName(c.references());
                    expected.add(t.name(schema) + "." + c.name(schema) + "->" + target.name(schema) + "."
                            + target.primaryKey().name(schema));
                }
            }
        }
        return expected;
    }

    @Test
    void metadataShowsCasePreservedTablesTheirPrimaryKeysAndOnlyTheDeclaredForeignKeys() throws Exception {
        for (DemoSchema schema : DemoSchema.values()) {
            try (Connection c = DriverManager.getConnection(DemoFixtures.h2(schema))) {
                DatabaseMetaData md = c.getMetaData();
                Set<String> foreignKeys = new HashSet<>();
                for (DemoTable<?> t : DemoTables.ALL) {
                    try (ResultSet rs = md.getPrimaryKeys(null, "PUBLIC", t.name(schema))) {
                        assertThat(rs.next()).as(t.name(schema)).isTrue();
                        assertThat(rs.getString("COLUMN_NAME")).isEqualTo(t.primaryKey().name(schema));
                    }
                    try (ResultSet rs = md.getImportedKeys(null, "PUBLIC", t.name(schema))) {
                        while (rs.next()) {
                            foreignKeys.add(rs.getString("FKTABLE_NAME") + "." + rs.getString("FKCOLUMN_NAME") + "->"
                                    + rs.getString("PKTABLE_NAME") + "." + rs.getString("PKCOLUMN_NAME"));
                        }
                    }
                }
                assertThat(foreignKeys).as(schema.id()).isEqualTo(declared(schema));
            }
        }
        assertThat(declared(DemoSchema.ALT).size()).isLessThan(declared(DemoSchema.DEV).size() / 2);
    }

    @Test
    void ddlUsesEachDialectsTypes() {
        DemoTable<?> admissions = DemoTables.byDevName("admissions");
        assertThat(new DemoWriter(DemoSchema.DEV, Dialect.MYSQL).createTable(admissions))
                .contains("`admitted_at` DATETIME NOT NULL", "`discharged_at` DATETIME,");
        assertThat(new DemoWriter(DemoSchema.DEV, Dialect.POSTGRES).createTable(admissions))
                .contains("\"admitted_at\" TIMESTAMP NOT NULL");
        DemoTable<?> stays = DemoTables.byDevName("icu_stays");
        assertThat(new DemoWriter(DemoSchema.DEV, Dialect.SQLSERVER).createTable(stays))
                .contains("[was_ventilated] BIT NOT NULL");
        assertThat(new DemoWriter(DemoSchema.ALT, Dialect.POSTGRES).createTable(stays))
                .contains("\"VentilatedYN\" CHAR(1) NOT NULL");
    }
}
