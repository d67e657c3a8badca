package org.tally.core.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.dialect.Dialect;

/** Every statement of the adversarial corpus is refused, for the reason its line names. */
class AdversarialCorpusTest {

    private static final List<SafetyCorpus> CORPUS = SafetyCorpus.load("adversarial.tsv");
    private final SqlSafetyPolicy policy = new SqlSafetyPolicy();

    static Stream<SafetyCorpus> corpus() {
        return CORPUS.stream();
    }

    @Test
    void theCorpusIsLargeAndCoversEveryDialect() {
        assertThat(CORPUS).hasSizeGreaterThanOrEqualTo(150);
        Set<Dialect> dialects = CORPUS.stream().map(SafetyCorpus::dialect).collect(Collectors.toSet());
        assertThat(dialects).isEqualTo(EnumSet.allOf(Dialect.class));
        for (Dialect d : Dialect.values()) {
            assertThat(CORPUS.stream().filter(c -> c.dialect() == d).count()).as(d.id()).isGreaterThanOrEqualTo(30);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void isRefusedWithTheExpectedReason(SafetyCorpus entry) {
        SafetyVerdict verdict = policy.check(entry.sql(), entry.dialect(), SafetyCorpus.hospitalTables(entry.dialect()),
                SafetyCorpus.CAP);

        assertThat(verdict.allowed()).as("allowed: %s", verdict.rewritten()).isFalse();
        assertThat(verdict.rewritten()).isNull();
        assertThat(verdict.reason().toLowerCase(Locale.ROOT)).contains(entry.expectation().toLowerCase(Locale.ROOT));
    }
}
