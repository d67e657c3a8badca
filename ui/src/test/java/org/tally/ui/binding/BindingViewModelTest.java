package org.tally.ui.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;

class BindingViewModelTest {

    static final SourceRef DEMO = new SourceRef.Demo(DemoSchema.DEV);

    static final class FakeProvider implements BindingProvider {
        final List<OverrideDraft> saved = new ArrayList<>();
        final List<String> refreshed = new ArrayList<>();
        int snapshots;
        RuntimeException refreshFails;

        @Override
        public String refresh(SourceRef source, org.tally.core.source.Credentials credentials,
                              org.tally.core.Progress progress) {
            progress.report("profile", 0.5);
            if (refreshFails != null) {
                throw refreshFails;
            }
            refreshed.add(source.name() + " as " + credentials.user());
            return "Refreshed the catalog of " + source.name() + ": 29 tables, 210 columns profiled.";
        }

        @Override
        public Optional<BindingSnapshot> snapshot(SourceRef source) {
            snapshots++;
            return Optional.of(org.tally.ui.testing.SampleBinding.snapshot());
        }

        @Override
        public List<String> concepts() {
            return org.tally.ui.testing.SampleBinding.CONCEPTS;
        }

        @Override
        public List<String> roles() {
            return org.tally.ui.testing.SampleBinding.ROLES;
        }

        @Override
        public Map<String, String> saveOverride(SourceRef source, OverrideDraft draft) {
            saved.add(draft);
            return draft.alias() != null && draft.alias().equals("taken") ? Map.of("alias", "alias already used")
                    : Map.of();
        }
    }

    private final FakeProvider provider = new FakeProvider();
    private final BindingViewModel model = new BindingViewModel(provider, new SyncTaskRunner(), new Activity());

    @Test
    void refreshingReadsTheCatalogAgainWithTheSourcesAccountThenReloadsAndTellsTheChat() {
        List<String> changed = new ArrayList<>();
        model.onBindingChanged(() -> changed.add("changed"));
        model.load(DEMO, new org.tally.core.source.Credentials("ro", "pw"));
        int before = provider.snapshots;

        model.refresh();

        assertThat(provider.refreshed).containsExactly("demo:dev as ro");
        assertThat(model.refreshStatusProperty().get()).isEqualTo("Refreshed the catalog of demo:dev: 29 tables, 210"
                + " columns profiled.");
        assertThat(provider.snapshots).as("the binding and its drift are loaded again").isEqualTo(before + 1);
        assertThat(changed).containsExactly("changed");
        assertThat(model.refreshingProperty().get()).isFalse();
    }

    @Test
    void aFailedRefreshSaysWhyAndChangesNothing() {
        List<String> changed = new ArrayList<>();
        model.onBindingChanged(() -> changed.add("changed"));
        model.load(DEMO);
        provider.refreshFails = new IllegalStateException("Cannot connect to demo:dev");
        model.refresh();
        assertThat(model.refreshStatusProperty().get()).isEqualTo("The catalog was not refreshed: Cannot connect to"
                + " demo:dev");
        assertThat(changed).isEmpty();
        assertThat(model.stateProperty().get()).isEqualTo(BindingViewModel.State.READY);
    }

    @Test
    void savingAnOverrideTellsTheChatToUseTheRebuiltBinding() {
        List<String> changed = new ArrayList<>();
        model.onBindingChanged(() -> changed.add("changed"));
        model.load(DEMO);
        BindingSnapshot.TableBinding t = model.tables().get(0);
        model.save(new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, t.table(), null, "Delivery", null, null,
                null));
        assertThat(model.errors()).isEmpty();
        assertThat(changed).containsExactly("changed");
    }

    @Test
    void withoutAProviderTheInspectorSaysSoHonestly() {
        BindingViewModel none = new BindingViewModel(BindingProvider.NONE, new SyncTaskRunner(), new Activity());
        none.load(DEMO);
        assertThat(none.stateProperty().get()).isEqualTo(BindingViewModel.State.UNAVAILABLE);
        assertThat(none.messageProperty().get()).startsWith("The binding is not available for demo:dev yet");
        assertThat(none.tables()).isEmpty();
    }

    @Test
    void aBindingShowsTablesDriftAndKeepsNoValuesOfPiiColumns() {
        model.load(DEMO);
        assertThat(model.stateProperty().get()).isEqualTo(BindingViewModel.State.READY);
        assertThat(model.tables()).extracting(BindingSnapshot.TableBinding::conceptLabel)
                .containsExactly("Delivery (92%)", "Ward (97%)", "not bound", "Delivery (52%)");
        assertThat(model.drift()).extracting(BindingSnapshot.DriftAlarm::describe)
                .containsExactly("New value 'C-SEC' in deliveries.delivery_mode");
        assertThat(model.tables().get(0).columns().get(1).values()).isEmpty();
    }

    @Test
    void overridesAreCheckedFieldByField() {
        model.load(DEMO);
        assertThat(model.check(new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, "tmp_import", null, "Invoice",
                null, null, null))).containsOnlyKeys(BindingViewModel.CONCEPT);
        assertThat(model.check(new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, "tmp_import", null, "ignore",
                null, null, null))).isEmpty();
        assertThat(model.check(new OverrideDraft(OverrideDraft.Kind.COLUMN_ROLE, "deliveries", "delivery_mode",
                null, "Colour", null, null))).containsOnlyKeys(BindingViewModel.ROLE);
        assertThat(model.check(new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, "deliveries", "delivery_mode",
                null, null, " ", "XX"))).containsOnlyKeys(BindingViewModel.ALIAS, BindingViewModel.VALUE);
        assertThat(model.check(new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, "deliveries", "mother_name",
                null, null, "smith", "Smith")).get(BindingViewModel.VALUE)).contains("personal data");
        assertThat(model.check(new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, "deliveries", "delivery_mode",
                null, null, "caesarean", "CS"))).isEmpty();
    }

    @Test
    void savingShowsLocalErrorsWithoutCallingTheProviderAndProviderErrorsBesideTheField() {
        model.load(DEMO);
        model.save(new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, "tmp_import", null, "", null, null, null));
        assertThat(provider.saved).isEmpty();
        assertThat(model.errors()).containsKey(BindingViewModel.CONCEPT);

        model.save(new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, "deliveries", "delivery_mode", null, null,
                "taken", "CS"));
        assertThat(model.errors()).containsOnlyKeys(BindingViewModel.ALIAS);
        assertThat(model.saveStatusProperty().get()).startsWith("Not saved");

        model.save(new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, "deliveries", "delivery_mode", null, null,
                "caesarean", "CS"));
        assertThat(model.errors()).isEmpty();
        assertThat(provider.saved).hasSize(2);
        assertThat(model.saveStatusProperty().get()).isEqualTo("Saved. The binding was rebuilt; new answers use it.");
    }

    @Test
    void theInspectorOpensOnASummaryOfTheBinding() {
        model.load(DEMO);
        BindingSummary summary = model.summaryProperty().get();
        assertThat(summary).isEqualTo(new BindingSummary(4, 3, 1, 1, 1));
        assertThat(model.messageProperty().get()).isEqualTo("3 of 4 tables bound to a concept; 1 not bound; 1 with"
                + " low confidence; 1 drift alarm.");
        assertThat(model.tables().get(3).lowConfidence()).isTrue();
    }

    @Test
    void aReferenceColumnNamesTheTableItPointsToInsteadOfItsKeys() {
        model.load(DEMO);
        List<BindingSnapshot.ColumnBinding> columns = model.tables().get(0).columns();
        assertThat(columns.get(4).valuesText()).isEqualTo("→ Ward (wards)");
        assertThat(columns.get(0).valuesText()).isEqualTo("CS (312), SVD (901)");
        assertThat(columns.get(1).valuesText()).isEqualTo("(personal data: not kept)");
    }

    @Test
    void eachEditIsCheckedAsItIsTyped() {
        model.load(DEMO);
        model.edited(new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, "deliveries", "delivery_mode", null, null,
                "caesarean ", "XX"));
        assertThat(model.errors()).containsOnlyKeys(BindingViewModel.ALIAS, BindingViewModel.VALUE);
        model.edited(new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, "deliveries", "delivery_mode", null, null,
                "caesarean", "CS"));
        assertThat(model.errors()).isEmpty();
        assertThat(provider.saved).as("checking saves nothing").isEmpty();
    }
}
