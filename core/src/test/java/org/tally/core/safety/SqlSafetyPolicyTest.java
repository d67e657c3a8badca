package org.tally.core.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;

/** One rule at a time; the corpora cover breadth, these pin down behaviour and the exact rewritten text. */
class SqlSafetyPolicyTest {

    private final SqlSafetyPolicy policy = new SqlSafetyPolicy();
    private static final AllowedRelations PG = AllowedRelations.of("public", "patients", "admissions");
    private static final AllowedRelations SS = AllowedRelations.of("dbo", "patients", "admissions");

    private SafetyVerdict pg(String sql) {
        return policy.check(sql, Dialect.POSTGRES, PG, 100);
    }

    private SafetyVerdict on(Dialect dialect, String sql) {
        return policy.check(sql, dialect, dialect == Dialect.SQLSERVER ? SS : PG, 100);
    }

    private static String refusal(SafetyVerdict v) {
        assertThat(v.allowed()).as("allowed as %s", v.rewritten()).isFalse();
        assertThat(v.rewritten()).isNull();
        return v.reason();
    }

    private static String rewritten(SafetyVerdict v) {
        assertThat(v.allowed()).as("refused: %s", v.reason()).isTrue();
        assertThat(v.reason()).isNull();
        return v.rewritten();
    }

    @Nested
    class OneStatement {
        @Test
        void aSecondStatementIsRefusedEvenWhenItIsAlsoASelect() {
            assertThat(refusal(pg("SELECT id FROM patients; SELECT id FROM admissions"))).contains("found 2 statements");
        }

        @Test
        void aTrailingSemicolonIsOneStatement() {
            assertThat(rewritten(pg("SELECT id FROM patients;"))).isEqualTo("SELECT id FROM patients LIMIT 100");
        }

        @Test
        void unparseableInputIsRefusedWithTheParsersFirstLine() {
            String reason = refusal(pg("SELECT id FROM patients WHERE"));
            assertThat(reason).startsWith("the SQL does not parse as PostgreSQL: ").contains("line 1, column")
                    .doesNotContain("\n").doesNotContain("net.sf.jsqlparser");
        }

        @Test
        void emptyAndNullInputAreRefused() {
            assertThat(refusal(pg(null))).contains("empty");
            assertThat(refusal(pg("  \n "))).contains("empty");
            assertThat(refusal(pg("-- only a comment"))).contains("only comments");
        }

        @Test
        void overlongInputIsRefusedBeforeParsing() {
            String sql = "SELECT id FROM patients WHERE id IN (" + "1,".repeat(60_000) + "1)";
            assertThat(refusal(pg(sql))).contains("characters long");
        }

        @Test
        void aParseThatOverrunsItsTimeLimitIsARefusal() {
            // a long IN list takes the parser far more than a millisecond
            SqlSafetyPolicy impatient = new SqlSafetyPolicy(Duration.ofMillis(1));
            String sql = "SELECT id FROM patients WHERE id IN (" + "1, ".repeat(20_000) + "1)";
            SafetyVerdict v = impatient.check(sql, Dialect.POSTGRES, PG, 100);
            assertThat(refusal(v)).contains("parsing took too long");
        }

        @Test
        void outerParenthesesAreUnwrapped() {
            assertThat(rewritten(pg("((SELECT id FROM patients))"))).isEqualTo("SELECT id FROM patients LIMIT 100");
        }

        @Test
        void aBareValuesListIsNotAQuery() {
            assertThat(refusal(pg("VALUES (1)"))).contains("VALUES");
        }

        @Test
        void theRowCapMustBePositive() {
            assertThatThrownBy(() -> policy.check("SELECT 1", Dialect.H2, PG, 0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxRows");
        }
    }

    @Nested
    class Relations {
        @Test
        void namesMatchWithoutRegardToCase() {
            assertThat(rewritten(pg("SELECT ID FROM PATIENTS"))).isEqualTo("SELECT ID FROM PATIENTS LIMIT 100");
        }

        @Test
        void theDefaultSchemaMayBeNamed() {
            assertThat(pg("SELECT id FROM public.patients").allowed()).isTrue();
            assertThat(refusal(pg("SELECT id FROM archive.patients"))).contains("'archive.patients' is not in the"
                    + " allow-list").contains("patients, admissions".replace("patients, admissions", "admissions, patients"));
        }

        @Test
        void aQualifiedEntryDoesNotAllowTheDefaultSchemasNamesake() {
            AllowedRelations reporting = AllowedRelations.of("public", "reporting.patients");
            assertThat(policy.check("SELECT id FROM reporting.patients", Dialect.POSTGRES, reporting, 10).allowed())
                    .isTrue();
            assertThat(policy.check("SELECT id FROM patients", Dialect.POSTGRES, reporting, 10).allowed()).isFalse();
        }

        @Test
        void systemCatalogsStayClosedEvenWhenListed() {
            AllowedRelations careless = AllowedRelations.of("public", "information_schema.tables", "pg_stats");
            assertThat(policy.check("SELECT * FROM information_schema.tables", Dialect.POSTGRES, careless, 10)
                    .reason()).contains("system catalog");
            assertThat(policy.check("SELECT * FROM pg_stats", Dialect.POSTGRES, careless, 10).reason())
                    .contains("system catalog");
        }

        @Test
        void aCteIsVisibleToLaterItemsAndTheBodyOnly() {
            assertThat(pg("WITH a AS (SELECT id FROM patients), b AS (SELECT id FROM a) SELECT id FROM b").allowed())
                    .isTrue();
            assertThat(refusal(pg("WITH a AS (SELECT id FROM b), b AS (SELECT id FROM patients) SELECT id FROM a")))
                    .contains("table 'b'");
            assertThat(refusal(pg("SELECT id FROM (WITH c AS (SELECT id FROM patients) SELECT id FROM c) x"
                    + " WHERE id IN (SELECT id FROM c)"))).contains("table 'c'");
        }

        @Test
        void aCteCountsOnlyWhenSpelledExactlyAsDeclared() {
            // PostgreSQL folds secret to lower case: it is not the CTE "Secret" but a table
            assertThat(refusal(pg("WITH \"Secret\" AS (SELECT id FROM patients) SELECT * FROM secret")))
                    .contains("table 'secret'");
            assertThat(refusal(pg("WITH x AS (SELECT id FROM patients) SELECT * FROM X"))).contains("table 'X'");
            assertThat(pg("WITH \"Secret\" AS (SELECT id FROM patients) SELECT * FROM \"Secret\"").allowed())
                    .isTrue();
        }

        @Test
        void onlyARecursiveCteSeesItself() {
            assertThat(pg("WITH RECURSIVE n AS (SELECT 1 AS k UNION ALL SELECT k + 1 FROM n WHERE k < 3)"
                    + " SELECT k FROM n").allowed()).isTrue();
            assertThat(refusal(pg("WITH n AS (SELECT k FROM n) SELECT k FROM n"))).contains("table 'n'");
        }

        @Test
        void tablesAreFoundInEveryPartOfTheQuery() {
            String[] places = {
                "SELECT id FROM patients WHERE id IN (SELECT id FROM secrets)",
                "SELECT (SELECT max(id) FROM secrets) FROM patients",
                "SELECT id FROM patients GROUP BY id HAVING count(*) > (SELECT count(*) FROM secrets)",
                "SELECT p.id FROM patients p JOIN LATERAL (SELECT id FROM secrets) s ON true",
                "SELECT id FROM patients UNION SELECT id FROM secrets",
                "SELECT id FROM patients p LEFT JOIN (admissions a JOIN secrets s ON s.id = a.id) ON a.id = p.id",
                "SELECT id FROM patients ORDER BY (SELECT max(id) FROM secrets)",
                "SELECT CASE WHEN EXISTS (SELECT 1 FROM secrets) THEN 1 END FROM patients",
                "SELECT id FROM patients WHERE id = ANY (SELECT id FROM secrets)",
                "SELECT max(id) OVER (PARTITION BY (SELECT 1 FROM secrets)) FROM patients"};
            for (String sql : places) {
                assertThat(refusal(pg(sql))).as(sql).contains("'secrets'");
            }
        }

        @Test
        void namesWithAnotherDatabaseOrATemporaryTableAreRefused() {
            assertThat(refusal(on(Dialect.SQLSERVER, "SELECT * FROM hospital.dbo.patients"))).contains("another"
                    + " database");
            assertThat(refusal(on(Dialect.SQLSERVER, "SELECT * FROM #patients"))).contains("temporary table");
        }
    }

    @Nested
    class Functions {
        @Test
        void forbiddenFunctionsAreFoundWhereverTheyAreCalled() {
            assertThat(refusal(pg("SELECT id FROM patients WHERE id = (SELECT pg_sleep(1))"))).contains("pg_sleep");
            assertThat(refusal(on(Dialect.MYSQL, "SELECT sleep(1) OVER () FROM patients"))).contains("sleep");
            assertThat(refusal(on(Dialect.MYSQL, "SELECT `SLEEP`(1)"))).contains("SLEEP");
            assertThat(refusal(pg("SELECT id FROM patients ORDER BY CASE WHEN id > 0 THEN pg_sleep(1) END")))
                    .contains("pg_sleep");
        }

        @Test
        void harmlessIdentityFunctionsPass() {
            assertThat(on(Dialect.MYSQL, "SELECT version(), database(), user(), current_user FROM patients").allowed())
                    .isTrue();
        }

        @Test
        void reservedWordsAsNamesAreRefused() {
            assertThat(refusal(pg("SELECT delete FROM patients"))).contains("reserved SQL word");
            assertThat(pg("SELECT \"delete\" FROM patients").allowed()).isTrue();
        }
    }

    @Nested
    class Writes {
        @Test
        void dataModifyingCtesAreRefusedWhateverTheirPlace() {
            assertThat(refusal(pg("WITH a AS (SELECT id FROM patients), d AS (DELETE FROM admissions RETURNING id)"
                    + " SELECT id FROM a"))).contains("WITH item 'd'").contains("DELETE");
        }

        @Test
        void selectIntoAndLockingAreRefusedInSubqueriesToo() {
            assertThat(refusal(pg("SELECT id FROM (SELECT id FROM patients FOR UPDATE) x"))).contains("locking");
            assertThat(refusal(pg("SELECT id INTO backup FROM patients"))).contains("INTO");
        }
    }

    @Nested
    class RowBound {
        @Test
        void postgresMySqlAndH2GetALimit() {
            assertThat(rewritten(pg("SELECT id FROM patients"))).isEqualTo("SELECT id FROM patients LIMIT 100");
            assertThat(rewritten(on(Dialect.MYSQL, "SELECT id FROM patients")))
                    .isEqualTo("SELECT id FROM patients LIMIT 100");
            assertThat(rewritten(on(Dialect.H2, "SELECT id FROM patients")))
                    .isEqualTo("SELECT id FROM patients LIMIT 100");
        }

        @Test
        void aSmallerLimitIsKeptALargerOneClamped() {
            assertThat(rewritten(pg("SELECT id FROM patients LIMIT 7"))).endsWith("LIMIT 7");
            assertThat(rewritten(pg("SELECT id FROM patients LIMIT 7000"))).endsWith("LIMIT 100");
            assertThat(rewritten(pg("SELECT id FROM patients LIMIT ALL"))).endsWith("LIMIT 100");
            assertThat(rewritten(pg("SELECT id FROM patients ORDER BY id LIMIT 500 OFFSET 20")))
                    .isEqualTo("SELECT id FROM patients ORDER BY id LIMIT 100 OFFSET 20");
            assertThat(rewritten(on(Dialect.MYSQL, "SELECT id FROM patients LIMIT 40, 500")))
                    .isEqualTo("SELECT id FROM patients LIMIT 40, 100");
        }

        @Test
        void sqlServerGetsTopOrFetch() {
            assertThat(rewritten(on(Dialect.SQLSERVER, "SELECT id FROM patients")))
                    .isEqualTo("SELECT TOP (100) id FROM patients");
            assertThat(rewritten(on(Dialect.SQLSERVER, "SELECT TOP 5 id FROM patients")))
                    .isEqualTo("SELECT TOP 5 id FROM patients");
            assertThat(rewritten(on(Dialect.SQLSERVER, "SELECT id FROM patients ORDER BY id OFFSET 3 ROWS")))
                    .isEqualTo("SELECT id FROM patients ORDER BY id OFFSET 3 ROWS FETCH NEXT 100 ROWS ONLY");
            assertThat(rewritten(on(Dialect.SQLSERVER,
                    "SELECT id FROM patients ORDER BY id OFFSET 3 ROWS FETCH NEXT 900 ROWS ONLY")))
                    .isEqualTo("SELECT id FROM patients ORDER BY id OFFSET 3 ROWS FETCH NEXT 100 ROWS ONLY");
        }

        @Test
        void anUnorderedSqlServerSetOperationIsBoundedFromOutsideKeepingItsCtes() {
            assertThat(rewritten(on(Dialect.SQLSERVER,
                    "WITH a AS (SELECT id FROM patients) SELECT id FROM a UNION SELECT id FROM admissions")))
                    .isEqualTo("WITH a AS (SELECT id FROM patients) SELECT TOP (100) * FROM (SELECT id FROM a UNION"
                            + " SELECT id FROM admissions) AS bounded_rows");
        }

        @Test
        void aTrailingLimitBoundsTheWholeSetOperation() {
            assertThat(rewritten(pg("SELECT id FROM patients UNION SELECT id FROM admissions LIMIT 10")))
                    .isEqualTo("(SELECT id FROM patients) UNION (SELECT id FROM admissions) LIMIT 10");
        }

        @Test
        void boundsThatCannotPromiseARowCountAreRefused() {
            assertThat(refusal(on(Dialect.SQLSERVER, "SELECT TOP 10 PERCENT id FROM patients"))).contains("PERCENT");
            assertThat(refusal(on(Dialect.SQLSERVER, "SELECT TOP 10 WITH TIES id FROM patients ORDER BY id")))
                    .contains("WITH TIES");
            assertThat(refusal(pg("SELECT id FROM patients ORDER BY id FETCH FIRST 10 ROWS WITH TIES")))
                    .contains("WITH TIES");
            assertThat(refusal(on(Dialect.H2, "SELECT id FROM patients FETCH FIRST 10 PERCENT ROWS ONLY")))
                    .contains("PERCENT");
        }

        @Test
        void aBoundThatIsNotANumberIsRefusedSoParameterPositionsStay() {
            assertThat(refusal(pg("SELECT id FROM patients WHERE id > ? LIMIT ?"))).contains("not a number");
            assertThat(refusal(on(Dialect.SQLSERVER, "SELECT TOP (?) id FROM patients"))).contains("not a number");
            assertThat(refusal(on(Dialect.H2, "SELECT id FROM patients FETCH FIRST 2 + 3 ROWS ONLY")))
                    .contains("not a number");
        }

        @Test
        void eachDialectKeepsToItsOwnSyntax() {
            assertThat(refusal(pg("SELECT TOP 3 id FROM patients"))).contains("LIMIT");
            assertThat(refusal(on(Dialect.SQLSERVER, "SELECT id FROM patients LIMIT 3"))).contains("TOP");
        }
    }

    @Test
    void verdictsKeepTheirShape() {
        assertThatThrownBy(() -> new SafetyVerdict(true, "why", Unvalidated.statement("SELECT 1", Dialect.H2))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SafetyVerdict(false, " ", null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SafetyVerdict(false, "why", Unvalidated.statement("SELECT 1", Dialect.H2))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SafetyVerdict(true, null, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
