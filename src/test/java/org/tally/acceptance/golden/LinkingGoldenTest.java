package org.tally.acceptance.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.dialect.Dialect;
import org.tally.core.linking.SchemaLinker;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.source.DemoSchema;
import org.tally.models.onnx.OnnxEmbeddings;

/**
 * Schema linking on the golden questions of both demos: how often the table the gold SQL reads first is ranked first,
 * by the embedded cards and by table names alone (the question's words against each table's name words). Linking
 * must do at least as well as names; both figures go to {@code src/test/target/golden/linking.txt}. And a scope's
 * linking never reaches a table outside it.
 */
class LinkingGoldenTest {

    private static final DomainPack PACK = PackLoader.hospital();
    private static final Pattern FROM = Pattern.compile("(?i)\\bFROM\\s+\"?([A-Za-z_][A-Za-z0-9_]*)\"?");
    private static GoldenSuite suite;
    private static OnnxEmbeddings model;

    @BeforeAll
    static void load() {
        suite = GoldenSuite.loadAll(GoldenSuiteTest.SUITE_FILES);
        model = OnnxEmbeddings.standard();
    }

    @AfterAll
    static void close() {
        model.close();
    }

    private static Binding binding(DemoSchema schema) throws SQLException {
        DataFolder data = DataFolder.resolve();
        try (Connection c = DriverManager.getConnection(new DemoDatabases(data).jdbcUrl(schema, Progress.NONE))) {
            SourceBindings bindings = new SourceBindings(data, PACK, Clock.systemUTC());
            return bindings.bind(bindings.activeOrRefresh(schema.sourceName(), Dialect.H2, c)).binding();
        }
    }

    @Test
    void linkingRanksTheGoldTableFirstAtLeastAsOftenAsNamesAlone() throws Exception {
        StringBuilder report = new StringBuilder();
        for (DemoSchema schema : DemoSchema.values()) {
            Binding binding = binding(schema);
            Map<String, float[]> cards = SchemaLinker.embedCards(binding, PACK, model);
            SchemaLinker linker = new SchemaLinker(binding, binding, Scope.ALL, PACK, model, cards);
            int byCards = 0;
            int byNames = 0;
            int asked = 0;
            for (GoldenSuite.Question q : suite.questions()) {
                Matcher m = FROM.matcher(q.gold().get(schema.id()));
                if (!m.find()) {
                    continue;
                }
                String gold = m.group(1);
                if (binding.table(gold).filter(TableBinding::bound).isEmpty()) {
                    continue; // the gold reads a table the binding leaves unbound: nothing to link to
                }
                asked++;
                SchemaLinker.Result.Linked linked = (SchemaLinker.Result.Linked) linker.link(q.question());
                if (linked.linked().get(0).equalsIgnoreCase(gold)) {
                    byCards++;
                }
                if (gold.equalsIgnoreCase(byName(q.question(), binding))) {
                    byNames++;
                }
            }
            report.append(String.format(Locale.ROOT, "%s: gold table ranked first by cards %d of %d, by names %d of"
                    + " %d%n", schema.sourceName(), byCards, asked, byNames, asked));
            assertThat(byCards).as(schema.sourceName() + " cards vs names").isGreaterThanOrEqualTo(byNames);
        }
        Path out = Path.of("target", "golden", "linking.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report.toString(), StandardCharsets.UTF_8);
    }

    /** The one table whose name words the question holds most of; null on a tie or none. */
    private static String byName(String question, Binding binding) {
        Set<String> words = new HashSet<>();
        for (String w : question.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            words.add(stem(w));
        }
        String best = null;
        int bestScore = 0;
        boolean tie = false;
        for (TableBinding t : binding.bound()) {
            int score = 0;
            for (String token : PACK.nameTokens().table(t.table()).tokens()) {
                if (words.contains(stem(token))) {
                    score++;
                }
            }
            if (score > bestScore) {
                best = t.table();
                bestScore = score;
                tie = false;
            } else if (score == bestScore && score > 0) {
                tie = true;
            }
        }
        return tie ? null : best;
    }

    private static String stem(String w) {
        return w.endsWith("ies") ? w.substring(0, w.length() - 3) + "y" : w.endsWith("s") ? w.substring(0,
                w.length() - 1) : w;
    }

    @Test
    void aScopesLinkingNeverReachesATableOutsideIt() throws SQLException {
        Binding binding = binding(DemoSchema.DEV);
        Map<String, float[]> cards = SchemaLinker.embedCards(binding, PACK, model);
        Scope maternity = Scope.named(PACK, "Maternity");
        Binding scoped = ScopedBinding.narrow(binding, maternity);
        SchemaLinker linker = new SchemaLinker(binding, scoped, maternity, PACK, model, cards);
        Set<String> readable = new HashSet<>(scoped.bound().stream().map(TableBinding::table).toList());
        // a question about another line's records links only to Maternity's tables
        SchemaLinker.Result.Linked linked = (SchemaLinker.Result.Linked) linker.link(
                "what is the total amount still owed by everyone");
        assertThat(linked.tables()).isNotEmpty().allMatch(readable::contains);
        assertThat(linked.ranked()).allMatch(e -> readable.contains(e.getKey()));
        // naming a table outside the scope is redirected, not linked
        SchemaLinker.Result named = linker.link("How many bills were paid last month?");
        assertThat(named).isInstanceOf(SchemaLinker.Result.Redirect.class);
        assertThat(((SchemaLinker.Result.Redirect) named).message()).contains("outside the Maternity scope");
    }
}
