package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.EngineFactory;
import org.tally.core.scope.Scope;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.chat.ExampleQuestions;

/**
 * The workstation's service-line scopes on the demo hospital: every scope's example questions are answered inside
 * it exactly as across all service lines, and a question about another line's data is redirected, never run.
 */
class ServiceLineScopesTest {

    private static final SourceRef DEV = new SourceRef.Demo(DemoSchema.DEV);

    @TempDir
    Path home;

    @Test
    void eachScopeAnswersItsExamplesAsAllServiceLinesDoAndRedirectsTheRest() {
        Wiring wiring = new Wiring(new DataFolder(home));
        EngineFactory engines = wiring.workstationEngines(100);
        List<Scope> scopes = engines.scopes();
        assertThat(scopes).first().isEqualTo(Scope.ALL);
        assertThat(scopes).extracting(Scope::id).containsAll(ExampleQuestions.serviceLines());

        try (AnswerEngine all = engines.open(DEV, Credentials.NONE, null, Progress.NONE)) {
            for (Scope scope : scopes.subList(1, scopes.size())) {
                try (AnswerEngine scoped = engines.open(DEV, Credentials.NONE, null, Progress.NONE, scope)) {
                    for (String q : ExampleQuestions.forScope(scope.id())) {
                        Answer inside = scoped.ask(q);
                        Answer across = all.ask(q);
                        assertThat(inside.status()).as(scope.id() + ": " + q + " → " + inside.message())
                                .isIn(AnswerStatus.ANSWERED, AnswerStatus.CLARIFY);
                        assertThat(inside.status()).isEqualTo(across.status());
                        assertThat(inside.rows()).as(scope.id() + ": " + q).isEqualTo(across.rows());
                        assertThat(inside.specHash()).isEqualTo(across.specHash());
                    }
                }
            }
        }
        Scope maternity = Scope.named(org.tally.core.pack.PackLoader.hospital(), "Maternity");
        try (AnswerEngine scoped = engines.open(DEV, Credentials.NONE, null, Progress.NONE, maternity)) {
            Answer admissions = scoped.ask("How many admissions were there last month?");
            assertThat(admissions.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(admissions.message()).startsWith("That is answered in the Ward Board").contains("scope")
                    .contains("admissions are outside Maternity");
            assertThat(admissions.sql()).isNull();
            Answer byWard = scoped.ask("How many deliveries were there last month, by ward?");
            assertThat(byWard.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(byWard.message()).contains("no single service line covers");
        }
    }

    @Test
    void theCommandLineStillReadsEveryServiceLine() {
        Wiring wiring = new Wiring(new DataFolder(home));
        assertThat(wiring.engines().scopes()).containsExactly(Scope.ALL);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> wiring.engines().open(DEV, Credentials.NONE, null,
                Progress.NONE, Scope.named(org.tally.core.pack.PackLoader.hospital(), "Maternity")))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
