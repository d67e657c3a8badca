package org.tally.core.linking;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.testing.TestBindings;
import org.tally.core.testing.WordVectors;

/**
 * Scope at the planning hook: the tables linking hands a planner's prompt are the scope's only, whatever the
 * question asks, and a question naming a table outside the scope gets no schema at all (the redirect answers it).
 */
class LinkedSchemaScopeTest {

    private static final DomainPack PACK = PackLoader.hospital();
    private static Connection db;
    private static Binding binding;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:linked_schema_scope_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            s.execute("CREATE TABLE bills (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " amount DECIMAL(12, 2), status VARCHAR(12), issued_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity')");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01')");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 1, 'caesarean', TIMESTAMP '2026-10-03 04:00:00')");
            s.execute("INSERT INTO bills VALUES (1, 1, 120.50, 'unpaid', TIMESTAMP '2026-10-04 09:00:00')");
        }
        binding = TestBindings.bind(db, "linked-schema-scope-test", PACK);
        assertThat(binding.bound()).extracting(TableBinding::concept).contains("Delivery", "Bill");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static SchemaLinker linker(Scope scope) {
        WordVectors model = new WordVectors();
        Map<String, float[]> cards = SchemaLinker.embedCards(binding, PACK, model);
        return new SchemaLinker(binding, ScopedBinding.narrow(binding, scope), scope, PACK, model, cards);
    }

    @Test
    void aPlannersSchemaFromLinkingHoldsOnlyTheScopesTables() {
        Scope maternity = Scope.named(PACK, "Maternity");
        Set<String> readable = Set.copyOf(ScopedBinding.narrow(binding, maternity).bound().stream()
                .map(TableBinding::table).toList());
        assertThat(readable).doesNotContain("BILLS");
        // a question whose words fit the bills table best still gets only Maternity's tables
        List<TableBinding> schema = linker(maternity).schemaFor("what amount is still unpaid and when was it issued");
        assertThat(schema).isNotEmpty().extracting(TableBinding::table).allMatch(readable::contains);
        // across every table the same words reach the bills table: the scope is what keeps it out
        assertThat(linker(Scope.ALL).schemaFor("what amount is still unpaid and when was it issued"))
                .extracting(TableBinding::table).contains("BILLS");
    }

    @Test
    void aQuestionNamingATableOutsideTheScopeGetsNoSchema() {
        assertThat(linker(Scope.named(PACK, "Maternity")).schemaFor("How many bills were paid last month?")).isEmpty();
        assertThat(linker(Scope.named(PACK, "Revenue")).schemaFor("How many bills were paid last month?"))
                .extracting(TableBinding::table).contains("BILLS");
    }
}
