package org.tally.ui.sources;

import org.tally.core.source.Credentials;
import org.tally.core.source.SourceCheck;
import org.tally.core.source.SourceChecker;
import org.tally.core.source.SourceRef;

/** Tests a source through core's {@link SourceChecker}: the UI itself never opens a JDBC connection. */
public final class JdbcSourceTester implements SourceTester {

    private final SourceChecker checker;

    public JdbcSourceTester() {
        this(10);
    }

    public JdbcSourceTester(int loginTimeoutSeconds) {
        this.checker = new SourceChecker(loginTimeoutSeconds);
    }

    @Override
    public SourceCheck test(SourceRef.Jdbc source, Credentials credentials) {
        return checker.check(source, credentials);
    }
}
