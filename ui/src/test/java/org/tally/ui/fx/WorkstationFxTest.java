package org.tally.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javafx.application.Application;
import javafx.scene.chart.BarChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.shell.Themes;
import org.tally.ui.sources.SourceItem;
import org.tally.ui.testing.FakeAnswers;

/** The window, headless on Monocle: ask, read the card, switch theme, open the SQL, add a source. */
@ExtendWith(ApplicationExtension.class)
class WorkstationFxTest {

    @TempDir
    Path dir;

    private WorkstationFixture fx;

    @Start
    void start(Stage stage) {
        fx = new WorkstationFixture(dir, BindingProvider.NONE);
        fx.show(stage, 1180, 800);
    }

    @AfterEach
    void stop() {
        fx.runner.close();
    }

    /** Puts the question into the box (typing every character is slow on the robot) and presses Enter. */
    private void ask(FxRobot robot, String question) {
        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText(question));
        robot.clickOn("#question").type(KeyCode.ENTER);
        WorkstationFixture.waitUntil(() -> robot.lookup(".answer-card").queryAll().stream()
                .noneMatch(n -> n.getStyleClass().contains("pending"))
                && !robot.lookup(".answer-card").queryAll().isEmpty());
    }

    private static List<String> chipTexts(FxRobot robot) {
        return robot.lookup(".chip").queryAllAs(Label.class).stream().map(Label::getText)
                .collect(Collectors.toList());
    }

    @Test
    void opensOnTheDemoWithExampleQuestionsAndTheQuestionBoxFocused(FxRobot robot) {
        WorkstationFixture.waitUntil(() -> fx.engines.opened.size() == 1);
        assertThat(robot.lookup("#current-source").queryAs(Label.class).getText()).contains("demo:dev");
        assertThat(robot.lookup(".example-question").queryAllAs(Button.class)).hasSize(6);
        assertThat(robot.lookup("#question").query().isFocused()).isTrue();
    }

    @Test
    void askingShowsAnAnswerCardWithAChartAndProvenanceChips(FxRobot robot) {
        ask(robot, "How many deliveries were there last month, by ward?");

        assertThat(fx.engines.asked).containsExactly("How many deliveries were there last month, by ward?");
        assertThat(robot.lookup(".answer-card.answered").tryQuery().isPresent()).isTrue();
        javafx.scene.Node chart = robot.lookup("#result-chart").query();
        assertThat(chart).isInstanceOf(BarChart.class);
        assertThat(chipTexts(robot)).contains("Grammar ✓  38 ms", "Execute ✓  30 ms", "Focus ✗  0 ms");
        assertThat(robot.lookup(".chip").queryAs(Label.class).getTooltip().getText())
                .isEqualTo("Focus missed: nothing to follow up yet (0 ms)");
        assertThat(robot.lookup("#explanation").queryAs(Label.class).getText()).startsWith("Counted deliveries");

        WorkstationFixture.clickInView(robot, "#view-table");
        assertThat(robot.lookup("#result-table").tryQuery().isPresent()).isTrue();

        // Up recalls the question just asked
        robot.clickOn("#question").type(KeyCode.UP);
        assertThat(robot.lookup("#question").queryAs(TextField.class).getText())
                .isEqualTo("How many deliveries were there last month, by ward?");
    }

    @Test
    void theCardShowsEachStepAsItEndsAndTheWindowStaysResponsive(FxRobot robot) {
        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText("slowly count the patients"));
        robot.clickOn("#question").type(KeyCode.ENTER);
        WorkstationFixture.waitUntil(() -> robot.lookup(".answer-card.pending .chip").queryAll().size() == 2);
        assertThat(chipTexts(robot)).containsExactly("Focus ✗  0 ms", "Meta ✗  1 ms");
        assertThat(robot.lookup("#pending-text").queryAs(Label.class).getText()).isEqualTo("Meta ✗ · working on it…");

        // the answer is still being worked on: the window answers clicks meanwhile
        robot.clickOn("#theme-toggle");
        assertThat(fx.model.darkProperty().get()).isTrue();
        robot.clickOn("#theme-toggle");

        fx.engines.slow.countDown();
        WorkstationFixture.waitUntil(() -> robot.lookup(".answer-card.answered").tryQuery().isPresent());
        assertThat(chipTexts(robot)).hasSize(7).contains("Execute ✓  30 ms", "Grammar ✓  38 ms");
    }

    @Test
    void theSqlDisclosureShowsTheExecutedSqlTheSpecJsonAndItsHash(FxRobot robot) {
        ask(robot, "How many patients are there?");
        TextArea sql = robot.lookup(".sql-text").queryAs(TextArea.class);
        assertThat(WorkstationFixture.shown(sql)).isFalse();

        WorkstationFixture.clickInView(robot, ".sql-toggle");

        assertThat(WorkstationFixture.shown(sql)).isTrue();
        assertThat(sql.getText()).isEqualTo(FakeAnswers.SCALAR_SQL);
        assertThat(robot.lookup(".spec-hash").queryAs(Label.class).getText()).contains(FakeAnswers.SCALAR_HASH);
        assertThat(robot.lookup("#kpi-value").queryAs(Label.class).getText()).isNotBlank();

        WorkstationFixture.clickInView(robot, ".copy-sql");
        String[] copied = new String[1];
        robot.interact(() -> copied[0] = javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertThat(copied[0]).isEqualTo(FakeAnswers.SCALAR_SQL);

        TextArea spec = robot.lookup(".spec-json").queryAs(TextArea.class);
        assertThat(WorkstationFixture.shown(spec)).isTrue();
        assertThat(spec.getText()).contains("\"subject\" : \"patient\"", "\"shape\" : \"Scalar\"");
        WorkstationFixture.clickInView(robot, ".copy-spec");
        robot.interact(() -> copied[0] = javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertThat(copied[0]).isEqualTo(FakeAnswers.SCALAR_SPEC);
    }

    @Test
    void aLongListLoadsItsNextPagesFromTheButtonUnderTheTable(FxRobot robot) {
        ask(robot, "list the beds");
        TableView<?> table = robot.lookup("#result-table").queryAs(TableView.class);
        Label status = robot.lookup("#page-status").queryAs(Label.class);
        assertThat(table.getItems()).hasSize(FakeAnswers.LIST_PAGE);
        assertThat(status.getText()).isEqualTo("Showing the first 10 rows; more match.");

        WorkstationFixture.clickInView(robot, "#load-more");
        WorkstationFixture.waitUntil(() -> table.getItems().size() == 20);
        WorkstationFixture.clickInView(robot, "#load-more");
        WorkstationFixture.waitUntil(() -> table.getItems().size() == FakeAnswers.LIST_ROWS);

        assertThat(status.getText()).isEqualTo("All 23 rows are shown.");
        assertThat(WorkstationFixture.shown(robot.lookup("#load-more").query())).isFalse();
        assertThat(fx.engines.pagesRead).hasSize(2);
        assertThat(table.getItems().get(22)).isEqualTo(List.of("Bed 23", "Surgical"));
    }

    @Test
    void theShownChartExportsAsAPng(FxRobot robot) throws Exception {
        ask(robot, "admissions per month");
        javafx.scene.Node chart = robot.lookup("#result-chart").query();
        Path png = dir.resolve("chart.png");
        Exception[] failure = new Exception[1];
        robot.interact(() -> {
            try {
                org.tally.ui.result.PngExport.write(chart, png);
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        assertThat(failure[0]).isNull();
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertThat((double) image.getWidth()).isCloseTo(chart.getBoundsInParent().getWidth(), org.assertj.core.api.Assertions.within(2.0));
        assertThat(image.getHeight()).isGreaterThan(100);
    }

    @Test
    void aClarifyOptionIsTheReply(FxRobot robot) {
        ask(robot, "average length of stay");
        // option labels are recorded values such as partially_paid: an underscore must not vanish as a mnemonic
        assertThat(robot.lookup(".clarify-option").queryAllAs(Button.class))
                .allSatisfy(b -> assertThat(b.isMnemonicParsing()).isFalse());
        WorkstationFixture.clickInView(robot, "discharge date");
        WorkstationFixture.waitUntil(() -> robot.lookup(".answer-card.answered").tryQuery().isPresent());
        assertThat(fx.engines.asked).containsExactly("average length of stay");
        assertThat(fx.engines.replies).containsExactly("average length of stay → discharge date");
        assertThat(robot.lookup(".clarify-option").queryAllAs(Button.class))
                .allSatisfy(b -> assertThat(b.isDisabled()).isTrue());
    }

    @Test
    void aRefusalSaysWhyInPlainWords(FxRobot robot) {
        ask(robot, "what is the weather?");
        assertThat(robot.lookup("#refusal-message").queryAs(Label.class).getText()).contains("weather");
        assertThat(robot.lookup(".suggestion-chip").queryAll()).hasSize(3);
    }

    @Test
    void theServiceLinePickerNarrowsTheEngineToOneScope(FxRobot robot) {
        WorkstationFixture.waitUntil(() -> fx.engines.opened.size() == 1);
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<org.tally.core.scope.Scope> picker = robot.lookup("#scope-picker")
                .queryAs(javafx.scene.control.ComboBox.class);
        assertThat(picker.getValue().label()).isEqualTo("All service lines");
        robot.clickOn("#scope-picker");
        robot.clickOn("Maternity");
        assertThat(fx.model.scopeProperty().get().id()).isEqualTo("Maternity");
        assertThat(robot.lookup(".example-question").queryAllAs(Button.class)).extracting(Button::getText)
                .contains("How many deliveries were there last month?");
        ask(robot, "How many deliveries were there last month?");
        assertThat(fx.engines.scopesOpened).extracting(org.tally.core.scope.Scope::id).endsWith("Maternity");
    }

    @Test
    void theThemeSwitchesBetweenLightAndDark(FxRobot robot) {
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.LIGHT);
        robot.clickOn("#theme-toggle");
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.DARK);
        assertThat(fx.model.darkProperty().get()).isTrue();
        robot.clickOn("#theme-toggle");
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.LIGHT);
    }

    @Test
    void typingAQuestionAndCtrlLFocusTheQuestionBox(FxRobot robot) {
        robot.clickOn("#question").write("n?").type(KeyCode.ENTER);
        WorkstationFixture.waitUntil(() -> fx.engines.asked.contains("n?"));
        robot.interact(() -> robot.lookup("#theme-toggle").query().requestFocus());
        assertThat(robot.lookup("#question").query().isFocused()).isFalse();
        robot.press(KeyCode.CONTROL).press(KeyCode.L).release(KeyCode.L).release(KeyCode.CONTROL);
        assertThat(robot.lookup("#question").query().isFocused()).isTrue();
    }

    @Test
    void addingASourceListsItAndSavesItWithoutThePassword(FxRobot robot) throws Exception {
        robot.interact(() -> fx.view.showTab(1));
        robot.interact(() -> {
            fx.model.sources().nameProperty().set("Warehouse");
            fx.model.sources().urlProperty().set("jdbc:h2:mem:warehouse;password=x");
        });
        robot.clickOn("#add-source");
        assertThat(robot.lookup("#error-url").queryAs(Label.class).getText())
                .contains("Remove the password from the URL");

        TextField url = robot.lookup("#source-url").queryAs(TextField.class);
        robot.interact(() -> url.setText("jdbc:h2:mem:warehouse"));
        robot.clickOn("#source-user").write("ro");
        robot.clickOn("#source-password").write("pw42");
        robot.clickOn("#add-source");

        @SuppressWarnings("unchecked")
        ListView<SourceItem> list = robot.lookup("#source-list").queryAs(ListView.class);
        assertThat(list.getItems()).extracting(SourceItem::name).contains("Warehouse");
        assertThat(robot.lookup("#error-url").queryAs(Label.class).getText()).isEmpty();
        assertThat(Files.readString(fx.sourcesFile)).contains("jdbc:h2:mem:warehouse", "\"ro\"")
                .doesNotContain("pw42");
    }

    @Test
    void theModelSettingsShowTheFolderCheckItAndExplainTheLocalPlanner(FxRobot robot) throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        Files.writeString(models.resolve("planner.gguf"), "weights");
        robot.interact(() -> fx.view.showTab(3));
        WorkstationFixture.waitUntil(() -> robot.lookup("#models-summary").queryAs(Label.class).getText()
                .startsWith("1 model file"));
        assertThat(robot.lookup("#model-notice").queryAs(Label.class).getText()).contains("Nothing is ever downloaded")
                .contains("Qwen2.5-1.5B-Instruct");
        assertThat(robot.lookup("#models-folder").queryAs(TextField.class).getText()).isEqualTo(models.toString());
        @SuppressWarnings("unchecked")
        TableView<org.tally.core.modelfiles.ModelFileCheck.ModelFile> files = robot.lookup("#model-files")
                .queryAs(TableView.class);
        assertThat(files.getItems()).extracting(org.tally.core.modelfiles.ModelFileCheck.ModelFile::name)
                .containsExactly("planner.gguf");
    }

    @Test
    void theBindingTabSaysHonestlyThatThereIsNoBindingYet(FxRobot robot) {
        robot.interact(() -> fx.view.showTab(2));
        WorkstationFixture.waitUntil(() -> robot.lookup("#binding-message").queryAs(Label.class).getText()
                .startsWith("The binding is not available"));
        assertThat(WorkstationFixture.shown(robot.lookup("#binding-placeholder").query())).isTrue();
    }
}
