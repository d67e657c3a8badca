package org.tally.acceptance.unseen;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/** Seeded draws for the synthetic hospitals: the same seed always writes the same rows. */
final class Dice {

    /** A value with its weight; weight 0 is listed (it exists in a dictionary) but never drawn. */
    record Weighted<T>(T value, double weight) {
        Weighted {
            if (weight < 0) {
                throw new IllegalArgumentException("negative weight for " + value);
            }
        }
    }

    private final Random random;

    Dice(long seed) {
        random = new Random(seed);
    }

    double chance() {
        return random.nextDouble();
    }

    boolean below(double p) {
        return random.nextDouble() < p;
    }

    /** A whole number in [low, high], both included. */
    int between(int low, int high) {
        return low + random.nextInt(high - low + 1);
    }

    double gauss(double mean, double sd) {
        return mean + sd * random.nextGaussian();
    }

    /** A real number in [low, high). */
    double uniform(double low, double high) {
        return low + (high - low) * random.nextDouble();
    }

    /** An exponential draw with the given mean (Python's expovariate(1 / mean)). */
    double exponential(double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }

    double logNormal(double mu, double sigma) {
        return Math.exp(gauss(mu, sigma));
    }

    <T> T oneOf(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    @SafeVarargs
    final <T> T oneOf(T... values) {
        return values[random.nextInt(values.length)];
    }

    <T> T pick(List<Weighted<T>> choices) {
        double total = 0;
        for (Weighted<T> w : choices) {
            total += w.weight();
        }
        double x = random.nextDouble() * total;
        T last = null;
        for (Weighted<T> w : choices) {
            if (w.weight() == 0) {
                continue;
            }
            last = w.value();
            x -= w.weight();
            if (x < 0) {
                return w.value();
            }
        }
        return last;
    }

    /** A moment in [from, to] to the second; {@code from} itself when the range is empty. */
    LocalDateTime moment(LocalDateTime from, LocalDateTime to) {
        long seconds = Math.max(0, Duration.between(from, to).getSeconds());
        return from.plusSeconds((long) (random.nextDouble() * (seconds + 1)));
    }

    String uuid() {
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }

    static <T> Weighted<T> w(T value, double weight) {
        return new Weighted<>(value, weight);
    }
}
