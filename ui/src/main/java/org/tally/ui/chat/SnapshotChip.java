package org.tally.ui.chat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import org.tally.core.answer.SnapshotLabel;

/**
 * The chip of an answer read from the source's local snapshot (the live source could not be reached): it says so,
 * with the snapshot's age, so it is never taken for live data; its tooltip says when it was taken, under which
 * catalog version, and the tables read.
 */
public record SnapshotChip(String label, String tooltip) {

    private static final DateTimeFormatter TAKEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    public SnapshotChip {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(tooltip, "tooltip");
    }

    /** The chip of {@code snapshot} as seen at {@code now}. */
    public static SnapshotChip of(SnapshotLabel snapshot, Instant now) {
        Instant taken;
        try {
            taken = Instant.parse(snapshot.takenAt());
        } catch (DateTimeParseException e) {
            return new SnapshotChip("From a snapshot · not live", "Read from the local snapshot taken "
                    + snapshot.takenAt() + tail(snapshot));
        }
        return new SnapshotChip("From a snapshot " + age(Duration.between(taken, now)) + " · not live",
                "Read from the local snapshot taken " + TAKEN.format(taken) + tail(snapshot));
    }

    private static String tail(SnapshotLabel snapshot) {
        return " (catalog version " + snapshot.catalogVersion() + "), because the live source could not be"
                + " reached. Tables read: " + String.join(", ", snapshot.tables()) + ". Newer records are not in it.";
    }

    /** "taken just now", "5 minutes old", "3 hours old", "2 days old"; a snapshot dated ahead reads as just taken. */
    static String age(Duration d) {
        long minutes = d.toMinutes();
        if (minutes < 1) {
            return "taken just now";
        }
        if (minutes < 60) {
            return plural(minutes, "minute") + " old";
        }
        long hours = d.toHours();
        if (hours < 48) {
            return plural(hours, "hour") + " old";
        }
        return plural(d.toDays(), "day") + " old";
    }

    private static String plural(long n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }
}
