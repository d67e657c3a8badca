package org.tally.ui.chat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.testing.FakeEngines;

class EngineSessionTest {

    @Test
    void switchingSourceClosesTheOldEngineAndOpensTheNewOneWithItsCredentials() {
        FakeEngines engines = FakeEngines.byKeyword();
        EngineSession session = new EngineSession(engines, new SourceRef.Demo(DemoSchema.DEV));
        session.ask("How many patients are there?", Progress.NONE);
        session.ask("again", Progress.NONE);
        assertThat(engines.opened).hasSize(1);

        SourceRef pg = SourceRef.parse("jdbc:postgresql://db/h");
        Credentials creds = new Credentials("reader", "secret");
        session.use(pg, creds);
        assertThat(engines.opened).as("switching does not block on opening").hasSize(1);
        session.ask("How many patients are there?", Progress.NONE);

        assertThat(engines.opened).containsExactly(new SourceRef.Demo(DemoSchema.DEV), pg);
        assertThat(engines.credentials.get(1)).isEqualTo(creds);
        assertThat(engines.closed.get()).isEqualTo(1);
        session.close();
        assertThat(engines.closed.get()).isEqualTo(2);
    }
}
