package org.tally.ui;

import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;
import org.tally.core.answer.EngineFactory;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.chat.StoredConversations;
import org.tally.ui.settings.PlannerControl;
import org.tally.ui.shell.ShellView;
import org.tally.ui.shell.ShellViewModel;
import org.tally.ui.shell.SystemTheme;
import org.tally.ui.shell.WindowPrefs;
import org.tally.ui.sources.JdbcSourceTester;
import org.tally.ui.sources.SourceStore;
import org.tally.ui.task.FxTaskRunner;
import org.tally.ui.task.TaskRunner;

/**
 * Starts the workstation window on the embedded demo hospital. Started with {@link Platform#startup} rather than
 * an Application subclass, so the shaded jar runs with JavaFX on the class path.
 */
public final class Workstation {

    private static final Logger LOG = LoggerFactory.getLogger(Workstation.class);

    private final EngineFactory engines;
    private final DataFolder data;
    private final BindingProvider bindings;
    private final PlannerControl planner;

    public Workstation(EngineFactory engines, DataFolder data) {
        this(engines, data, BindingProvider.NONE);
    }

    public Workstation(EngineFactory engines, DataFolder data, BindingProvider bindings) {
        this(engines, data, bindings, PlannerControl.NONE);
    }

    public Workstation(EngineFactory engines, DataFolder data, BindingProvider bindings,
                       PlannerControl planner) {
        this.engines = Objects.requireNonNull(engines, "engines");
        this.data = Objects.requireNonNull(data, "data");
        this.bindings = Objects.requireNonNull(bindings, "bindings");
        this.planner = Objects.requireNonNull(planner, "planner");
    }

    /** Opens the window and blocks until it is closed; returns the process exit status. */
    public int run() {
        WindowPrefs prefs = WindowPrefs.load(data.state());
        boolean dark = prefs.darkOr(SystemTheme.prefersDark());
        CountDownLatch closed = new CountDownLatch(1);
        FxTaskRunner runner = new FxTaskRunner();
        ShellViewModel model = model(runner, dark);
        Platform.setImplicitExit(true);
        Platform.startup(() -> {
            try {
                show(model, prefs, closed);
            } catch (RuntimeException e) {
                LOG.error("the window could not be opened", e);
                closed.countDown();
            }
        });
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            runner.close();
            closeWithin(model, 3_000);
        }
        return 0;
    }

    /** The window's view model wired as the workstation runs it (tests show it on their own stage). */
    public ShellViewModel model(TaskRunner runner, boolean dark) {
        return new ShellViewModel(engines, runner, new SourceStore(data), new JdbcSourceTester(), bindings,
                data.models(), dark, planner, new StoredConversations(data));
    }

    /** A query still running must not keep the closed window's process alive: give closing a deadline. */
    private static void closeWithin(AutoCloseable resource, long millis) {
        Thread closer = new Thread(() -> {
            try {
                resource.close();
            } catch (Exception e) {
                LOG.warn("closing the source failed: {}", e.toString());
            }
        }, "tally-close");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void show(ShellViewModel model, WindowPrefs prefs, CountDownLatch closed) {
        Stage stage = new Stage();
        ShellView view = new ShellView(model);
        stage.setTitle("Tally");
        stage.setScene(view.createScene(prefs.width(), prefs.height()));
        stage.setMinWidth(720);
        stage.setMinHeight(480);
        prefs.applyTo(stage, model);
        // the size, theme and text scale the user left are the ones the window opens with next time
        stage.setOnHiding(e -> WindowPrefs.of(stage, model).save(data.state()));
        stage.setOnHidden(e -> closed.countDown());
        stage.show();
        LOG.info("workstation open; data folder {}", data.root());
        model.start();
        view.focusQuestion();
    }
}
