package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * Medication orders whose status says some were entered in error: those rows are no orders. Counts leave them out
 * (hand-written SQL says what is right, and the naive count differs); a question that asks for them by name (a
 * condition on the value, a grouping by the status) reads them, as their own labelled rows, and says so; every other
 * status value reads as before.
 */
class VoidingStatusTest {

    private static Connection db;
    private static Binding binding;

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:voiding_status_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("INSERT INTO patients SELECT X, 'F', DATE '1980-01-01' FROM SYSTEM_RANGE(1, 10)");
            s.execute("CREATE TABLE prescriptions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " prescribed_at TIMESTAMP, drug_name VARCHAR(40), status VARCHAR(20))");
            s.execute("INSERT INTO prescriptions SELECT X, MOD(X, 10) + 1, TIMESTAMP '2026-10-01 08:00:00',"
                    + " CASE MOD(X, 2) WHEN 0 THEN 'Amoxicillin' ELSE 'Paracetamol' END,"
                    + " CASE WHEN X <= 3 THEN 'entered in error' WHEN X <= 10 THEN 'completed' ELSE 'active' END"
                    + " FROM SYSTEM_RANGE(1, 24)");
        }
        binding = TestBindings.bind(db, "voiding-status-test", PackLoader.hospital());
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static final ColumnRef STATUS = ColumnRef.of("Prescription", ColumnRole.STATUS);

    @Test
    void theStatusIsReadWithItsVoidingValue() {
        assertThat(binding.table("prescriptions").orElseThrow().voidingValues("status"))
                .containsExactly("entered in error");
        assertThat(binding.table("prescriptions").orElseThrow().column("status").orElseThrow().role())
                .isEqualTo(ColumnRole.STATUS);
    }

    @Test
    void countsAndGroupingsLeaveVoidedRowsOut() throws SQLException {
        QuerySpec count = QuerySpec.builder("Prescription", Shape.SCALAR).measure(Measure.count()).build();
        BindResult.Bound bound = Binds.bound(binding, count);
        assertThat(QueryRows.run(db, bound.query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM prescriptions WHERE status <> 'entered in error' OR status IS NULL"))
                .isNotEqualTo(QueryRows.hand(db, "SELECT COUNT(*) FROM prescriptions"));
        assertThat(bound.explanation()).contains("entered in error");

        QuerySpec byStatus = QuerySpec.builder("Prescription", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(STATUS)).build();
        // grouped by the status itself, the voided rows are a bucket of their own, labelled, not hidden in another
        BindResult.Bound grouped = Binds.bound(binding, byStatus);
        assertThat(QueryRows.run(db, grouped.query())).containsExactlyInAnyOrderElementsOf(
                QueryRows.hand(db, "SELECT status, COUNT(*) FROM prescriptions GROUP BY status"));
        assertThat(grouped.explanation()).contains("Included prescriptions with status entered in error");
    }

    @Test
    void askingForTheVoidedRowsReadsThemAndSaysSoAndOtherValuesRead() throws SQLException {
        QuerySpec voided = QuerySpec.builder("Prescription", Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(STATUS, Literal.of("entered in error"))).build();
        BindResult.Bound asked = Binds.bound(binding, voided);
        assertThat(QueryRows.run(db, asked.query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM prescriptions WHERE status = 'entered in error'"));
        assertThat(asked.explanation()).contains("Included prescriptions with status entered in error");

        QuerySpec completed = QuerySpec.builder("Prescription", Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(STATUS, Literal.of("completed"))).build();
        assertThat(QueryRows.run(db, Binds.bound(binding, completed).query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM prescriptions WHERE status = 'completed'"));
    }
}
