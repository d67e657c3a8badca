package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Overrides;
import org.tally.core.dialect.Dialect;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * A birth date kept as its year only (a research model's {@code year_of_birth}): a time range whose bounds start a
 * year reads on it exactly, as year comparisons; a bound inside a year, a bucket, an equality, or an emptiness test
 * is refused, never compared with a date.
 */
class YearOnlyBirthDateTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();
    private static final ColumnRef BIRTH = ColumnRef.of("Patient", ColumnRole.BIRTH_DATE);

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:year_only_birth_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE person (person_id INT PRIMARY KEY, gender VARCHAR(1), year_of_birth INT NOT NULL)");
            s.execute("INSERT INTO person SELECT X, CASE WHEN MOD(X, 2) = 0 THEN 'F' ELSE 'M' END, 1930 + MOD(X, 70)"
                    + " FROM SYSTEM_RANGE(1, 140)");
        }
        Overrides year = new Overrides(Map.of("person", "Patient"), Map.of("person.year_of_birth",
                new Overrides.ColumnOverride(ColumnRole.BIRTH_DATE, null, null)));
        binding = new Binder(PACK).bind(TestBindings.refresh(db, "year-only-birth-test", Dialect.H2), year,
                List.of());
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static QuerySpec.Builder count() {
        return QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count());
    }

    private static String refused(QuerySpec spec) {
        BindResult r = Binds.bind(binding, spec);
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Failed.class);
        return ((BindResult.Failed) r).failure().reason();
    }

    @Test
    void aRangeOfWholeYearsComparesTheYear() throws SQLException {
        QuerySpec in1960 = count().timeScope(new TimeScope(BIRTH, Literal.of(LocalDate.of(1960, 1, 1)),
                Literal.of(LocalDate.of(1961, 1, 1)), null)).build();
        BindResult r = Binds.bind(binding, in1960);
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
        assertThat(QueryRows.run(db, ((BindResult.Bound) r).query()))
                .isEqualTo(QueryRows.hand(db, "SELECT COUNT(*) FROM person WHERE year_of_birth = 1960"))
                .isEqualTo(QueryRows.hand(db, "SELECT 2"));

        QuerySpec before1950 = count().filter(Filter.lt(BIRTH, Literal.of(LocalDateTime.of(1950, 1, 1, 0, 0))))
                .build();
        BindResult b = Binds.bind(binding, before1950);
        assertThat(b).as(b.toString()).isInstanceOf(BindResult.Bound.class);
        assertThat(QueryRows.run(db, ((BindResult.Bound) b).query()))
                .isEqualTo(QueryRows.hand(db, "SELECT COUNT(*) FROM person WHERE year_of_birth < 1950"));
    }

    @Test
    void anythingFinerThanAYearIsRefused() {
        assertThat(refused(count().timeScope(new TimeScope(BIRTH, Literal.of(LocalDate.of(1960, 3, 1)),
                Literal.of(LocalDate.of(1960, 4, 1)), null)).build())).contains("keeps only the year");
        assertThat(refused(count().filter(Filter.ge(BIRTH, Literal.of(LocalDateTime.of(1960, 1, 1, 8, 0))))
                .build())).contains("keeps only the year");
        assertThat(refused(count().filter(Filter.gt(BIRTH, Literal.of(LocalDate.of(1960, 1, 1)))).build()))
                .contains("keeps only the year");
        assertThat(refused(count().filter(new Filter.IsNull(BIRTH)).build())).contains("not stored as a date");
        assertThat(refused(QuerySpec.builder("Patient", Shape.TREND).measure(Measure.count())
                .timeScope(new TimeScope(BIRTH, Literal.of(LocalDate.of(1960, 1, 1)),
                        Literal.of(LocalDate.of(1970, 1, 1)), Bucket.MONTH)).build()))
                .containsAnyOf("keeps only the year", "not stored as a date");
    }
}
