package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.testing.TestBindings;

/**
 * "The most common lab tests" counted over the catalogue of tests gives 1 per test (and ranks them by spelling): a
 * count of a concept grouped by its own label or key is refused, never answered.
 */
class OwnLabelCountTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();
    private static final Clock TODAY = TestBindings.REFERENCE_DAY;

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:own_label_count_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE lab_tests (id INT PRIMARY KEY, test_code VARCHAR(8), name VARCHAR(40))");
            s.execute("CREATE TABLE lab_results (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " lab_test_id INT REFERENCES lab_tests(id), result_value DECIMAL(8,2), resulted_at TIMESTAMP)");
            s.execute("INSERT INTO patients SELECT X, 'F', DATE '1970-01-01' FROM SYSTEM_RANGE(1, 5)");
            s.execute("INSERT INTO lab_tests VALUES (1, 'NA', 'Sodium'), (2, 'K', 'Potassium'), (3, 'CR', 'Creatinine')");
            s.execute("INSERT INTO lab_results SELECT X, MOD(X, 5) + 1, CASE WHEN X < 10 THEN 2 ELSE 1 END, 4.0,"
                    + " TIMESTAMP '2026-10-01 08:00:00' FROM SYSTEM_RANGE(1, 12)");
        }
        binding = TestBindings.bind(db, "own-label-count-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static BindResult bind(QuerySpec spec) {
        return Binds.bind(binding, spec);
    }

    @Test
    void countingACatalogueByItsOwnLabelIsRefused() {
        for (ColumnRole own : new ColumnRole[] {ColumnRole.NAME, ColumnRole.PRIMARY_KEY}) {
            BindResult r = bind(QuerySpec.builder("LabTest", Shape.TOP_N).measure(Measure.count())
                    .dimension(Dimension.of(ColumnRef.of("LabTest", own))).order(OrderKey.byMeasure(0,
                            org.tally.core.spec.Direction.DESC)).limit(3).build());
            assertThat(r).as(own.jsonName()).isInstanceOf(BindResult.Failed.class);
            assertThat(((BindResult.Failed) r).failure().reason()).contains("counts each lab test once");
        }
    }

    @Test
    void countingWhatRefersToItStillBinds() {
        BindResult r = bind(QuerySpec.builder("LabResult", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("LabTest", ColumnRole.NAME))).build());
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
    }

    @Test
    void theQuestionIsNotAnsweredFromTheCatalogue() {
        Grammar grammar = new Grammar(PACK, new BindingVocabulary(binding, PACK.nameTokens()), TODAY);
        ParseOutcome parsed = grammar.parse("What are the 3 most common lab tests?");
        boolean fromCatalogue = parsed instanceof ParseOutcome.Parsed p && p.spec().subject().equals("LabTest")
                && bind(p.spec()) instanceof BindResult.Bound;
        assertThat(fromCatalogue).as(parsed.toString()).isFalse();
    }
}
