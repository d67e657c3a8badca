package org.tally.core.grammar;

import java.util.List;
import java.util.function.Function;

/**
 * What a rule or a look-up of the grammar gives: a value, or the {@link Halt} that stops the parse. Rules return
 * these instead of throwing, so a rule is a plain function of its input.
 */
sealed interface Result<T> permits Result.Ok, Result.Stop {

    record Ok<T>(T value) implements Result<T> {
    }

    record Stop<T>(Halt halt) implements Result<T> {
    }

    static <T> Result<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> Result<T> miss(String reason) {
        return new Stop<>(new Halt.Miss(reason));
    }

    static <T> Result<T> ask(String slot, String key, String question, List<String> labels) {
        return new Stop<>(new Halt.Ask(slot, key, question, labels));
    }

    static <T> Result<T> halt(Halt halt) {
        return new Stop<>(halt);
    }

    default boolean stopped() {
        return this instanceof Stop;
    }

    /** The value of an {@link Ok}; asking a stopped result for one is a programming error. */
    default T value() {
        if (this instanceof Ok<T> ok) {
            return ok.value();
        }
        throw new AssertionError("no value: " + ((Stop<T>) this).halt());
    }

    /** The same stop as a result of another type; only for a stopped result. */
    default <U> Result<U> stop() {
        if (this instanceof Stop<T> s) {
            return new Stop<>(s.halt());
        }
        throw new AssertionError("not stopped");
    }

    default <U> Result<U> map(Function<T, U> f) {
        return this instanceof Ok<T> ok ? new Ok<>(f.apply(ok.value())) : stop();
    }

    default <U> Result<U> then(Function<T, Result<U>> f) {
        return this instanceof Ok<T> ok ? f.apply(ok.value()) : stop();
    }

    /** Whether this stopped with a miss (not a question). */
    default boolean missed() {
        return this instanceof Stop<T> s && s.halt() instanceof Halt.Miss;
    }
}
