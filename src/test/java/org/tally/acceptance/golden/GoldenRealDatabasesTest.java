package org.tally.acceptance.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.acceptance.golden.ResultComparator.Table;
import org.tally.core.Progress;
import org.tally.core.demo.DemoHospital;
import org.tally.core.demo.DemoWriter;
import org.tally.core.dialect.Dialect;
import org.tally.core.source.DemoSchema;
import org.tally.core.testing.RealDatabases;

/**
 * The golden questions against the demo hospital written into real PostgreSQL and real MariaDB: Tally must give the
 * same statuses there as on the embedded H2 copy, never a wrong answer (judged by the gold SQL run on H2 over the
 * same facts), and never answer a trap.
 */
class GoldenRealDatabasesTest {

    private static GoldenSuite suite;

    @BeforeAll
    static void load() {
        suite = GoldenSuite.loadAll(GoldenSuiteTest.SUITE_FILES);
    }

    static Stream<Arguments> databases() {
        return Stream.of(
                Arguments.of("PostgreSQL", DemoSchema.DEV, Dialect.POSTGRES,
                        (Supplier<String>) RealDatabases::newPostgresDatabase),
                Arguments.of("MariaDB", DemoSchema.ALT, Dialect.MYSQL,
                        (Supplier<String>) RealDatabases::newMariaDbDatabase));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("databases")
    void answersAsOnH2AndNeverWrong(String name, DemoSchema schema, Dialect dialect, Supplier<String> database)
            throws Exception {
        String url = database.get();
        try (Connection c = DriverManager.getConnection(url)) {
            new DemoWriter(schema, dialect).write(DemoHospital.standard(), c, Progress.NONE);
        }
        List<String> questions = new ArrayList<>();
        suite.questions().forEach(q -> questions.add(q.question()));
        suite.traps().forEach(t -> questions.add(t.question()));

        TallyRun.Result onH2 = TallyRun.askJsonl(questions, "ask", "--source", schema.sourceName(), "--today",
                suite.today(), "--jsonl");
        TallyRun.Result onServer = TallyRun.askJsonl(questions, "ask", "--source", url, "--today", suite.today(),
                "--jsonl");
        assertThat(onServer.exitCode()).as(onServer.stderr()).isZero();
        assertThat(onServer.answers()).hasSize(questions.size());

        String h2Url = DemoUrls.readOnly(schema);
        Map<String, String> differences = new HashMap<>();
        List<String> wrong = new ArrayList<>();
        int verified = 0;
        for (int i = 0; i < suite.questions().size(); i++) {
            GoldenSuite.Question q = suite.questions().get(i);
            JsonNode server = onServer.answers().get(i);
            String status = server.path("status").asText();
            String h2Status = onH2.answers().get(i).path("status").asText();
            if (!status.equals(h2Status)) {
                differences.put(q.id(), "H2 " + h2Status + ", " + name + " " + status + " "
                        + server.path("message").asText(""));
            }
            if (status.equals("answered")) {
                Table gold = GoldSql.run(h2Url, q.gold().get(schema.id()));
                Optional<String> why = ResultComparator.mismatch(gold, TallyRun.table(server), q.ordered());
                if (why.isPresent()) {
                    wrong.add(q.id() + ": " + why.get() + " — sql: " + server.path("sql").asText());
                } else {
                    verified++;
                }
            }
        }
        List<String> answeredTraps = new ArrayList<>();
        for (int i = 0; i < suite.traps().size(); i++) {
            JsonNode answer = onServer.answers().get(suite.questions().size() + i);
            if (answer.path("status").asText().equals("answered")) {
                answeredTraps.add(suite.traps().get(i).id());
            }
        }
        System.err.println("golden on " + name + " (" + schema.sourceName() + " facts): verified " + verified
                + ", wrong " + wrong.size() + ", status differences from H2 " + differences.size());
        assertThat(wrong).as("wrong answers on " + name).isEmpty();
        assertThat(answeredTraps).as("traps answered on " + name).isEmpty();
        assertThat(differences).as("questions whose status differs from H2 on " + name).isEmpty();
    }
}
