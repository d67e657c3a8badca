package org.tally.core.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.dialect.Dialect;

/** Plain analytic reads pass, come back with the expected outer row bound, and are a fixed point of the policy. */
class PlainReadCorpusTest {

    private static final List<SafetyCorpus> CORPUS = SafetyCorpus.load("plain-reads.tsv");
    private final SqlSafetyPolicy policy = new SqlSafetyPolicy();

    static Stream<SafetyCorpus> corpus() {
        return CORPUS.stream();
    }

    @Test
    void theCorpusCoversEveryDialect() {
        assertThat(CORPUS).hasSizeGreaterThanOrEqualTo(40);
        assertThat(CORPUS.stream().map(SafetyCorpus::dialect).collect(Collectors.toSet()))
                .isEqualTo(EnumSet.allOf(Dialect.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void isAllowedWithTheExpectedBound(SafetyCorpus entry) throws Exception {
        AllowedRelations tables = SafetyCorpus.hospitalTables(entry.dialect());
        SafetyVerdict verdict = policy.check(entry.sql(), entry.dialect(), tables, SafetyCorpus.CAP);

        assertThat(verdict.allowed()).as("refused: %s", verdict.reason()).isTrue();
        assertThat(verdict.reason()).isNull();
        assertThat(OuterBound.of(verdict.rewritten(), entry.dialect())).isEqualTo(entry.expectation());
        SafetyVerdict again = policy.check(verdict.rewritten(), entry.dialect(), tables, SafetyCorpus.CAP);
        assertThat(again.rewritten()).isEqualTo(verdict.rewritten());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void aSmallerCapClampsEveryBound(SafetyCorpus entry) throws Exception {
        SafetyVerdict verdict = policy.check(entry.sql(), entry.dialect(), SafetyCorpus.hospitalTables(entry.dialect()),
                2);

        assertThat(verdict.allowed()).as("refused: %s", verdict.reason()).isTrue();
        String bound = OuterBound.of(verdict.rewritten(), entry.dialect());
        String expectedKind = entry.expectation().substring(0, entry.expectation().indexOf(' '));
        assertThat(bound).isEqualTo(expectedKind + " 2");
    }
}
