package org.tally.acceptance.unseen;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/** Seeded draws for the synthetic hospitals: the same seed always writes the same rows. */
public final class Dice {

    /** A value with its weight; weight 0 is listed (it exists in a dictionary) but never drawn. */
    public record Weighted<T>(T value, double weight) {
        public Weighted {
            if (weight < 0) {
                throw new IllegalArgumentException("negative weight for " + value);
            }
        }
    }

    private final Random random;

    public Dice(long seed) {
        random = new Random(seed);
    }

    public double chance() {
        return random.nextDouble();
    }

    public boolean below(double p) {
        return random.nextDouble() < p;
    }

    /** A whole number in [low, high], both included. */
    public int between(int low, int high) {
        return low + random.nextInt(high - low + 1);
    }

    public double gauss(double mean, double sd) {
        return mean + sd * random.nextGaussian();
    }

    /** A real number in [low, high). */
    public double uniform(double low, double high) {
        return low + (high - low) * random.nextDouble();
    }

    /** An exponential draw with the given mean (Python's expovariate(1 / mean)). */
    public double exponential(double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }

    public double logNormal(double mu, double sigma) {
        return Math.exp(gauss(mu, sigma));
    }

    public <T> T oneOf(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    @SafeVarargs
    public final <T> T oneOf(T... values) {
        return values[random.nextInt(values.length)];
    }

    public <T> T pick(List<Weighted<T>> choices) {
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
    public LocalDateTime moment(LocalDateTime from, LocalDateTime to) {
        long seconds = Math.max(0, Duration.between(from, to).getSeconds());
        return from.plusSeconds((long) (random.nextDouble() * (seconds + 1)));
    }

    public String uuid() {
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }

    public static <T> Weighted<T> w(T value, double weight) {
        return new Weighted<>(value, weight);
    }
}
