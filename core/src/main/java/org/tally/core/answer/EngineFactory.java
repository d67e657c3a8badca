package org.tally.core.answer;

import java.time.LocalDate;
import java.util.List;
import org.tally.core.Progress;
import org.tally.core.scope.Scope;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;

/** Opens an answer engine on a source. Connection failures surface as SourceConnectionException. */
public interface EngineFactory {

    /**
     * @param today the date relative time phrases count from; null means the source's default (the demo's
     *              reference date on a demo source, the system date elsewhere)
     */
    AnswerEngine open(SourceRef source, Credentials credentials, LocalDate today, Progress progress);

    /**
     * As {@link #open(SourceRef, Credentials, LocalDate, Progress)}, reading only what {@code scope} may read. A
     * factory that cannot enforce scopes refuses any scope but {@link Scope#ALL} rather than ignore it.
     */
    default AnswerEngine open(SourceRef source, Credentials credentials, LocalDate today, Progress progress,
                              Scope scope) {
        if (!scope.isAll()) {
            throw new UnsupportedOperationException("this engine cannot be narrowed to the " + scope.label()
                    + " scope");
        }
        return open(source, credentials, today, progress);
    }

    /**
     * The date relative time counts from on {@code source} when {@code open} is given none (the demo's reference date
     * on a demo source): what "this year" ends with.
     */
    default LocalDate today(SourceRef source) {
        return LocalDate.now();
    }

    /** The scopes {@link #open(SourceRef, Credentials, LocalDate, Progress, Scope)} accepts, All first. */
    default List<Scope> scopes() {
        return List.of(Scope.ALL);
    }
}
