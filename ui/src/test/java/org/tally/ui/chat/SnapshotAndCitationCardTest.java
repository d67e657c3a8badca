package org.tally.ui.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Citation;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.SnapshotLabel;

/** An answer from a snapshot says so with its age; a retrieval answer shows the passages it cites. */
class SnapshotAndCitationCardTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private static Answer answered() {
        return new Answer("How many admissions were there last month?", AnswerStatus.ANSWERED, List.of("admissions"),
                List.of(List.of(41L)), "SELECT COUNT(*) FROM admissions", null,
                List.of(new PathStep("grammar", Outcome.ERROR, "the source cannot be reached", 3),
                        new PathStep("snapshot", Outcome.OK, null, 5)), null, null, null);
    }

    @Test
    void anAnswerFromASnapshotSaysSoWithItsAgeAndWhenItWasTaken() {
        Answer a = answered().fromSnapshot(new SnapshotLabel("2026-11-27T09:30:00Z", "0190aaaa-v1",
                List.of("admissions")), "From the snapshot of 2026-11-27 — not live data.");
        AnswerCardModel card = AnswerCardModel.of(a, List.of());

        SnapshotChip chip = card.snapshotChip(NOW);
        assertThat(chip.label()).isEqualTo("From a snapshot 3 days old · not live");
        assertThat(chip.tooltip()).contains("taken 2026-11-27 09:30 UTC").contains("catalog version 0190aaaa-v1")
                .contains("Tables read: admissions");
        assertThat(card.message()).startsWith("From the snapshot of 2026-11-27");
        assertThat(AnswerCardModel.of(answered(), List.of()).snapshotChip(NOW)).as("a live answer has none").isNull();
    }

    @Test
    void theAgeReadsInTheUnitThatSaysMost() {
        assertThat(SnapshotChip.age(Duration.ofSeconds(20))).isEqualTo("taken just now");
        assertThat(SnapshotChip.age(Duration.ofMinutes(1))).isEqualTo("1 minute old");
        assertThat(SnapshotChip.age(Duration.ofMinutes(59))).isEqualTo("59 minutes old");
        assertThat(SnapshotChip.age(Duration.ofHours(47))).isEqualTo("47 hours old");
        assertThat(SnapshotChip.age(Duration.ofHours(49))).isEqualTo("2 days old");
        assertThat(SnapshotChip.age(Duration.ofMinutes(-5))).as("a clock behind the snapshot's").isEqualTo(
                "taken just now");
        SnapshotChip odd = SnapshotChip.of(new SnapshotLabel("yesterday", "v", List.of()), NOW);
        assertThat(odd.label()).isEqualTo("From a snapshot · not live");
    }

    @Test
    void aRetrievalAnswerShowsEachPassageItCitesNumberedInItsOrderWithWhereItWasRead() {
        Answer a = answered().withCitations(List.of(
                new Citation("incident_reports", "1042", "narrative", "2026-11-03", "Patient slipped near bed 4."),
                new Citation("discharge_notes", "77", "summary", null, "Fall precautions discussed.")));
        List<CitationCard> cards = AnswerCardModel.of(a, List.of()).citations();

        assertThat(cards).containsExactly(
                new CitationCard(1, "incident_reports · row 1042 · narrative · 2026-11-03",
                        "Patient slipped near bed 4."),
                new CitationCard(2, "discharge_notes · row 77 · summary", "Fall precautions discussed."));
        assertThat(cards.get(1).mark()).isEqualTo("[2]");
        assertThat(cards.get(0).spoken()).isEqualTo("Passage 1, from incident_reports · row 1042 · narrative ·"
                + " 2026-11-03: Patient slipped near bed 4.");
        assertThat(AnswerCardModel.of(answered(), List.of()).citations()).isEmpty();
    }
}
