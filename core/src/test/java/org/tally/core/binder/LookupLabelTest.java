package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * A code kept in a lookup table that holds no concept (a gender code and its description) is grouped by the code
 * and shown with the lookup's description when the declared foreign key points at the lookup's primary key: each code reaches one
 * row. A lookup reached by an inferred key, or keyed by something else, is still refused.
 */
class LookupLabelTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:lookup_label_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE ref_gender (gender_code CHAR(1) PRIMARY KEY, gender_description VARCHAR(30))");
            s.execute("INSERT INTO ref_gender VALUES ('1', 'Male'), ('2', 'Female'), ('9', 'Not specified')");
            s.execute("CREATE TABLE ref_ethnicity (ethnicity_code CHAR(1), ethnicity_description VARCHAR(30))");
            s.execute("INSERT INTO ref_ethnicity VALUES ('A', 'White'), ('B', 'Mixed'), ('A', 'White British')");
            s.execute("CREATE TABLE patients (patient_id INT PRIMARY KEY, birth_date DATE, gender_code CHAR(1)"
                    + " REFERENCES ref_gender(gender_code), ethnicity_code CHAR(1))");
            s.execute("INSERT INTO patients SELECT X, DATE '1970-01-01', CASE WHEN MOD(X, 3) = 0 THEN '1'"
                    + " WHEN MOD(X, 3) = 1 THEN '2' ELSE '9' END, CASE WHEN MOD(X, 2) = 0 THEN 'A' ELSE 'B' END"
                    + " FROM SYSTEM_RANGE(1, 30)");
        }
        binding = TestBindings.bind(db, "lookup-label-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static BindResult bind(QuerySpec spec) {
        return new SpecBinder(binding, PACK, TestBindings.REFERENCE_DAY).bind(SpecCanonicalizer.canonicalize(spec));
    }

    private static QuerySpec patientsBy(String hint) {
        return QuerySpec.builder("Patient", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(new ColumnRef("Patient", ColumnRole.CODE, hint, null))).build();
    }

    @Test
    void aCodeIsShownByItsLookupsDescription() throws SQLException {
        BindResult r = bind(patientsBy("gender"));
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
        assertThat(QueryRows.run(db, ((BindResult.Bound) r).query())).isEqualTo(QueryRows.hand(db,
                "SELECT p.gender_code, g.gender_description, COUNT(*) FROM patients p JOIN ref_gender g"
                        + " ON g.gender_code = p.gender_code GROUP BY p.gender_code, g.gender_description"));
    }

    @Test
    void theLookupsAreTheTablesAKeyReachesByTheirPrimaryKey() {
        // the allow-list takes these beside the bound tables; ref_ethnicity is reached by no declared key
        assertThat(binding.lookupTables()).containsExactly("REF_GENDER");
    }

    @Test
    void aLookupWithoutAKeyIsNotJoined() throws SQLException {
        // ref_ethnicity has no primary key and code 'A' twice: joining it would count patients twice
        BindResult r = bind(patientsBy("ethnicity"));
        if (r instanceof BindResult.Bound) {
            assertThat(QueryRows.run(db, ((BindResult.Bound) r).query())).isEqualTo(QueryRows.hand(db,
                    "SELECT ethnicity_code, COUNT(*) FROM patients GROUP BY ethnicity_code"));
        }
    }
}
