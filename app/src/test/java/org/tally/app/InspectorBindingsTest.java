package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.binding.SourceBindings;
import org.tally.core.Progress;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.UuidV7;
import org.tally.core.pack.PackLoader;
import org.tally.core.source.SourceRef;
import org.tally.core.state.StateDatabase;
import org.tally.ui.binding.BindingSnapshot;
import org.tally.ui.binding.OverrideDraft;

class InspectorBindingsTest {

    @TempDir
    Path dir;

    private SourceRef clinic() throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("clinic").toAbsolutePath();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " admitted_at TIMESTAMP, discharged_at TIMESTAMP, admission_type VARCHAR(12))");
            s.execute("CREATE TABLE etl_log (id INT PRIMARY KEY, note VARCHAR(40))");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1980-01-01'), (2, 'M', DATE '1990-01-01')");
            s.execute("INSERT INTO admissions VALUES (1, 1, TIMESTAMP '2026-01-01 10:00:00', NULL, 'emergency'),"
                    + " (2, 2, TIMESTAMP '2026-02-01 10:00:00', TIMESTAMP '2026-02-03 10:00:00', 'elective')");
        }
        return SourceRef.parse(url);
    }

    private void refresh(DataFolder data, SourceRef source) throws Exception {
        try (StateDatabase state = StateDatabase.open(data);
             Connection c = DriverManager.getConnection(((SourceRef.Jdbc) source).url())) {
            Clock clock = Clock.systemUTC();
            new CatalogRefresher(new CatalogStore(state), new UuidV7(clock, new SecureRandom()), clock)
                    .refresh(source.name(), source.dialect(), c, RefreshOptions.defaults(), Progress.NONE);
        }
    }

    private static InspectorBindings inspector(DataFolder data) {
        return new InspectorBindings(new SourceBindings(data, PackLoader.hospital(), Clock.systemUTC()),
                PackLoader.hospital(), new org.tally.core.source.SourceConnector(
                        new org.tally.core.demo.DemoDatabases(data)));
    }

    @Test
    void showsNothingBeforeACatalogExistsThenTheRealBinding() throws Exception {
        DataFolder data = new DataFolder(dir.resolve("home"));
        InspectorBindings bindings = inspector(data);
        SourceRef source = clinic();
        assertThat(bindings.snapshot(source)).isEmpty();

        refresh(data, source);
        BindingSnapshot snapshot = bindings.snapshot(source).orElseThrow();
        assertThat(snapshot.tables()).anySatisfy(t -> {
            assertThat(t.table()).isEqualToIgnoringCase("admissions");
            assertThat(t.concept()).isEqualTo("Admission");
        });
        assertThat(snapshot.tables()).anySatisfy(t -> {
            assertThat(t.table()).isEqualToIgnoringCase("etl_log");
            assertThat(t.concept()).isNull();
        });
        assertThat(bindings.concepts()).contains("Admission", "Delivery");
        assertThat(bindings.roles()).contains("EventTime", "Status");
    }

    @Test
    void aBadOverrideIsRejectedBesideItsFieldAndAGoodOneChangesTheBinding() throws Exception {
        DataFolder data = new DataFolder(dir.resolve("home"));
        InspectorBindings bindings = inspector(data);
        SourceRef source = clinic();
        refresh(data, source);
        String etl = bindings.snapshot(source).orElseThrow().tables().stream()
                .filter(t -> t.table().equalsIgnoreCase("etl_log")).findFirst().orElseThrow().table();

        Map<String, String> bad = bindings.saveOverride(source,
                new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, etl, null, "Parking", null, null, null));
        assertThat(bad).containsKey("concept");
        assertThat(bad.get("concept")).contains("Parking");
        assertThat(Files.list(data.overrides()).filter(p -> p.toString().endsWith(".json"))).isEmpty();

        Map<String, String> good = bindings.saveOverride(source,
                new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, etl, null, "Incident", null, null, null));
        assertThat(good).isEmpty();
        assertThat(bindings.snapshot(source).orElseThrow().tables())
                .filteredOn(t -> t.table().equals(etl)).singleElement()
                .satisfies(t -> assertThat(t.concept()).isEqualTo("Incident"));
    }

    @Test
    void driftBetweenTheLastTwoRefreshesIsShownAsAlarmsAfterTheInspectorRefreshes() throws Exception {
        DataFolder data = new DataFolder(dir.resolve("home"));
        InspectorBindings bindings = inspector(data);
        SourceRef source = clinic();
        refresh(data, source);
        assertThat(bindings.snapshot(source).orElseThrow().drift()).isEmpty();

        try (Connection c = DriverManager.getConnection(((SourceRef.Jdbc) source).url());
             Statement s = c.createStatement()) {
            s.execute("UPDATE admissions SET admission_type = 'transfer-in' WHERE id = 2");
        }
        // the inspector's own refresh: its own read-only connection, progress reported as it profiles
        java.util.List<String> stages = new java.util.concurrent.CopyOnWriteArrayList<>();
        String summary = bindings.refresh(source, org.tally.core.source.Credentials.NONE,
                (stage, fraction) -> stages.add(stage));
        assertThat(summary).startsWith("Refreshed the catalog of ").contains("3 tables");
        assertThat(stages).contains("profile");
        assertThat(bindings.snapshot(source).orElseThrow().drift())
                .extracting(BindingSnapshot.DriftAlarm::describe)
                .anySatisfy(d -> assertThat(d).contains("New value 'transfer-in'"))
                .anySatisfy(d -> assertThat(d).contains("Vanished value 'elective'"));
    }

    @Test
    void theReviewListsWhatBindingReviewPrintsAndAChoiceSavedFromItLeavesIt() throws Exception {
        DataFolder data = new DataFolder(dir.resolve("review-home"));
        InspectorBindings bindings = inspector(data);
        SourceRef source = clinic();
        assertThat(bindings.review(source, org.tally.core.source.Credentials.NONE).items()).isEmpty();

        refresh(data, source);
        org.tally.ui.binding.BindingReviewSnapshot review = bindings.review(source,
                org.tally.core.source.Credentials.NONE);
        assertThat(review.items()).anySatisfy(i -> {
            assertThat(i.table()).isEqualToIgnoringCase("etl_log");
            assertThat(i.unbound()).isTrue();
        });
        assertThat(review.indexNote()).as("H2 tells its indexes").isNull();
        assertThat(review.indexAdvice()).as("H2 indexes each declared foreign key").isEmpty();

        String etl = review.items().stream().filter(i -> i.table().equalsIgnoreCase("etl_log")).findFirst()
                .orElseThrow().table();
        assertThat(bindings.saveOverride(source, new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, etl, null,
                "ignore", null, null, null))).isEmpty();
        assertThat(bindings.review(source, org.tally.core.source.Credentials.NONE).items())
                .noneMatch(i -> i.table().equals(etl));
    }
}
