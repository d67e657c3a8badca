package org.tally.core.demo;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;

/** Seeded draws used by the generator; every draw comes from one {@link SplittableRandom}, never the clock. */
final class Rand {

    private final SplittableRandom random;

    Rand(long seed) {
        this.random = new SplittableRandom(seed);
    }

    int between(int lowInclusive, int highInclusive) {
        return lowInclusive + random.nextInt(highInclusive - lowInclusive + 1);
    }

    boolean chance(double p) {
        return random.nextDouble() < p;
    }

    double uniform() {
        return random.nextDouble();
    }

    double gaussian(double mean, double sd) {
        return mean + sd * random.nextGaussian();
    }

    <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }

    int pick(int[] values) {
        return values[random.nextInt(values.length)];
    }

    /** One of {@code values}, with relative {@code weights}. */
    String weighted(String[] values, double[] weights) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double x = random.nextDouble() * total;
        for (int i = 0; i < values.length; i++) {
            x -= weights[i];
            if (x < 0) {
                return values[i];
            }
        }
        return values[values.length - 1];
    }

    int weightedIndex(double... weights) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double x = random.nextDouble() * total;
        for (int i = 0; i < weights.length; i++) {
            x -= weights[i];
            if (x < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    /** A day in [from, to] (inclusive); {@code from} when the range is empty. */
    LocalDate day(LocalDate from, LocalDate to) {
        long span = ChronoUnit.DAYS.between(from, to);
        return span <= 0 ? from : from.plusDays(random.nextLong(span + 1));
    }

    /**
     * A day in [from, to] weighted by season: more activity in winter, less in summer. {@code winterBoost} 0 gives
     * a flat year.
     */
    LocalDate seasonalDay(LocalDate from, LocalDate to, double winterBoost) {
        for (int attempt = 0; attempt < 20; attempt++) {
            LocalDate d = day(from, to);
            if (random.nextDouble() * (1 + winterBoost) < seasonWeight(d, winterBoost)) {
                return d;
            }
        }
        return day(from, to);
    }

    private static double seasonWeight(LocalDate d, double winterBoost) {
        return switch (d.getMonth()) {
            case DECEMBER, JANUARY, FEBRUARY -> 1 + winterBoost;
            case MARCH, NOVEMBER -> 1 + winterBoost / 2;
            case JUNE, JULY, AUGUST -> 1 - winterBoost / 3;
            default -> 1;
        };
    }

    LocalDateTime at(LocalDate day, int fromHour, int toHourExclusive) {
        int minutes = fromHour * 60 + random.nextInt((toHourExclusive - fromHour) * 60);
        return day.atStartOfDay().plusMinutes(minutes);
    }

    LocalDateTime plusMinutes(LocalDateTime t, int low, int high) {
        return t.plusMinutes(between(low, high));
    }

    BigDecimal decimal(double value, int scale) {
        return BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_UP);
    }

    /** A fresh stream derived from this one: keeps one patient's draws independent of the next one's. */
    long nextSeed() {
        return random.nextLong();
    }
}
