package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.catalog.Catalog;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.ColumnRole;

/** Override files: each validation error names the entry and the fix; good files merge; a broken one changes nothing. */
class OverridesTest {

    private static Catalog catalog;

    @TempDir
    Path folder;

    @BeforeAll
    static void schema() throws Exception {
        // a schema that cannot bind on its own: the names say nothing a hospital pack knows
        catalog = BindingFixtures.h2(
                "CREATE TABLE \"tblPatient\" (\"PatientKey\" INT PRIMARY KEY, \"dteBirth\" DATE)",
                "CREATE TABLE \"tblEvt2\" (\"EvtKey\" INT PRIMARY KEY, \"PatientKey\" INT, \"dteIn\" TIMESTAMP,"
                        + " \"strMode\" VARCHAR(12), \"strNote\" VARCHAR(200))",
                "INSERT INTO \"tblPatient\" SELECT X, DATE '1990-01-01' FROM SYSTEM_RANGE(1, 20)",
                "INSERT INTO \"tblEvt2\" SELECT X, MOD(X, 20) + 1, TIMESTAMP '2026-01-01 00:00:00',"
                        + " CASE WHEN MOD(X, 3) = 0 THEN 'CS' ELSE 'SVD' END, 'text' FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE etl_log (run_id INT PRIMARY KEY, note VARCHAR(20))");
    }

    private static List<String> problems(String json) {
        try {
            OverrideFile.parse(json, "test.json", catalog, PackLoader.hospital());
            throw new AssertionError("accepted: " + json);
        } catch (OverrideException e) {
            return e.problems();
        }
    }

    @Test
    void eachValidationErrorNamesTheEntryAndTheFix() {
        assertThat(problems("{\"tables\": {\"tblEvt3\": \"Delivery\"}}")).singleElement().asString()
                .startsWith("tables.tblEvt3: no table 'tblEvt3'").contains("fix the name").contains("tblEvt2");
        assertThat(problems("{\"tables\": {\"tblEvt2\": \"Delivry\"}}")).singleElement().asString()
                .startsWith("tables.tblEvt2: 'Delivry' is not a concept of pack 'hospital'").contains("Delivery");
        assertThat(problems("{\"columns\": {\"tblEvt2.strModus\": {\"role\": \"Category\"}}}")).singleElement()
                .asString().startsWith("columns.tblEvt2.strModus: table tblEvt2 has no column 'strModus'")
                .contains("strMode");
        assertThat(problems("{\"columns\": {\"tblEvt2.strMode\": {\"role\": \"Kategory\"}}}")).singleElement()
                .asString().startsWith("columns.tblEvt2.strMode.role: 'Kategory' is not a column role")
                .contains("Category");
        assertThat(problems("{\"columns\": {\"tblEvt2.strMode\": {\"aliases\": {\"caesarean\": \"C-Section\"}}}}"))
                .singleElement().asString()
                .startsWith("columns.tblEvt2.strMode.aliases.caesarean: 'C-Section' is not a value strMode holds")
                .contains("CS").contains("SVD");
        assertThat(problems("{\"columns\": {\"tblEvt2.strMode\": {\"aliases\": {\"c section\": \"cs\"}}}}"))
                .singleElement().asString().contains("did you mean 'CS'?");
        assertThat(problems("{\"columns\": {\"tblEvt2.strMode\": {\"pii\": true, \"aliases\": {\"x\": \"CS\"}}}}"))
                .singleElement().asString().contains("personal data").contains("remove them");
        assertThat(problems("{\"columns\": {\"tblEvt2.strMode\": {\"words\": \"delivery_method!\"}}}")).singleElement()
                .asString().startsWith("columns.tblEvt2.strMode.words: must be the words a question names the column by");
        assertThat(problems("{\"columns\": {\"strMode\": {\"role\": \"Category\"}}}")).singleElement().asString()
                .contains("\"table.column\"");
        assertThat(problems("{\"colums\": {}}")).singleElement().asString().contains("unknown section");
        assertThat(problems("{\"tables\": {\"tblEvt2\": \"Delivery\",}")).singleElement().asString()
                .startsWith("not valid JSON at line 1");
        // every problem at once, not only the first
        assertThat(problems("{\"tables\": {\"nope\": \"Delivery\", \"tblEvt2\": \"Nope\"}}")).hasSize(2);
    }

    @Test
    void withoutOverridesTheEventTableIsUnbound() {
        Binding b = BindingFixtures.bind(catalog);
        assertThat(b.table("tblEvt2").orElseThrow().bound()).isFalse();
    }

    @Test
    void overridesMergeIntoTheBinding() throws Exception {
        BindingService service = new BindingService(BindingFixtures.binder(), folder);
        Files.writeString(service.overridesFile(catalog.source()), """
                { "tables": { "tblEvt2": "Delivery", "ETL_LOG": "ignore" },
                  "columns": { "tblEvt2.dteIn": { "role": "EventTime" },
                               "tblEvt2.strMode": { "role": "Category", "aliases": { "caesarean": "CS" },
                                                    "words": "delivery method" },
                               "tblEvt2.strNote": { "pii": true } } }
                """);
        BindingService.Result result = service.bind(catalog);
        assertThat(result.problems()).isEmpty();
        Binding b = result.binding();
        TableBinding episode = b.tableOf("Delivery").orElseThrow();
        assertThat(episode.table()).isEqualTo("tblEvt2");
        assertThat(episode.confidence()).isEqualTo(1.0);
        assertThat(episode.reasons()).contains("override: bound to Delivery");
        ColumnBinding mode = episode.column("strMode").orElseThrow();
        assertThat(mode.role()).isEqualTo(ColumnRole.CATEGORY);
        assertThat(mode.aliases()).containsEntry("caesarean", "CS");
        assertThat(mode.tokens()).containsExactly("delivery", "method"); // questions name it so, not by "str mode"
        assertThat(mode.reasons()).contains("override: named 'delivery method' in questions");
        assertThat(episode.column("dteIn").orElseThrow().role()).isEqualTo(ColumnRole.EVENT_TIME);
        assertThat(episode.column("strNote").orElseThrow().pii()).isTrue();
        assertThat(episode.column("strNote").orElseThrow().values()).isNull();
        assertThat(episode.column("PatientKey").orElseThrow().role()).isEqualTo(ColumnRole.PATIENT_REF);
        assertThat(b.table("ETL_LOG").orElseThrow().status()).isEqualTo(TableBinding.Status.IGNORED);
    }

    @Test
    void aBrokenFileKeepsTheLastGoodBinding() throws Exception {
        BindingService service = new BindingService(BindingFixtures.binder(), folder);
        Path file = service.overridesFile(catalog.source());
        Files.writeString(file, "{ \"tables\": { \"tblEvt2\": \"Delivery\" } }");
        Binding good = service.bind(catalog).binding();
        assertThat(good.tableOf("Delivery")).isPresent();

        Files.writeString(file, "{ \"tables\": { \"tblEvt2\": \"Delivery\", \"nope\": \"Ward\" } }");
        BindingService.Result broken = service.bind(catalog);
        assertThat(broken.overridesRejected()).isTrue();
        assertThat(broken.lastGoodUsed()).isTrue();
        assertThat(broken.problems()).singleElement().asString().startsWith("tables.nope: no table 'nope'");
        assertThat(broken.binding().tables()).isEqualTo(good.tables());
        assertThat(broken.binding().notes()).anySatisfy(n -> assertThat(n).contains("last good overrides"));

        Files.writeString(file, "{ not json");
        assertThat(service.bind(catalog).binding().tables()).isEqualTo(good.tables());
    }

    @Test
    void aBrokenFirstFileBindsWithoutOverridesAndSaysSo() throws Exception {
        BindingService service = new BindingService(BindingFixtures.binder(), folder);
        Files.writeString(service.overridesFile(catalog.source()), "[]");
        BindingService.Result result = service.bind(catalog);
        assertThat(result.lastGoodUsed()).isFalse();
        assertThat(result.problems()).singleElement().asString().contains("must be a JSON object");
        assertThat(result.binding().notes()).anySatisfy(n -> assertThat(n).contains("bound without overrides"));
        assertThat(result.binding().tables()).isEqualTo(BindingFixtures.bind(catalog).tables());
    }

    @Test
    void overrideFilesAreNamedSafelyPerSource() {
        assertThat(BindingService.fileName("demo:dev")).isEqualTo("demo_dev");
        assertThat(BindingService.fileName("jdbc:postgresql://h/db?user=a&password=****".repeat(3))).hasSize(73);
        assertThatThrownBy(() -> OverrideFile.parse("{}", "x", catalog, PackLoader.hospital()).tables().put("a", "b"))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
