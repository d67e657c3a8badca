package org.tally.core.answer;

import java.time.LocalDate;
import org.tally.core.Progress;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;

/** Opens an answer engine on a source. Connection failures surface as SourceConnectionException. */
public interface EngineFactory {

    /**
     * @param today the date relative time phrases count from; null means the source's default (the demo's
     *              reference date on a demo source, the system date elsewhere)
     */
    AnswerEngine open(SourceRef source, Credentials credentials, LocalDate today, Progress progress);
}
