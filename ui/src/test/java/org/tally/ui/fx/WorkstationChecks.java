package org.tally.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.ui.testing.FxSteps.clickInView;
import static org.tally.ui.testing.FxSteps.shown;
import static org.tally.ui.testing.FxSteps.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
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
import org.tally.ui.binding.BindingSnapshot;
import org.tally.ui.shell.Themes;
import org.tally.ui.sources.SourceItem;
import org.tally.ui.testing.FakeAnswers;
import org.tally.ui.testing.FxSteps;
import org.tally.ui.testing.Look;
import org.tally.ui.testing.SampleBinding;

/**
 * The window, headless on Monocle: ask, read the card, switch theme, open the SQL, add a source. Run under each
 * {@link Look} by {@link WorkstationFxTest}; every click first brings its control into view.
 */
@ExtendWith(ApplicationExtension.class)
abstract class WorkstationChecks {

    @TempDir
    Path dir;

    private WorkstationFixture fx;
    /** What the binding provider serves: the sample binding unless a check says there is none. */
    private final AtomicReference<Optional<BindingSnapshot>> binding = new AtomicReference<>(
            Optional.of(SampleBinding.snapshot()));

    /** The fonts, text size and window this run of the checks uses. */
    abstract Look look();

    /** Each subclass declares its own {@code @Start} calling this: TestFX finds only a class's declared methods. */
    void start(Stage stage) {
        fx = new WorkstationFixture(dir, SampleBinding.provider(binding));
        fx.show(stage, look());
    }

    @AfterEach
    void stop() {
        fx.runner.close();
    }

    /** Puts the question into the box (typing every character is slow on the robot) and presses Enter. */
    private void ask(FxRobot robot, String question) {
        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText(question));
        clickInView(robot, "#question");
        robot.type(KeyCode.ENTER);
        waitUntil(() -> robot.lookup(".answer-card").queryAll().stream()
                .noneMatch(n -> n.getStyleClass().contains("pending"))
                && !robot.lookup(".answer-card").queryAll().isEmpty());
    }

    private static List<String> chipTexts(FxRobot robot) {
        return robot.lookup(".chip").queryAllAs(Label.class).stream().map(Label::getText)
                .collect(Collectors.toList());
    }

    @Test
    void opensOnTheDemoWithExampleQuestionsAndTheQuestionBoxFocused(FxRobot robot) {
        waitUntil(() -> fx.engines.opened.size() == 1);
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
        assertThat(chipTexts(robot)).containsExactly("Grammar ✓", "Bind ✓", "Compile ✓", "Validate ✓", "Execute ✓");
        assertThat(robot.lookup(".chip").queryAs(Label.class).getTooltip().getText())
                .isEqualTo("Grammar passed (38 ms)");
        Label tried = robot.lookup(".chip-tried").queryAs(Label.class);
        assertThat(tried.getText()).isEqualTo("tried: focus, meta");
        assertThat(tried.getTooltip().getText()).contains("Focus missed: nothing to follow up yet (0 ms)");
        assertThat(robot.lookup(".chip-total").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("· 39 ms");
        assertThat(robot.lookup("#explanation").queryAs(Label.class).getText()).startsWith("Counted deliveries");

        clickInView(robot, "#view-table");
        assertThat(robot.lookup("#result-table").tryQuery().isPresent()).isTrue();

        // Up recalls the question just asked
        clickInView(robot, "#question");
        robot.type(KeyCode.UP);
        assertThat(robot.lookup("#question").queryAs(TextField.class).getText())
                .isEqualTo("How many deliveries were there last month, by ward?");
    }

    @Test
    void storedCodesShowAsWordsWithTheStoredValueOnHoverAndCtrlCCopiesTheExactCells(FxRobot robot) {
        ask(robot, "incidents by kind");
        clickInView(robot, "#view-table");
        @SuppressWarnings("unchecked")
        TableView<List<Object>> table = robot.lookup("#result-table").queryAs(TableView.class);
        javafx.scene.control.TableCell<?, ?> first = robot.from(table).lookup(".table-cell")
                .match((javafx.scene.control.TableCell<?, ?> c) -> "Medication error".equals(c.getText()))
                .query();
        assertThat(first.getTooltip().getText()).isEqualTo("Stored as medication_error");
        assertThat(robot.from(table).lookup(".table-cell").queryAllAs(javafx.scene.control.TableCell.class))
                .extracting(javafx.scene.control.TableCell::getText).contains("No harm", "4,100")
                .doesNotContain("medication_error", "no_harm");

        clickInView(robot, first);
        robot.interact(() -> table.getSelectionModel().selectRange(0, table.getColumns().get(0), 1,
                table.getColumns().get(1)));
        robot.press(KeyCode.CONTROL).press(KeyCode.C).release(KeyCode.C).release(KeyCode.CONTROL);
        String[] copied = new String[1];
        robot.interact(() -> copied[0] = javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertThat(copied[0]).isEqualTo("medication_error\t4100\nno_harm\t12");
    }

    @Test
    void aFewBarsAreDrawnNarrowWithTitledAxesAndTheChartIsReadAloud(FxRobot robot) {
        ask(robot, "How many deliveries were there last month, by ward?");
        BarChart<?, ?> chart = robot.lookup("#result-chart").queryAs(BarChart.class);
        double em = chart.getXAxis().getTickLabelFont().getSize() / 0.8;
        List<javafx.scene.Node> bars = robot.from(chart).lookup(".chart-bar").queryAll().stream()
                .filter(n -> !n.getStyleClass().contains("bar-legend-symbol")).collect(Collectors.toList());
        assertThat(bars).hasSize(4);
        for (javafx.scene.Node bar : bars) {
            assertThat(bar.getBoundsInParent().getWidth()).as("a bar's width").isLessThanOrEqualTo(4.5 * em);
        }
        assertThat(chart.getXAxis().getLabel()).isEqualTo("Ward");
        assertThat(chart.getYAxis().getLabel()).isEqualTo("Deliveries");
        assertThat(chart.getAccessibleText()).startsWith("Bar chart of Deliveries by ward: Maternity A 41;");
    }

    @Test
    void theCardShowsEachStepAsItEndsAndTheWindowStaysResponsive(FxRobot robot) {
        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText("slowly count the patients"));
        clickInView(robot, "#question");
        robot.type(KeyCode.ENTER);
        waitUntil(() -> robot.lookup(".answer-card.pending .chip-tried").tryQuery().isPresent());
        assertThat(chipTexts(robot)).as("rungs that did not apply are no crosses").isEmpty();
        assertThat(robot.lookup("#pending-text").queryAs(Label.class).getText())
                .isEqualTo("Working on it… (tried: focus, meta)");

        // the answer is still being worked on: the window answers clicks meanwhile
        clickInView(robot, "#theme-toggle");
        assertThat(fx.model.darkProperty().get()).isTrue();
        clickInView(robot, "#theme-toggle");

        fx.engines.slow.countDown();
        waitUntil(() -> robot.lookup(".answer-card.answered").tryQuery().isPresent());
        assertThat(chipTexts(robot)).containsExactly("Grammar ✓", "Bind ✓", "Compile ✓", "Validate ✓", "Execute ✓");
    }

    @Test
    void theSqlDisclosureShowsTheExecutedSqlTheSpecJsonAndItsHash(FxRobot robot) {
        ask(robot, "How many patients are there?");
        TextArea sql = robot.lookup(".sql-text").queryAs(TextArea.class);
        assertThat(shown(sql)).isFalse();

        clickInView(robot, ".sql-toggle");

        assertThat(shown(sql)).isTrue();
        assertThat(sql.getText()).isEqualTo(FakeAnswers.SCALAR_SQL);
        assertThat(robot.lookup(".spec-hash").queryAs(Label.class).getText()).contains(FakeAnswers.SCALAR_HASH);
        assertThat(robot.lookup("#kpi-value").queryAs(Label.class).getText()).isNotBlank();

        clickInView(robot, ".copy-sql");
        String[] copied = new String[1];
        robot.interact(() -> copied[0] = javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertThat(copied[0]).isEqualTo(FakeAnswers.SCALAR_SQL);

        TextArea spec = robot.lookup(".spec-json").queryAs(TextArea.class);
        assertThat(shown(spec)).isTrue();
        assertThat(spec.getText()).contains("\"subject\" : \"patient\"", "\"shape\" : \"Scalar\"");
        clickInView(robot, ".copy-spec");
        robot.interact(() -> copied[0] = javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertThat(copied[0]).isEqualTo(FakeAnswers.SCALAR_SPEC);
    }

    @Test
    void eachCopyButtonIsInViewWhereverItsCodeIsAndTheCodeIsAsTallAsItsText(FxRobot robot) {
        ask(robot, "How many deliveries were there last month, by ward?");
        clickInView(robot, ".sql-toggle");
        for (String[] block : new String[][] {{".sql-text", ".copy-sql"}, {".spec-json", ".copy-spec"}}) {
            TextArea code = robot.lookup(block[0]).queryAs(TextArea.class);
            javafx.scene.Node copy = robot.lookup(block[1]).query();
            FxSteps.bringIntoView(robot, code);
            // no further scrolling: the button is reachable as soon as its code is
            FxSteps.assertReachable(copy);
            assertThat(copy.getStyleClass()).as("drawn as a button, not as flat text")
                    .contains(atlantafx.base.theme.Styles.BUTTON_OUTLINED);
            assertThat(FxSteps.scrollsVertically(code)).as("%s fits its text without a scroll bar", block[0])
                    .isFalse();
            double line = code.getFont().getSize() * 1.6;
            int lines = code.getText().split("\n").length;
            assertThat(code.getHeight()).as("%s is not padded far beyond its text", block[0])
                    .isLessThan(line * (lines + 4) + 40);
        }
    }

    @Test
    void aNewAnswerCardScrollsIntoView(FxRobot robot) {
        for (String q : List.of("How many deliveries were there last month, by ward?", "admissions per month",
                "Deliveries by ward again", "admissions per month, once more", "How many patients are there?")) {
            ask(robot, q);
            javafx.scene.Node newest = robot.lookup(".answer-card").queryAll().stream()
                    .reduce((a, b) -> b).orElseThrow();
            Label question = robot.from(newest).lookup(".card-question").queryAs(Label.class);
            assertThat(question.getText()).isEqualTo(q);
            javafx.scene.control.ScrollPane chat = robot.lookup("#chat-scroll")
                    .queryAs(javafx.scene.control.ScrollPane.class);
            // the whole card when it fits, else its start
            try {
                waitUntil(() -> FxSteps.inViewport(question) && (newest.getBoundsInLocal().getHeight()
                        > chat.getViewportBounds().getHeight() || FxSteps.inViewport(newest)), 20);
            } catch (AssertionError e) {
                throw new AssertionError("the card of '" + q + "' is not in view: " + FxSteps.placement(question)
                        + "; card " + FxSteps.placement(newest), e);
            }
        }
    }

    @Test
    void aLongListLoadsItsNextPagesFromTheButtonUnderTheTable(FxRobot robot) {
        ask(robot, "list the beds");
        TableView<?> table = robot.lookup("#result-table").queryAs(TableView.class);
        Label status = robot.lookup("#page-status").queryAs(Label.class);
        assertThat(table.getItems()).hasSize(FakeAnswers.LIST_PAGE);
        assertThat(status.getText()).isEqualTo("Showing the first 10 rows; more match.");

        clickInView(robot, "#load-more");
        waitUntil(() -> table.getItems().size() == 20);
        clickInView(robot, "#load-more");
        waitUntil(() -> table.getItems().size() == FakeAnswers.LIST_ROWS);

        assertThat(status.getText()).isEqualTo("All 23 rows are shown.");
        assertThat(shown(robot.lookup("#load-more").query())).isFalse();
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
        clickInView(robot, "discharge date");
        waitUntil(() -> robot.lookup(".answer-card.answered").tryQuery().isPresent());
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
        waitUntil(() -> fx.engines.opened.size() == 1);
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<org.tally.core.scope.Scope> picker = robot.lookup("#scope-picker")
                .queryAs(javafx.scene.control.ComboBox.class);
        assertThat(picker.getValue().label()).isEqualTo("All service lines");
        clickInView(robot, "#scope-picker");
        org.tally.core.scope.Scope maternity = picker.getItems().stream().filter(s -> s.id().equals("Maternity"))
                .findFirst().orElseThrow();
        @SuppressWarnings("unchecked")
        ListView<org.tally.core.scope.Scope> options = robot.lookup(".combo-box-popup .list-view")
                .queryAs(ListView.class);
        robot.interact(() -> options.scrollTo(maternity));
        clickInView(robot, robot.lookup(".combo-box-popup .list-cell").match(
                (javafx.scene.control.ListCell<?> c) -> "Maternity".equals(c.getText())).<javafx.scene.Node>query());
        assertThat(fx.model.scopeProperty().get().id()).isEqualTo("Maternity");
        assertThat(robot.lookup(".example-question").queryAllAs(Button.class)).extracting(Button::getText)
                .contains("How many deliveries were there last month?");
        ask(robot, "How many deliveries were there last month?");
        assertThat(fx.engines.scopesOpened).extracting(org.tally.core.scope.Scope::id).endsWith("Maternity");
    }

    @Test
    void theThemeSwitchesBetweenLightAndDark(FxRobot robot) {
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.LIGHT);
        clickInView(robot, "#theme-toggle");
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.DARK);
        assertThat(fx.model.darkProperty().get()).isTrue();
        clickInView(robot, "#theme-toggle");
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.LIGHT);
    }

    @Test
    void typingAQuestionAndCtrlLFocusTheQuestionBox(FxRobot robot) {
        clickInView(robot, "#question");
        robot.write("n?").type(KeyCode.ENTER);
        waitUntil(() -> fx.engines.asked.contains("n?"));
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
        clickInView(robot, "#add-source");
        assertThat(robot.lookup("#error-url").queryAs(Label.class).getText())
                .contains("Remove the password from the URL");

        TextField url = robot.lookup("#source-url").queryAs(TextField.class);
        robot.interact(() -> url.setText("jdbc:h2:mem:warehouse"));
        clickInView(robot, "#source-user");
        robot.write("ro");
        clickInView(robot, "#source-password");
        robot.write("pw42");
        clickInView(robot, "#add-source");

        @SuppressWarnings("unchecked")
        ListView<SourceItem> list = robot.lookup("#source-list").queryAs(ListView.class);
        assertThat(list.getItems()).extracting(SourceItem::name).contains("Warehouse");
        assertThat(robot.lookup("#error-url").queryAs(Label.class).getText()).isEmpty();
        assertThat(Files.readString(fx.sourcesFile)).contains("jdbc:h2:mem:warehouse", "\"ro\"")
                .doesNotContain("pw42");
    }

    @Test
    void theModelSettingsShowTheFolderCheckItAndSayThePlannerIsNotInThisVersion(FxRobot robot) throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        Files.writeString(models.resolve("planner.gguf"), "weights");
        robot.interact(() -> fx.view.showTab(3));
        waitUntil(() -> robot.lookup("#models-summary").queryAs(Label.class).getText()
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
        binding.set(Optional.empty());
        robot.interact(() -> {
            fx.model.binding().load(fx.model.session().source());
            fx.view.showTab(2);
        });
        waitUntil(() -> robot.lookup("#binding-message").queryAs(Label.class).getText()
                .startsWith("The binding is not available"));
        assertThat(shown(robot.lookup("#binding-placeholder").query())).isTrue();
    }

    @Test
    void theBindingTabOpensOnASummaryAndShowsAChosenTablesValuesInFull(FxRobot robot) {
        robot.interact(() -> fx.view.showTab(2));
        waitUntil(() -> shown(robot.lookup("#binding-summary-pane").query())
                && !robot.lookup("#binding-counts").queryAs(javafx.scene.layout.FlowPane.class).getChildren().isEmpty());
        assertThat(countText(robot, "#binding-count-bound")).isEqualTo("3");
        assertThat(countText(robot, "#binding-count-unbound")).isEqualTo("1");
        assertThat(countText(robot, "#binding-count-low")).isEqualTo("1");
        assertThat(countText(robot, "#binding-count-drift")).isEqualTo("1");
        assertThat(robot.lookup("#drift-alarms .label").queryAs(Label.class).getText()).contains("C-SEC");
        assertThat(shown(robot.lookup("#binding-columns").query())).as("no empty table before a choice").isFalse();

        clickInView(robot, robot.lookup("#binding-tables .table-cell").match(
                (javafx.scene.control.TableCell<?, ?> c) -> "deliveries".equals(c.getText())).<javafx.scene.Node>query());
        waitUntil(() -> shown(robot.lookup("#binding-columns").query()));
        @SuppressWarnings("unchecked")
        TableView<BindingSnapshot.ColumnBinding> columns = robot.lookup("#binding-columns").queryAs(TableView.class);
        robot.interact(() -> columns.scrollTo(3));
        FxSteps.bringIntoView(robot, columns);
        javafx.scene.control.TableCell<?, ?> outcome = robot.lookup("#binding-columns .table-cell")
                .match((javafx.scene.control.TableCell<?, ?> c) -> c.getItem() != null
                        && c.getItem().toString().startsWith("spontaneous_vaginal")).query();
        assertThat(outcome.getTooltip().getText()).as("the whole value on hover")
                .contains("emergency_caesarean_section_after_failed_induction (80)");
        javafx.scene.text.Text shownText = (javafx.scene.text.Text) outcome.getGraphic();
        assertThat(shownText.getLayoutBounds().getWidth()).as("it wraps inside its column")
                .isLessThanOrEqualTo(outcome.getWidth());
        assertThat(shownText.getLayoutBounds().getHeight()).as("on more than one line")
                .isGreaterThan(1.5 * shownText.getFont().getSize() * 1.2);
        robot.interact(() -> columns.scrollTo(4));
        assertThat(robot.lookup("#binding-columns .table-cell").queryAllAs(javafx.scene.control.TableCell.class))
                .extracting(c -> c.getItem() == null ? "" : c.getItem().toString()).contains("→ Ward (wards)")
                .doesNotContain("4 (160)");

        // the override fields hold their hints whole, and an edit is checked as it is typed
        for (String id : List.of("#override-alias", "#override-value")) {
            TextField field = robot.lookup(id).queryAs(TextField.class);
            javafx.scene.text.Text hint = new javafx.scene.text.Text(field.getPromptText());
            hint.setFont(field.getFont());
            assertThat(field.getWidth()).as("%s shows its hint '%s' whole", id, field.getPromptText())
                    .isGreaterThan(hint.getLayoutBounds().getWidth());
        }
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<org.tally.ui.binding.OverrideDraft.Kind> kind = robot.lookup("#override-kind")
                .queryAs(javafx.scene.control.ComboBox.class);
        robot.interact(() -> kind.setValue(org.tally.ui.binding.OverrideDraft.Kind.VALUE_ALIAS));
        robot.interact(() -> columns.scrollTo(0));
        clickInView(robot, robot.lookup("#binding-columns .table-cell").match(
                (javafx.scene.control.TableCell<?, ?> c) -> "delivery_mode".equals(c.getItem())).<javafx.scene.Node>query());
        clickInView(robot, "#override-alias");
        robot.write("caesarean ");
        Label aliasError = robot.lookup("#override-error-alias").queryAs(Label.class);
        waitUntil(() -> aliasError.getText().contains("spaces"));
        robot.type(KeyCode.BACK_SPACE);
        waitUntil(() -> aliasError.getText().isEmpty());
    }

    @Test
    void theWindowKeepsTheSizeThemeAndTextScaleItWasLeftWith(FxRobot robot) {
        org.tally.ui.shell.WindowPrefs left = new org.tally.ui.shell.WindowPrefs(900, 640, true, 130);
        robot.interact(() -> {
            left.applyTo(fx.stage, fx.model);
            fx.model.darkProperty().set(true);
        });
        org.tally.ui.shell.WindowPrefs[] now = new org.tally.ui.shell.WindowPrefs[1];
        robot.interact(() -> now[0] = org.tally.ui.shell.WindowPrefs.of(fx.stage, fx.model));
        assertThat(now[0]).isEqualTo(left);
        assertThat(fx.view.getStyle()).as("the text scale reaches the root font size")
                .contains(org.tally.ui.shell.TextScale.rootPx(javafx.scene.text.Font.getDefault().getSize(), 130) + "px");
        robot.interact(() -> fx.model.darkProperty().set(false));
    }

    @Test
    void everyControlOfAnAnswerIsReachedByTheKeyboard(FxRobot robot) {
        ask(robot, "How many deliveries were there last month, by ward?");
        java.util.Set<String> reached = new java.util.LinkedHashSet<>();
        clickInView(robot, "#question");
        for (int i = 0; i < 80 && !reached.contains("copy-spec"); i++) {
            robot.type(KeyCode.TAB);
            javafx.scene.Node focused = robot.lookup("#question").query().getScene().getFocusOwner();
            for (String mark : List.of("sql-toggle", "copy-sql", "copy-spec", "chips")) {
                if (focused != null && focused.getStyleClass().contains(mark)) {
                    reached.add(mark);
                    if (mark.equals("sql-toggle") && !fx.model.chat().cards().get(0).sqlShownProperty().get()) {
                        robot.type(KeyCode.SPACE); // opened from the keyboard too
                    }
                }
            }
            if (focused != null && focused.getId() != null) {
                reached.add(focused.getId());
                if (focused.getId().equals("view-bar")) {
                    // the views are one toggle group: the arrow keys move between them
                    robot.type(KeyCode.RIGHT);
                    javafx.scene.Node next = focused.getScene().getFocusOwner();
                    reached.add(next.getId());
                }
            }
        }
        assertThat(reached).contains("view-bar", "view-pie", "export-csv", "export-png", "chips", "sql-toggle",
                "copy-sql", "copy-spec");
    }

    private static String countText(FxRobot robot, String id) {
        return robot.lookup(id + " .summary-number").queryAs(Label.class).getText();
    }
}
