package org.tally.ui.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;
import org.tally.ui.testing.SampleBinding;

/** The review section: what it lists after a binding loads, and a one-click choice saved as an override. */
class BindingReviewModelTest {

    private static final SourceRef DEMO = new SourceRef.Demo(DemoSchema.DEV);

    /** Serves the sample binding and its review; records what was saved and with which account the review read. */
    private static final class ReviewProvider implements BindingProvider {
        final List<OverrideDraft> saved = new ArrayList<>();
        final List<String> reviewedAs = new ArrayList<>();
        int snapshots;
        Map<String, String> refuse = Map.of();
        BindingReviewSnapshot served = SampleBinding.review();

        @Override
        public Optional<BindingSnapshot> snapshot(SourceRef source) {
            snapshots++;
            return Optional.of(SampleBinding.snapshot());
        }

        @Override
        public List<String> concepts() {
            return SampleBinding.CONCEPTS;
        }

        @Override
        public List<String> roles() {
            return SampleBinding.ROLES;
        }

        @Override
        public Map<String, String> saveOverride(SourceRef source, OverrideDraft draft) {
            saved.add(draft);
            return refuse;
        }

        @Override
        public BindingReviewSnapshot review(SourceRef source, Credentials credentials) {
            reviewedAs.add(credentials.user());
            return served;
        }
    }

    private final ReviewProvider provider = new ReviewProvider();
    private final BindingViewModel binding = new BindingViewModel(provider, new SyncTaskRunner(), new Activity());
    private final BindingReviewModel review = binding.review();

    @Test
    void aLoadedBindingIsReviewedWithTheSourcesAccountTiesAndIndexAdviceIncluded() {
        binding.load(DEMO, new Credentials("ro", "pw"));

        assertThat(provider.reviewedAs).containsExactly("ro");
        assertThat(review.items()).extracting(BindingReviewSnapshot.Item::table).containsExactly("tmp_import",
                "mat_obs");
        BindingReviewSnapshot.Item tie = review.items().get(0);
        assertThat(tie.tied()).isTrue();
        assertThat(tie.status()).isEqualTo("not bound; two concepts tie");
        assertThat(tie.choices()).extracting(BindingReviewSnapshot.Choice::evidence)
                .containsExactly(List.of("has an admitted_at time"), List.of("has a mode of birth column"));
        assertThat(review.items().get(1).status()).isEqualTo("bound to Delivery at 52%");
        assertThat(review.statusProperty().get()).isEqualTo("2 tables to look at, 1 of them a tie: unbound first,"
                + " then the weakest bindings.");
        assertThat(review.indexAdvice()).extracting(BindingReviewSnapshot.IndexAdvice::describe)
                .containsExactly("deliveries.ward_id (references wards) has no index");
        assertThat(review.indexStatusProperty().get()).startsWith("1 foreign key Tally joins on without an index");
    }

    @Test
    void aChoiceIsSavedAsTheTablesConceptThenTheBindingAndItsReviewAreLoadedAgainAndAnswersFollow() {
        List<String> changed = new ArrayList<>();
        binding.onBindingChanged(() -> changed.add("changed"));
        binding.load(DEMO, Credentials.NONE);
        int before = provider.snapshots;

        review.choose(review.items().get(0), "Delivery");

        assertThat(provider.saved).containsExactly(new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, "tmp_import",
                null, "Delivery", null, null, null));
        assertThat(changed).containsExactly("changed");
        assertThat(provider.snapshots).isEqualTo(before + 1);
        assertThat(provider.reviewedAs).hasSize(2);
        assertThat(review.errors()).isEmpty();

        review.choose(review.items().get(1), BindingReviewModel.LOOKUP);
        review.choose(review.items().get(1), BindingReviewModel.IGNORE);
        assertThat(provider.saved).extracting(OverrideDraft::concept).containsExactly("Delivery", "lookup", "ignore");
        assertThat(review.choiceStatusProperty().get()).isEqualTo("Saved: mat_obs left out. The binding was rebuilt;"
                + " new answers use it.");
        assertThat(review.statusProperty().get()).as("the review loaded again after it").startsWith("2 tables");
    }

    @Test
    void aConceptNotOfferedIsRefusedBesideTheTableAndTheOverrideFilesRefusalIsShownThere() {
        binding.load(DEMO, Credentials.NONE);

        review.choose(review.items().get(0), "Ward");
        assertThat(provider.saved).isEmpty();
        assertThat(review.errors()).containsOnlyKeys("tmp_import");

        provider.refuse = Map.of("concept", "tmp_import: the table is gone from the catalog");
        review.choose(review.items().get(0), "Admission");
        assertThat(review.errors()).containsEntry("tmp_import", "tmp_import: the table is gone from the catalog");
        assertThat(review.choiceStatusProperty().get()).isEqualTo("Not saved: see the table marked.");
    }

    @Test
    void aSourceWithNothingToReviewSaysSo() {
        provider.served = BindingReviewSnapshot.EMPTY;
        binding.load(DEMO, Credentials.NONE);
        assertThat(review.items()).isEmpty();
        assertThat(review.statusProperty().get()).startsWith("Nothing to review");
        assertThat(review.indexStatusProperty().get()).isEqualTo("Every foreign key Tally joins on is indexed.");
    }
}
