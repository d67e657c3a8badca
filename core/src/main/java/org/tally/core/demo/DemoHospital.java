package org.tally.core.demo;

import java.time.LocalDate;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import org.tally.core.Progress;

/**
 * The embedded synthetic hospital: a deterministic stream of {@link Fact}s from a seed and a scale.
 * No wall clock: records run from {@link #FIRST_DATE} up to the day before {@link #REFERENCE_DATE}, and
 * booked appointments up to {@link #BOOKING_HORIZON_DAYS} days after it.
 */
public final class DemoHospital {

    /** The demo's own "today". */
    public static final LocalDate REFERENCE_DATE = LocalDate.of(2026, 11, 29);
    /** The first day with clinical activity. */
    public static final LocalDate FIRST_DATE = LocalDate.of(2022, 1, 1);
    /** How far ahead booked appointments reach. */
    public static final int BOOKING_HORIZON_DAYS = 60;
    /** Bumped whenever the facts produced for a seed and scale change; stored demo files carry it in their name. */
    public static final int GENERATOR_VERSION = 3;
    /** The seed of the shipped demo. */
    public static final long DEFAULT_SEED = 20261129L;
    /** Patients per unit of scale. */
    public static final int PATIENTS_PER_SCALE = 2000;

    private final long seed;
    private final int scale;

    public DemoHospital(long seed, int scale) {
        if (scale < 1 || scale > 10_000) {
            throw new IllegalArgumentException("scale must be between 1 and 10000, got " + scale);
        }
        this.seed = seed;
        this.scale = scale;
    }

    public static DemoHospital standard() {
        return new DemoHospital(DEFAULT_SEED, 1);
    }

    public long seed() {
        return seed;
    }

    public int scale() {
        return scale;
    }

    /**
     * Streams every fact to {@code sink}: reference data first, then one patient's whole history at a time,
     * so memory stays flat whatever the scale.
     *
     * @throws CancellationException when {@code progress} reports cancelled
     */
    public void generate(Consumer<Fact> sink, Progress progress) {
        new HospitalGenerator(seed, scale, sink).run(progress);
    }
}
