package org.tally.core.answer;

/**
 * Hears each step of an answer's path the moment it ends, before the answer is complete, so a caller can show the
 * ladder at work. Called on the answering thread, in path order; it must be quick and must not throw.
 */
@FunctionalInterface
public interface StepListener {

    void step(PathStep step);

    StepListener NONE = step -> { };
}
