package org.tally.acceptance.golden;

import org.tally.core.source.DemoSchema;

/** Where the gold SQL runs: the same demo files the command line reads. */
final class DemoUrls {

    private DemoUrls() {
    }

    static String readOnly(DemoSchema schema) {
        throw new IllegalStateException("the demo hospital is not wired yet");
    }
}
