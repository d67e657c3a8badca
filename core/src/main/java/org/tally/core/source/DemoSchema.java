package org.tally.core.source;

import java.util.Locale;
import java.util.Optional;

/**
 * The embedded synthetic hospital's two physical naming schemes over the same facts.
 * Every question has the same true answer on both: a metamorphic check of binder and grammar.
 */
public enum DemoSchema {
    /** snake_case tables and columns, e.g. {@code patients}, {@code deliveries.delivery_mode}. */
    DEV("dev"),
    /** A differently designed legacy schema, e.g. {@code PatientMaster}, {@code OB_Delivery.mode_of_delivery}. */
    ALT("alt");

    private final String id;

    DemoSchema(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The source name on the command line: {@code demo:dev} or {@code demo:alt}. */
    public String sourceName() {
        return "demo:" + id;
    }

    public static Optional<DemoSchema> fromId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT);
        for (DemoSchema s : values()) {
            if (s.id.equals(wanted)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
