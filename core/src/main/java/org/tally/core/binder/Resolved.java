package org.tally.core.binder;

import java.util.function.Function;

/** What a step of binding gives: a value, or the typed failure that stops the binding. */
sealed interface Resolved<T> permits Resolved.Ok, Resolved.Failed {

    record Ok<T>(T value) implements Resolved<T> {
    }

    record Failed<T>(BindFailure failure) implements Resolved<T> {
    }

    static <T> Resolved<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> Resolved<T> fail(BindFailure failure) {
        return new Failed<>(failure);
    }

    default boolean failed() {
        return this instanceof Failed;
    }

    /** The value of an {@link Ok}; asking a failed result for one is a programming error. */
    default T value() {
        if (this instanceof Ok<T> ok) {
            return ok.value();
        }
        throw new AssertionError("no value: " + ((Failed<T>) this).failure());
    }

    /** The same failure as a result of another type; only for a failed result. */
    default <U> Resolved<U> stop() {
        if (this instanceof Failed<T> f) {
            return new Failed<>(f.failure());
        }
        throw new AssertionError("not failed");
    }

    default <U> Resolved<U> map(Function<T, U> f) {
        return this instanceof Ok<T> ok ? new Ok<>(f.apply(ok.value())) : stop();
    }

    default <U> Resolved<U> then(Function<T, Resolved<U>> f) {
        return this instanceof Ok<T> ok ? f.apply(ok.value()) : stop();
    }
}
