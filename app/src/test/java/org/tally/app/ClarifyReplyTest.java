package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.PathStep;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;

/**
 * A clarifying question on the demo hospital, answered by choosing one of its options (what the workstation's
 * option buttons do): the question is read again with that option in the open slot, and the count matches
 * hand-written SQL.
 */
class ClarifyReplyTest {

    @TempDir
    Path home;

    @Test
    void choosingWardTypeCountsTheStaysWhoseAdmittingWardIsAnIcu() throws Exception {
        DataFolder data = new DataFolder(home);
        Wiring wiring = new Wiring(data);
        String question = "how many stays in ICU";
        try (AnswerEngine engine = wiring.workstationEngines(100).open(new SourceRef.Demo(DemoSchema.DEV),
                Credentials.NONE, null, Progress.NONE)) {
            Answer asked = engine.ask(question);
            assertThat(asked.status()).as(asked.toString()).isEqualTo(AnswerStatus.CLARIFY);
            assertThat(asked.clarify().choosable()).isTrue();
            assertThat(asked.clarify().options()).contains("Ward.Type");
            assertThat(org.tally.core.answer.AnswerJson.line(asked)).as("the command line's object is unchanged")
                    .contains("\"clarify\":{\"question\":").doesNotContain("slot");

            List<PathStep> heard = new ArrayList<>();
            Answer replied = engine.reply(question, asked.clarify(), "Ward.Type", heard::add);
            assertThat(replied.status()).as(replied.toString()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(heard).isEqualTo(replied.path());

            long expected;
            try (Connection c = DriverManager.getConnection(new DemoDatabases(data).jdbcUrl(DemoSchema.DEV,
                    Progress.NONE)); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM admissions a JOIN wards w ON w.id = a.ward_id"
                         + " WHERE w.ward_type = 'icu'")) {
                rs.next();
                expected = rs.getLong(1);
            }
            assertThat(expected).isPositive();
            assertThat(replied.rows()).containsExactly(List.of(expected));

            Answer other = engine.reply(question, asked.clarify(), "not an option", heard::add);
            assertThat(other.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(other.message()).contains("is not one of the options");
        }
    }
}
