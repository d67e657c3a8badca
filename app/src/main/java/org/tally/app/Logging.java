package org.tally.app;

import java.nio.file.Files;
import org.tally.core.DataFolder;

/** Points the log file at the data folder before the first logger is created; logback.xml reads the property. */
final class Logging {

    private Logging() {
    }

    static void configure(DataFolder data) {
        if (System.getProperty("tally.logdir") != null) {
            return;
        }
        try {
            Files.createDirectories(data.logs());
            System.setProperty("tally.logdir", data.logs().toString());
        } catch (Exception e) {
            // no writable data folder: log to standard error only (the file appender then writes to the temp dir)
            System.setProperty("tally.logdir", System.getProperty("java.io.tmpdir"));
        }
    }
}
