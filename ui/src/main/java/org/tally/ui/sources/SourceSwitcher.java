package org.tally.ui.sources;

import org.tally.core.source.Credentials;

/** Makes a source the one the chat asks; the credentials stay in memory. */
@FunctionalInterface
public interface SourceSwitcher {
    void use(SourceItem source, Credentials credentials);
}
