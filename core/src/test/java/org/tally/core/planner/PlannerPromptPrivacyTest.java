package org.tally.core.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.source.DemoSchema;
import org.tally.core.testing.GoldenQuestions;

/**
 * No personal data reaches a planner prompt: for every golden question on both demo schemas, the prompt (instruction
 * part, question part and schema) holds no column marked personal, no value of one (every distinct value of every
 * personal column of the demo database is looked for) and no table name. The question text itself is the user's.
 */
class PlannerPromptPrivacyTest {


    @ParameterizedTest
    @EnumSource(DemoSchema.class)
    void noGoldenQuestionsPromptCarriesAPersonalColumnValueOrTableName(DemoSchema schema) throws Exception {
        DomainPack pack = PackLoader.hospital();
        DataFolder data = DataFolder.resolve();
        String url = new DemoDatabases(data).jdbcUrl(schema, Progress.NONE);
        Binding binding;
        Set<String> personalValues = new HashSet<>();
        List<String> personalColumns = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url)) {
            SourceBindings bindings = new SourceBindings(data, pack, Clock.systemUTC());
            binding = bindings.bind(bindings.activeOrRefresh("planner-privacy-" + schema.id(), Dialect.H2, c))
                    .binding();
            for (TableBinding t : binding.tables()) {
                for (ColumnBinding col : t.columns()) {
                    if (col.pii()) {
                        personalColumns.add(col.column());
                        personalValues.addAll(values(c, t.table(), col.column()));
                    }
                }
            }
        }
        assertThat(personalColumns).as("the demo has personal columns to look for").isNotEmpty();
        assertThat(personalValues).as("and personal values").hasSizeGreaterThan(100);

        PlannerRung rung = PlannerRung.standard(new PlannerGate(ScriptedPlanner.of()), binding, pack,
                PlannerFixture.TODAY, (q, s, l) -> { throw new AssertionError("nothing runs here"); },
                PlannerSettings.DEFAULTS);
        List<String> questions = GoldenQuestions.of("questions", "traps");
        assertThat(questions).hasSizeGreaterThan(100);
        Set<Plan> checked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (String q : questions) {
            Plan plan = rung.planFor(q); // a narrower schema context may give each question its own
            String questionPart = PlanPrompt.question(q).replace(q, "");
            assertThat(words(questionPart)).doesNotContainAnyElementsOf(personalColumns);
            if (checked.add(plan)) {
                checkFree(plan.prompt().system() + "\n" + plan.schema(), binding, personalColumns, personalValues,
                        plan.vocabulary().time().boundaries().stream().map(Object::toString).toList());
            }
        }
    }

    /**
     * @param clockDates the dates of the prompt's time phrases, computed from today: a birth date that falls on one is
     *                   not leaked by the prompt
     */
    private static void checkFree(String text, Binding binding, List<String> personalColumns,
                                  Set<String> personalValues, List<String> clockDates) {
        Set<String> words = words(text);
        for (String column : personalColumns) {
            assertThat(words).as("personal column " + column).doesNotContain(column.toLowerCase(Locale.ROOT));
        }
        Set<String> packWords = new HashSet<>();
        PackLoader.hospital().concepts().forEach(c -> c.terms().forEach(t -> packWords.add(t.toLowerCase(Locale.ROOT))));
        for (TableBinding t : binding.tables()) {
            String name = t.table().toLowerCase(Locale.ROOT);
            if (!packWords.contains(name)) { // "wards" is also the pack's own word for wards
                assertThat(words).as("table " + t.table()).doesNotContain(name);
            }
        }
        List<String> found = personalValues.stream().filter(v -> v.length() >= 3)
                .filter(v -> !clockDates.contains(v)).filter(text::contains)
                .filter(v -> Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(v) + "(?![\\p{L}\\p{N}])")
                        .matcher(text).find()).toList();
        assertThat(found).as("personal values in the prompt").isEmpty();
    }

    private static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    private static List<String> values(Connection c, String table, String column) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT DISTINCT \"" + column
                + "\" FROM \"" + table + "\" WHERE \"" + column + "\" IS NOT NULL")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
