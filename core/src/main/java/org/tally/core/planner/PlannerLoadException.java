package org.tally.core.planner;

/** A model that could not be loaded, with the reason in words for people (never a prompt or a path's content). */
public final class PlannerLoadException extends Exception {

    public PlannerLoadException(String message) {
        super(message);
    }

    public PlannerLoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
