package org.tally.acceptance.ehrsql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.acceptance.golden.TallyRun;
import org.tally.core.DataFolder;

/**
 * {@code binding --review} lists the tables that did not bind first, each with its candidate concepts and their
 * evidence; {@code binding --choose TABLE=CONCEPT} saves the choice through the override file's validation (a concept
 * the pack lacks is refused) and the binding is rebuilt with it.
 */
class BindingReviewCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aTiedTableIsListedFirstWithItsChoicesAndAChoiceIsSavedAndBound() throws Exception {
        String url = "jdbc:h2:mem:review_cli;DB_CLOSE_DELAY=-1;DATABASE_TO_UPPER=FALSE";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE pt_mstr (pt_id INT PRIMARY KEY, pt_nm VARCHAR(40), dob DATE, sex_cd VARCHAR(1))");
            s.execute("INSERT INTO pt_mstr SELECT X, 'P' || X, DATE '1970-01-01', 'F' FROM SYSTEM_RANGE(1, 30)");
            s.execute("CREATE TABLE adt_episode (episode_id INT PRIMARY KEY, pt_id INT REFERENCES pt_mstr(pt_id),"
                    + " adm_dttm TIMESTAMP, epsd_typ VARCHAR(3))");
            s.execute("INSERT INTO adt_episode SELECT X, MOD(X, 30) + 1, TIMESTAMP '2026-01-01 10:00:00', 'IP'"
                    + " FROM SYSTEM_RANGE(1, 60)");
            DataFolder data = new DataFolder(Files.createTempDirectory("tally-review"));
            String[] source = {"--source", url};

            TallyRun.Result review = TallyRun.runText(data, "", concat(new String[] {"binding", "--review", "--json"},
                    source));
            assertThat(review.exitCode()).as(review.stderr()).isZero();
            JsonNode first = JSON.readTree(review.stdout()).path("review").get(0);
            assertThat(first.path("table").asText()).isEqualTo("adt_episode");
            assertThat(first.path("concept").isNull()).isTrue();
            List<String> choices = new ArrayList<>();
            first.path("choices").forEach(ch -> choices.add(ch.path("concept").asText()));
            assertThat(choices).contains("Admission", "Encounter");
            assertThat(first.path("choices").get(0).path("evidence")).isNotEmpty();

            TallyRun.Result text = TallyRun.runText(data, "", concat(new String[] {"binding", "--review"}, source));
            assertThat(text.stdout()).contains("adt_episode (not bound").contains("choice Admission")
                    .contains("binding --choose adt_episode=");

            TallyRun.Result refused = TallyRun.runText(data, "", concat(new String[] {"binding", "--choose",
                    "adt_episode=Spaceship"}, source));
            assertThat(refused.exitCode()).isEqualTo(2);
            assertThat(refused.stderr()).contains("not saved");

            TallyRun.Result chosen = TallyRun.runText(data, "", concat(new String[] {"binding", "--choose",
                    "adt_episode=Admission", "--json"}, source));
            assertThat(chosen.exitCode()).as(chosen.stderr()).isZero();
            assertThat(JSON.readTree(chosen.stdout()).path("review").toString()).doesNotContain("adt_episode");
            TallyRun.Result bound = TallyRun.runText(data, "", concat(new String[] {"binding", "--json"}, source));
            assertThat(MimicDemoBindingTest.concepts(JSON.readTree(bound.stdout())))
                    .containsEntry("adt_episode", "Admission");
        }
    }

    private static String[] concat(String[] a, String[] b) {
        return MimicDemoBindingTest.concat(a, b);
    }
}
