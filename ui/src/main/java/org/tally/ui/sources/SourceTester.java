package org.tally.ui.sources;

import org.tally.core.source.Credentials;
import org.tally.core.source.SourceCheck;
import org.tally.core.source.SourceRef;

/** Tries a source: can Tally connect, and can the account write? Blocking; call it off the UI thread. */
public interface SourceTester {
    SourceCheck test(SourceRef.Jdbc source, Credentials credentials);
}
