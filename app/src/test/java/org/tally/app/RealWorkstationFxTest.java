package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.ui.testing.FxSteps.clickInView;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Collectors;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tally.core.Progress;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.source.DemoSchema;
import org.tally.ui.shell.Themes;
import org.tally.ui.testing.FxSteps;
import org.tally.ui.testing.Look;

/**
 * The real workstation on demo:dev, headless: a question asked in the window is answered from the database. Run in
 * a large monospaced look (the ui module's checks run under every look; this one shows the real answer's card keeps
 * its controls in reach).
 */
@ExtendWith(ApplicationExtension.class)
class RealWorkstationFxTest {

    @TempDir
    static Path home;

    private RealWindow window;

    @Start
    void start(Stage stage) {
        window = new RealWindow(home);
        window.show(stage, Look.LARGE_MONOSPACED);
    }

    @AfterEach
    void stop() {
        window.close();
    }

    @Test
    void askingOnTheDemoHospitalShowsTheAnswerWithChipsSqlAndSpec(FxRobot robot) throws Exception {
        RealWindow.waitUntil(() -> window.model.sourceStatusProperty().get().equals("Ready"));
        window.ask(robot, "How many patients are there?");

        long expected;
        try (Connection c = DriverManager.getConnection(new DemoDatabases(window.data).jdbcUrl(DemoSchema.DEV,
                Progress.NONE)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM patients")) {
            rs.next();
            expected = rs.getLong(1);
        }
        assertThat(robot.lookup(".answer-card.answered").tryQuery()).isPresent();
        assertThat(robot.lookup("#kpi-value").queryAs(Label.class).getText().replaceAll("\\D", ""))
                .isEqualTo(Long.toString(expected));
        assertThat(robot.lookup(".chip").queryAllAs(Label.class).stream().map(Label::getText)
                .collect(Collectors.toList())).anyMatch(t -> t.startsWith("Grammar ✓"))
                .anyMatch(t -> t.startsWith("Execute ✓"));

        clickInView(robot, ".sql-toggle");
        TextArea sql = robot.lookup(".sql-text").queryAs(TextArea.class);
        assertThat(FxSteps.shown(sql)).isTrue();
        assertThat(sql.getText()).startsWith("SELECT COUNT(*)").contains("\"patients\"");
        assertThat(robot.lookup(".spec-json").queryAs(TextArea.class).getText()).contains("\"subject\" : \"patient\"");
        assertThat(robot.lookup(".spec-hash").queryAs(Label.class).getText()).contains("tally-c1:");

        clickInView(robot, ".copy-sql");
        String[] copied = new String[1];
        robot.interact(() -> copied[0] = javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertThat(copied[0]).isEqualTo(sql.getText());

        clickInView(robot, "#theme-toggle");
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.DARK);
        clickInView(robot, "#theme-toggle");
    }
}
