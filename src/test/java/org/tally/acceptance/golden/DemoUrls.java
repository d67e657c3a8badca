package org.tally.acceptance.golden;

import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.source.DemoSchema;

/** Where the gold SQL runs: the same demo files the command line reads, in the same data folder. */
public final class DemoUrls {

    private DemoUrls() {
    }

    public static String readOnly(DemoSchema schema) {
        return new DemoDatabases(DataFolder.resolve()).jdbcUrl(schema, Progress.NONE);
    }
}
