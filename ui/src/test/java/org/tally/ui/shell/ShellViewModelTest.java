package org.tally.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.binding.BindingViewModel;
import org.tally.core.source.SourceCheck;
import org.tally.ui.sources.SourceStore;
import org.tally.ui.task.SyncTaskRunner;
import org.tally.ui.testing.FakeEngines;

class ShellViewModelTest {

    @TempDir
    Path dir;

    private final FakeEngines engines = FakeEngines.byKeyword();

    private ShellViewModel shell() {
        return new ShellViewModel(engines, new SyncTaskRunner(), new SourceStore(dir.resolve("sources.json")),
                (r, c) -> SourceCheck.unreachable("offline"), BindingProvider.NONE, dir.resolve("models"), false);
    }

    @Test
    void startOpensTheDemoHospitalAndLoadsItsBinding() {
        ShellViewModel shell = shell();
        shell.start();
        assertThat(engines.opened).containsExactly(new SourceRef.Demo(DemoSchema.DEV));
        assertThat(shell.sourceStatusProperty().get()).isEqualTo("Ready");
        assertThat(shell.sourceNameProperty().get()).isEqualTo("Demo hospital (demo:dev)");
        assertThat(shell.binding().stateProperty().get()).isEqualTo(BindingViewModel.State.UNAVAILABLE);
        assertThat(shell.activity().runningProperty().get()).isFalse();
    }

    @Test
    void theBindingIsLoadedOnlyOnceTheSourceIsOpen() {
        java.util.List<Integer> openedWhenAsked = new java.util.ArrayList<>();
        BindingProvider recording = new BindingProvider() {
            @Override
            public java.util.Optional<org.tally.ui.binding.BindingSnapshot> snapshot(SourceRef source) {
                openedWhenAsked.add(engines.opened.size());
                return java.util.Optional.empty();
            }

            @Override
            public java.util.List<String> concepts() {
                return java.util.List.of();
            }

            @Override
            public java.util.List<String> roles() {
                return java.util.List.of();
            }

            @Override
            public java.util.Map<String, String> saveOverride(SourceRef source,
                                                               org.tally.ui.binding.OverrideDraft draft) {
                return java.util.Map.of();
            }
        };
        // jobs wait until released, as they do on the FX runner's background threads
        java.util.List<Runnable> pending = new java.util.ArrayList<>();
        SyncTaskRunner sync = new SyncTaskRunner();
        org.tally.ui.task.TaskRunner deferred = new org.tally.ui.task.TaskRunner() {
            @Override
            public <T, P> org.tally.ui.task.TaskHandle stream(String title, org.tally.ui.task.StreamingJob<T, P> job,
                                                             org.tally.ui.task.TaskListener<T> listener,
                                                             java.util.function.Consumer<P> onPart) {
                pending.add(() -> sync.stream(title, job, listener, onPart));
                return null;
            }
        };
        ShellViewModel shell = new ShellViewModel(engines, deferred, new SourceStore(dir.resolve("sources.json")),
                (r, c) -> SourceCheck.unreachable("offline"), recording, dir.resolve("models"), false);
        shell.start();
        // opening a source refreshes its catalog the first time, so a binding asked for earlier would find none
        assertThat(pending).as("only the opening of the source waits").hasSize(1);
        pending.remove(0).run();
        while (!pending.isEmpty()) {
            pending.remove(0).run();
        }
        assertThat(openedWhenAsked).containsExactly(1);
    }

    @Test
    void aChangedBindingReopensTheEngineBeforeTheNextQuestion() {
        ShellViewModel shell = shell();
        shell.start();
        shell.chat().ask("How many patients are there?");
        assertThat(engines.opened).hasSize(1);

        shell.session().reload();
        assertThat(engines.closed.get()).as("reloading never blocks: nothing is closed yet").isZero();
        shell.chat().ask("How many patients are there?");

        assertThat(engines.opened).hasSize(2);
        assertThat(engines.closed.get()).isEqualTo(1);
        assertThat(engines.opened.get(1)).isEqualTo(engines.opened.get(0));
    }

    @Test
    void pickingAServiceLineNarrowsTheNextQuestionsAndStartsANewConversation() {
        ShellViewModel shell = shell();
        shell.start();
        assertThat(shell.scopes()).first().isEqualTo(org.tally.core.scope.Scope.ALL);
        assertThat(shell.scopes()).extracting(org.tally.core.scope.Scope::label).contains("Maternity", "Pharmacy",
                "Ward Board");
        assertThat(shell.scopeProperty().get().isAll()).as("all service lines is the default").isTrue();
        shell.chat().ask("How many patients are there?");

        org.tally.core.scope.Scope maternity = shell.scopes().stream().filter(s -> s.id().equals("Maternity"))
                .findFirst().orElseThrow();
        shell.useScope(maternity);
        assertThat(shell.chat().cards()).isEmpty();
        assertThat(shell.chat().examples()).contains("How many deliveries were there last month?")
                .doesNotContain("How many deliveries were there last month, by ward?");
        shell.chat().ask("How many deliveries were there last month?");

        assertThat(engines.scopesOpened).extracting(org.tally.core.scope.Scope::id).containsExactly("all",
                "Maternity");
        assertThat(shell.session().scope()).isEqualTo(maternity);

        shell.useScope(org.tally.core.scope.Scope.ALL);
        assertThat(shell.chat().examples()).isEqualTo(org.tally.ui.chat.ExampleQuestions.DEMO);
    }

    @Test
    void usingAnotherSourceStartsANewConversationOnIt() {
        ShellViewModel shell = shell();
        shell.start();
        shell.chat().ask("How many patients are there?");
        shell.sources().nameProperty().set("Warehouse");
        shell.sources().urlProperty().set("jdbc:h2:mem:warehouse");
        shell.sources().userProperty().set("ro");
        shell.sources().add();

        shell.sources().use(shell.sources().items().get(2), "pw");

        assertThat(shell.chat().cards()).isEmpty();
        assertThat(shell.chat().examples()).as("demo examples do not fit another hospital").isEmpty();
        assertThat(shell.sourceNameProperty().get()).isEqualTo("Warehouse (jdbc:h2:mem:warehouse)");
        assertThat(engines.opened).last().isEqualTo(SourceRef.parse("jdbc:h2:mem:warehouse"));
        assertThat(engines.credentials).last().isEqualTo(new Credentials("ro", "pw"));
    }

    @Test
    void themeAndTextSizeToggle() {
        ShellViewModel shell = shell();
        shell.toggleTheme();
        assertThat(shell.darkProperty().get()).isTrue();
        for (int i = 0; i < 20; i++) {
            shell.largerText();
        }
        assertThat(shell.textPercentProperty().get()).isEqualTo(TextScale.MAX_PERCENT);
        for (int i = 0; i < 40; i++) {
            shell.smallerText();
        }
        assertThat(shell.textPercentProperty().get()).isEqualTo(TextScale.MIN_PERCENT);
        shell.useTextPercent(150);
        assertThat(shell.textPercentProperty().get()).isEqualTo(150);
    }

    @Test
    void textFollowsTheSystemFontSize() {
        assertThat(TextScale.rootPx(13, 100)).isEqualTo(14);
        assertThat(TextScale.rootPx(0, 100)).isEqualTo(14);
        assertThat(TextScale.rootPx(19.5, 100)).isEqualTo(21);
        assertThat(TextScale.rootPx(10, 100)).as("never below the theme's base").isEqualTo(14);
        assertThat(TextScale.rootPx(13, 150)).isEqualTo(21);
        assertThat(TextScale.rootPx(13, 10)).as("no smaller than the smallest scale").isEqualTo(10);
    }

    @Test
    void theSystemThemeIsReadWhereThePlatformSaysIt() {
        assertThat(SystemTheme.prefersDark("Linux", Map.of("GTK_THEME", "Adwaita:dark"), c -> Optional.empty()))
                .isTrue();
        assertThat(SystemTheme.prefersDark("Linux", Map.of(), c -> c.contains("color-scheme")
                ? Optional.of("'prefer-dark'\n") : Optional.empty())).isTrue();
        assertThat(SystemTheme.prefersDark("Linux", Map.of(), c -> c.contains("color-scheme")
                ? Optional.of("'default'\n") : Optional.of("'Adwaita'\n"))).isFalse();
        assertThat(SystemTheme.prefersDark("Windows 11", Map.of(), c -> Optional.of(
                "    AppsUseLightTheme    REG_DWORD    0x0\n"))).isTrue();
        assertThat(SystemTheme.prefersDark("Windows 11", Map.of(), c -> Optional.of(
                "    AppsUseLightTheme    REG_DWORD    0x1\n"))).isFalse();
        assertThat(SystemTheme.prefersDark("Windows 10", Map.of(), c -> Optional.empty())).isFalse();
        assertThat(SystemTheme.prefersDark("Mac OS X", Map.of(), c -> c.equals(List.of("defaults", "read", "-g",
                "AppleInterfaceStyle")) ? Optional.of("Dark\n") : Optional.empty())).isTrue();
    }
}
