package org.tally.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyCorpus;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SqlSafetyPolicy;

/** The policy with its remembered verdicts answers exactly as the policy checking everything, and stays bounded. */
class VerdictMemoryTest {

    private static final AllowedRelations PG = AllowedRelations.of("public", "patients", "admissions");
    private static final String SELECT = "SELECT p.id FROM patients p WHERE p.id = ?";

    @Test
    void theSameInputIsAnsweredFromMemoryWithTheSameVerdict() {
        VerdictMemory policy = new VerdictMemory(new SqlSafetyPolicy(), 16);

        SafetyVerdict first = policy.check(SELECT, Dialect.POSTGRES, PG, 100);
        SafetyVerdict second = policy.check(SELECT, Dialect.POSTGRES, PG, 100);

        assertThat(first.allowed()).isTrue();
        assertThat(second).isEqualTo(first).isEqualTo(new SqlSafetyPolicy().check(SELECT, Dialect.POSTGRES, PG, 100));
        assertThat(policy.hits()).isEqualTo(1);
        assertThat(policy.size()).isEqualTo(1);
    }

    @Test
    void aDifferentTextDialectAllowListOrRowCapIsCheckedAfresh() {
        VerdictMemory policy = new VerdictMemory(new SqlSafetyPolicy(), 16);
        policy.check(SELECT, Dialect.POSTGRES, PG, 100);

        SafetyVerdict otherCap = policy.check(SELECT, Dialect.POSTGRES, PG, 5);
        SafetyVerdict otherDialect = policy.check(SELECT, Dialect.H2, PG, 100);
        SafetyVerdict otherText = policy.check(SELECT + " ", Dialect.POSTGRES, PG, 100);
        SafetyVerdict narrower = policy.check(SELECT, Dialect.POSTGRES, AllowedRelations.of("public", "admissions"), 100);

        assertThat(policy.hits()).isZero();
        assertThat(otherCap.rewritten()).contains("LIMIT 5");
        assertThat(otherDialect.allowed()).isTrue();
        assertThat(otherText.allowed()).isTrue();
        assertThat(narrower.allowed()).as("patients is not on the narrower list").isFalse();
        assertThat(narrower.reason()).contains("patients");
    }

    @Test
    void anEqualAllowListBuiltAgainFindsTheRememberedVerdict() {
        VerdictMemory policy = new VerdictMemory(new SqlSafetyPolicy(), 16);
        policy.check(SELECT, Dialect.POSTGRES, PG, 100);

        policy.check(SELECT, Dialect.POSTGRES, AllowedRelations.of("public", List.of("admissions", "patients")), 100);

        assertThat(policy.hits()).isEqualTo(1);
        assertThat(AllowedRelations.of("public", "patients", "admissions"))
                .isEqualTo(AllowedRelations.of("public", "admissions", "patients"))
                .hasSameHashCodeAs(AllowedRelations.of("public", "admissions", "patients"))
                .isNotEqualTo(AllowedRelations.of("dbo", "patients", "admissions"))
                .isNotEqualTo(AllowedRelations.of("public", "patients"));
    }

    @Test
    void refusalsAreNeverRemembered() {
        VerdictMemory policy = new VerdictMemory(new SqlSafetyPolicy(), 16);
        String write = "DELETE FROM patients";

        SafetyVerdict first = policy.check(write, Dialect.POSTGRES, PG, 100);
        SafetyVerdict second = policy.check(write, Dialect.POSTGRES, PG, 100);

        assertThat(first.allowed()).isFalse();
        assertThat(second).isEqualTo(first);
        assertThat(policy.size()).isZero();
        assertThat(policy.hits()).isZero();
    }

    @Test
    void theMemoryKeepsAtMostItsCapacityAndDropsTheLeastRecentlyUsed() {
        VerdictMemory policy = new VerdictMemory(new SqlSafetyPolicy(), 3);
        List<String> statements = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            statements.add("SELECT id FROM patients WHERE id = " + i);
        }
        policy.check(statements.get(0), Dialect.POSTGRES, PG, 100);
        policy.check(statements.get(1), Dialect.POSTGRES, PG, 100);
        policy.check(statements.get(2), Dialect.POSTGRES, PG, 100);
        policy.check(statements.get(0), Dialect.POSTGRES, PG, 100); // 0 is now the most recently used
        policy.check(statements.get(3), Dialect.POSTGRES, PG, 100); // 1 goes
        assertThat(policy.size()).isEqualTo(3);
        assertThat(policy.hits()).isEqualTo(1);

        policy.check(statements.get(0), Dialect.POSTGRES, PG, 100);
        policy.check(statements.get(1), Dialect.POSTGRES, PG, 100);

        assertThat(policy.hits()).as("0 was kept, 1 was dropped").isEqualTo(2);
        assertThat(policy.size()).isEqualTo(3);
    }

    @Test
    void longStatementsAreCheckedEveryTime() {
        VerdictMemory policy = new VerdictMemory(new SqlSafetyPolicy(), 16);
        StringBuilder sql = new StringBuilder("SELECT id FROM patients WHERE id IN (0");
        for (int i = 1; sql.length() <= VerdictMemory.MAX_LENGTH; i++) {
            sql.append(", ").append(i);
        }
        String longSql = sql.append(')').toString();

        assertThat(policy.check(longSql, Dialect.POSTGRES, PG, 100).allowed()).isTrue();
        assertThat(policy.check(longSql, Dialect.POSTGRES, PG, 100).allowed()).isTrue();

        assertThat(policy.size()).isZero();
        assertThat(policy.hits()).isZero();
    }

    @Test
    void everyCorpusStatementGetsTheVerdictOfTheFullCheckTwice() {
        SqlSafetyPolicy full = new SqlSafetyPolicy();
        VerdictMemory remembering = new VerdictMemory(new SqlSafetyPolicy(), 10_000);
        List<SafetyCorpus> corpus = new ArrayList<>(SafetyCorpus.load("adversarial.tsv"));
        corpus.addAll(SafetyCorpus.load("plain-reads.tsv"));
        int allowed = 0;
        for (int round = 0; round < 2; round++) {
            for (SafetyCorpus entry : corpus) {
                AllowedRelations tables = SafetyCorpus.hospitalTables(entry.dialect());
                SafetyVerdict expected = full.check(entry.sql(), entry.dialect(), tables, SafetyCorpus.CAP);
                SafetyVerdict actual = remembering.check(entry.sql(), entry.dialect(), tables, SafetyCorpus.CAP);
                assertThat(actual).as("line %d: %s", entry.lineNumber(), entry.sql()).isEqualTo(expected);
                allowed += expected.allowed() ? 1 : 0;
            }
        }
        assertThat(allowed).as("the plain reads are allowed").isPositive();
        assertThat(remembering.hits()).isEqualTo(allowed / 2);
    }

    @Test
    void aMemoryNeedsRoomForOneVerdict() {
        assertThatThrownBy(() -> new VerdictMemory(new SqlSafetyPolicy(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
    }
}
