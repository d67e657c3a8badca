package org.tally.ui.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceCheck;
import org.tally.core.source.SourceRef;
import org.tally.core.source.WriteAccess;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;

class SourcesViewModelTest {

    @TempDir
    Path dir;

    private final List<Credentials> testedWith = new ArrayList<>();
    private final List<String> used = new ArrayList<>();
    private final SourceTester tester = (ref, creds) -> {
        testedWith.add(creds);
        return new SourceCheck(true, "PostgreSQL 14", WriteAccess.CAN_WRITE, "INSERT, UPDATE");
    };

    private SourcesViewModel model(SourceStore store) {
        return new SourcesViewModel(store, tester, new SyncTaskRunner(), new Activity(),
                (item, creds) -> used.add(item.name() + " as " + creds));
    }

    private SourceStore store() {
        return new SourceStore(dir.resolve("state").resolve("sources.json"));
    }

    private static void fill(SourcesViewModel m, String name, String url, String user, String password) {
        m.nameProperty().set(name);
        m.urlProperty().set(url);
        m.userProperty().set(user);
        m.passwordProperty().set(password);
    }

    @Test
    void startsWithTheTwoDemoHospitalsWhichCannotBeRemoved() {
        SourcesViewModel m = model(store());
        assertThat(m.items()).extracting(i -> i.ref().name()).containsExactly("demo:dev", "demo:alt");
        assertThatThrownBy(() -> m.remove(m.items().get(0))).hasMessageContaining("cannot be removed");
    }

    @Test
    void addingSavesNameUrlAndAccountButNeverThePassword() throws Exception {
        SourcesViewModel m = model(store());
        fill(m, "Maternity warehouse", "jdbc:postgresql://db.local:5432/mat", "reader", "s3cret-pw");

        assertThat(m.add()).isPresent();

        String saved = Files.readString(store().file(), StandardCharsets.UTF_8);
        assertThat(saved).contains("Maternity warehouse", "jdbc:postgresql://db.local:5432/mat", "reader")
                .doesNotContain("s3cret-pw").doesNotContainIgnoringCase("password");
        assertThat(m.passwordProperty().get()).as("the typed password is forgotten").isEmpty();
        assertThat(m.nameProperty().get()).isEmpty();

        SourcesViewModel reopened = model(store());
        assertThat(reopened.items()).extracting(SourceItem::name).containsExactly("Demo hospital",
                "Demo hospital (legacy naming)", "Maternity warehouse");
        SourceItem item = reopened.items().get(2);
        assertThat(item.user()).isEqualTo("reader");
        assertThat(item.ref()).isEqualTo(SourceRef.parse("jdbc:postgresql://db.local:5432/mat"));
        assertThat(item.needsPassword()).isTrue();
    }

    @Test
    void removingASourceRemovesItFromTheFile() {
        SourcesViewModel m = model(store());
        fill(m, "A", "jdbc:h2:mem:a", "", "");
        m.add();
        fill(m, "B", "jdbc:mariadb://db/b", "ro", "");
        m.add();
        m.remove(m.items().get(2));
        assertThat(model(store()).items()).extracting(SourceItem::name).containsExactly("Demo hospital",
                "Demo hospital (legacy naming)", "B");
    }

    @Test
    void eachFieldGetsItsOwnError() {
        SourcesViewModel m = model(store());
        fill(m, " ", "jdbc:oracle:thin:@db:1521/x", " reader", "");
        assertThat(m.add()).isEmpty();
        assertThat(m.errors()).containsOnlyKeys(SourcesViewModel.NAME, SourcesViewModel.URL, SourcesViewModel.USER);
        assertThat(m.errors().get(SourcesViewModel.URL)).contains("Unsupported JDBC URL");
        assertThat(Files.exists(store().file())).as("nothing saved").isFalse();

        fill(m, "demo hospital", "jdbc:h2:mem:x", "", "");
        m.add();
        assertThat(m.errors()).containsOnlyKeys(SourcesViewModel.NAME);
        assertThat(m.errors().get(SourcesViewModel.NAME)).contains("exists already");
    }

    @Test
    void urlsThatCarryAPasswordOrAreNotJdbcAreRefused() {
        assertThat(SourceUrls.problem("jdbc:postgresql://db/h?user=a&password=x")).get().asString()
                .contains("Remove the password from the URL");
        assertThat(SourceUrls.problem("jdbc:sqlserver://db;databaseName=h;password=x")).isPresent();
        assertThat(SourceUrls.problem("jdbc:h2:tcp://db/h;USER=sa;PASSWORD=x")).isPresent();
        assertThat(SourceUrls.problem("jdbc:mysql://root:x@db/h")).isPresent();
        assertThat(SourceUrls.problem("jdbc:sqlserver://db;pwd=x")).isPresent();
        assertThat(SourceUrls.problem("demo:dev")).get().asString().contains("starting with jdbc:");
        assertThat(SourceUrls.problem("")).isPresent();
        assertThat(SourceUrls.problem("jdbc:postgresql://db:5432/h?ssl=true&user=ro")).isEmpty();
        assertThat(SourceUrls.problem("jdbc:sqlserver://db:1433;databaseName=h;encrypt=true")).isEmpty();
        assertThat(SourceUrls.problem("jdbc:h2:mem:x")).isEmpty();
    }

    @Test
    void testingUsesTheTypedPasswordOnceAndWarnsWhenTheAccountCanWrite() {
        SourcesViewModel m = model(store());
        fill(m, "W", "jdbc:postgresql://db/w", "writer", "pw1");
        m.testForm();
        assertThat(testedWith).containsExactly(new Credentials("writer", "pw1"));
        assertThat(m.passwordProperty().get()).isEmpty();
        assertThat(m.formStatusProperty().get()).contains("WARNING: this account can change data (INSERT, UPDATE)");

        m.add();
        SourceItem item = m.items().get(2);
        m.test(item, "pw2");
        assertThat(testedWith.get(1)).isEqualTo(new Credentials("writer", "pw2"));
        assertThat(item.warningProperty().get()).isEqualTo("INSERT, UPDATE");
    }

    @Test
    void usingASourcePassesTheCredentialsToTheSessionOnly() throws Exception {
        SourcesViewModel m = model(store());
        fill(m, "W", "jdbc:postgresql://db/w", "reader", "");
        m.add();
        m.use(m.items().get(2), "pw3");
        m.use(m.items().get(0), "ignored");
        assertThat(used).containsExactly("W as Credentials[user=reader, password=****]",
                "Demo hospital as Credentials[user=null, password=none]");
        assertThat(Files.readString(store().file())).doesNotContain("pw3");
    }

    @Test
    void anUnreadableFileIsMovedAsideNotOverwritten() throws Exception {
        Path file = store().file();
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{ not json");
        SourcesViewModel m = model(store());
        assertThat(m.items()).hasSize(2);
        try (var listing = Files.list(file.getParent())) {
            assertThat(listing.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("sources.json.unreadable-"));
        }
    }

    @Test
    void aSavedSourceWithABadUrlIsSkippedNotFatal() {
        store().save(List.of(new SavedSource("ok", "jdbc:h2:mem:ok", null),
                new SavedSource("bad", "jdbc:oracle:thin:@x", null)));
        assertThat(model(store()).items()).extracting(SourceItem::name).contains("ok").doesNotContain("bad");
    }
}
