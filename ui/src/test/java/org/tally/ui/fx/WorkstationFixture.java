package org.tally.ui.fx;

import java.nio.file.Path;
import javafx.stage.Stage;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.shell.ShellView;
import org.tally.ui.shell.ShellViewModel;
import org.tally.core.source.SourceCheck;
import org.tally.ui.sources.SourceStore;
import org.tally.core.source.WriteAccess;
import org.tally.ui.task.FxTaskRunner;
import org.tally.ui.testing.FakeEngines;
import org.tally.ui.testing.Look;

/** The real window content on a stage, wired by constructor to a fake engine, as the workstation wires it. */
final class WorkstationFixture {

    final FakeEngines engines = FakeEngines.byKeyword();
    final FxTaskRunner runner = new FxTaskRunner();
    final Path sourcesFile;
    final ShellViewModel model;
    ShellView view;
    javafx.stage.Stage stage;

    WorkstationFixture(Path dir, BindingProvider bindings) {
        this.sourcesFile = dir.resolve("state").resolve("sources.json");
        this.model = new ShellViewModel(engines, runner, new SourceStore(sourcesFile),
                (ref, creds) -> new SourceCheck(true, "H2 2.5", WriteAccess.READ_ONLY, "no write privilege found"),
                bindings, dir.resolve("models"), false);
    }

    /** Shows the window as {@code look} has it. Call on the FX thread (from an {@code @Start} method). */
    void show(Stage stage, Look look) {
        this.stage = stage;
        view = new ShellView(model);
        stage.setScene(view.createScene(look.width(), look.height()));
        look.apply(stage.getScene(), model);
        stage.show();
        model.start();
        view.focusQuestion();
    }
}
