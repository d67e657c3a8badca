package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.answer.Answer;
import org.tally.core.answer.Clarify;
import org.tally.core.conversation.ConversationFocus;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.conversation.Turn;
import org.tally.core.state.StateDatabase;

/** {@code backlog}: what could not be answered on a source, from the kept conversations, grouped by reason. */
class BacklogCommandTest {

    @TempDir
    Path home;

    private record Run(int code, String out, String err) {
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), data());
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private DataFolder data() {
        return new DataFolder(home.resolve("data"));
    }

    /** Two refusals of one question, one of another reason, a clarifying question; on demo:dev, and one elsewhere. */
    private void keep() {
        try (StateDatabase state = StateDatabase.open(data())) {
            ConversationStore store = new ConversationStore(state,
                    Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC));
            String id = store.start("demo:dev", "All service lines");
            String made = "How many referrals were made this year?";
            String why = "Tally could not answer this exactly: 'made' is not understood here (asking about Referral).";
            store.append(id, turn(1, Answer.refused(made, List.of(), why)), empty());
            store.append(id, turn(2, Answer.refused(made, List.of(), why)), empty());
            store.append(id, turn(3, Answer.refused("What was the average birth weight this year?", List.of(),
                    "Tally could not answer this exactly: Newborn has no date on this source for the time range.")),
                    empty());
            store.append(id, turn(4, Answer.clarify("How many falls were reported this year?", List.of(), null,
                    new Clarify("Which do you mean by 'falls'?", List.of("Incident", "Admission"), "concept"))),
                    empty());
            String other = store.start("demo:alt", "All service lines");
            store.append(other, turn(1, Answer.refused("How many unicorns?", List.of(),
                    "Tally could not answer this exactly: no concept of this source is named in 'unicorns'.")), empty());
        }
    }

    private static Turn turn(int n, Answer a) {
        return new Turn(n, a.question(), a, null, List.of(), null);
    }

    private static ConversationFocus empty() {
        return ConversationFocus.empty("All service lines");
    }

    @Test
    void groupsWhatWasNotAnsweredByReasonWithTheQuestionsAndTheirWords() {
        keep();
        Run r = run("backlog", "--source", "demo:dev");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("What Tally could not answer on demo:dev:",
                "unread word: 2 refused, 0 asked back", "missing role: 1 refused, 0 asked back",
                "ambiguity: 0 refused, 1 asked back", "2026-11-29: ",
                "2\u00d7 How many referrals were made this year?", "\u2018made\u2019 2")
                .doesNotContain("unicorns");
    }

    @Test
    void jsonHasTheSameCountsAndNoRows() throws Exception {
        keep();
        Run r = run("backlog", "--source", "demo:dev", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("source").asText()).isEqualTo("demo:dev");
        assertThat(j.get("byReason")).hasSize(3);
        assertThat(j.get("byReason").get(0).get("reasonClass").asText()).isEqualTo("unread word");
        assertThat(j.get("byReason").get(0).get("refused").asInt()).isEqualTo(2);
        assertThat(j.get("questions").get(0).get("times").asInt()).isEqualTo(2);
        assertThat(j.get("byDay").get(0).get("day").asText()).isEqualTo("2026-11-29");
        assertThat(j.has("rows")).isFalse();
    }

    @Test
    void sinceLeavesOutEarlierDaysAndABadDayIsUsage() {
        keep();
        Run later = run("backlog", "--source", "demo:dev", "--since", "2026-11-30");
        assertThat(later.code()).as(later.err()).isZero();
        assertThat(later.out()).contains("since 2026-11-30", "nothing: every kept question was answered");
        Run bad = run("backlog", "--since", "last week");
        assertThat(bad.code()).isEqualTo(TallyCli.USAGE);
        assertThat(bad.err()).contains("--since takes a day as YYYY-MM-DD, not 'last week'");
    }

    @Test
    void aSourceWithNothingKeptSaysSo() {
        Run r = run("backlog", "--source", "demo:alt");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("What Tally could not answer on demo:alt:", "nothing");
    }
}
