package org.tally.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Against real in-memory H2 databases: an admin, a SELECT-only account, a read-only database, a bad URL. */
class SourceCheckerTest {

    private final SourceChecker tester = new SourceChecker(5);

    private static String database(String name) throws Exception {
        String url = "jdbc:h2:mem:" + name;
        // kept open by this admin-only setting; other accounts may not repeat it in their URL
        try (Connection c = DriverManager.getConnection(url + ";DB_CLOSE_DELAY=-1", "sa", "");
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE wards(id INT PRIMARY KEY, name VARCHAR(20))");
            st.execute("CREATE USER reader PASSWORD 'r'");
            st.execute("GRANT SELECT ON wards TO reader");
            st.execute("CREATE USER clerk PASSWORD 'c'");
            st.execute("GRANT SELECT, INSERT ON wards TO clerk");
        }
        return url;
    }

    private static SourceRef.Jdbc ref(String url) {
        return (SourceRef.Jdbc) SourceRef.parse(url);
    }

    @Test
    void anAdminAccountCanWrite() throws Exception {
        SourceCheck check = tester.check(ref(database("admin")), new Credentials("sa", ""));
        assertThat(check.reachable()).isTrue();
        assertThat(check.writeAccess()).isEqualTo(WriteAccess.CAN_WRITE);
        assertThat(check.detail()).contains("admin");
        assertThat(check.summary()).contains("WARNING");
    }

    @Test
    void aSelectOnlyAccountIsReadOnlyAndAnInsertGrantIsSeen() throws Exception {
        String url = database("grants");
        SourceCheck reader = tester.check(ref(url), new Credentials("reader", "r"));
        assertThat(reader.writeAccess()).as(reader.summary()).isEqualTo(WriteAccess.READ_ONLY);
        SourceCheck clerk = tester.check(ref(url), new Credentials("clerk", "c"));
        assertThat(clerk.writeAccess()).isEqualTo(WriteAccess.CAN_WRITE);
        assertThat(clerk.detail()).isEqualTo("INSERT");
    }

    @Test
    void aWrongPasswordIsUnreachableAndTheMessageHoldsNoPassword() throws Exception {
        String url = database("wrongpw");
        SourceCheck check = tester.check(ref(url), new Credentials("reader", "not-the-pw"));
        assertThat(check.reachable()).isFalse();
        assertThat(check.summary()).startsWith("Not reachable").doesNotContain("not-the-pw");
    }
}
