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
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.chat.ChatViewModel;
import org.tally.ui.chat.EngineSession;
import org.tally.ui.chat.ExampleQuestions;
import org.tally.ui.result.ResultModel;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;

/**
 * A real list on the demo hospital, larger than a page, through the workstation's view model (no stage): its pages
 * together are exactly the list the command line prints in one object, in the same order.
 */
class WorkstationPagingTest {

    private static final SourceRef DEV = new SourceRef.Demo(DemoSchema.DEV);

    @TempDir
    Path home;

    @Test
    void theBedsListComesInPagesThatTogetherAreTheCommandLinesList() {
        Wiring wiring = new Wiring(new DataFolder(home));
        Answer whole;
        try (AnswerEngine cli = wiring.engines().open(DEV, Credentials.NONE, null, Progress.NONE)) {
            whole = cli.ask("list the beds");
        }
        assertThat(whole.status()).as(whole.toString()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(whole.nextPage()).as("the command line prints a list whole").isNull();
        int pageSize = 50;
        assertThat(whole.rows().size()).as("the list must span several pages").isGreaterThan(2 * pageSize);

        EngineSession session = new EngineSession(wiring.workstationEngines(pageSize), DEV);
        ChatViewModel chat = new ChatViewModel(session, new SyncTaskRunner(), new Activity(), ExampleQuestions.DEMO);
        chat.ask("list the beds");
        ResultModel result = chat.cards().get(0).result();
        assertThat(result.columns()).isEqualTo(whole.columns());
        assertThat(result.rows()).hasSize(pageSize);
        assertThat(result.hasMore()).isTrue();
        assertThat(chat.cards().get(0).specHash()).isEqualTo(whole.specHash());

        int pages = 1;
        while (result.hasMore()) {
            int before = result.rows().size();
            result.loadNextPage();
            assertThat(result.rows().size()).as(result.pageStatusProperty().get()).isGreaterThan(before);
            pages++;
        }
        List<List<Object>> all = List.copyOf(result.rows());
        assertThat(all).isEqualTo(whole.rows());
        assertThat(pages).isEqualTo((whole.rows().size() + pageSize - 1) / pageSize);
        assertThat(result.pageStatusProperty().get()).isEqualTo("All " + whole.rows().size() + " rows are shown.");
        session.close();
    }
}
