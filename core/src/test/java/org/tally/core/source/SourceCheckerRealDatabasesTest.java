package org.tally.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.tally.core.testing.RealDatabases;

/** The privilege queries for PostgreSQL and MariaDB, on real servers, with an admin and a SELECT-only account. */
class SourceCheckerRealDatabasesTest {

    private final SourceChecker tester = new SourceChecker(10);

    /** The fixture's URLs carry the admin account as ?user=…; the accounts under test come as credentials. */
    private static SourceRef.Jdbc withoutAccount(String url) {
        return (SourceRef.Jdbc) SourceRef.parse(url.replaceFirst("\\?user=[^&]*$", ""));
    }

    @Test
    void postgres() throws Exception {
        String adminUrl = RealDatabases.newPostgresDatabase();
        String db = adminUrl.substring(adminUrl.lastIndexOf('/') + 1, adminUrl.indexOf('?'));
        try (Connection c = DriverManager.getConnection(adminUrl); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE wards(id int PRIMARY KEY, name text)");
            st.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tally_reader') THEN"
                    + " CREATE ROLE tally_reader LOGIN PASSWORD 'r'; END IF;"
                    + " IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tally_clerk') THEN"
                    + " CREATE ROLE tally_clerk LOGIN PASSWORD 'c'; END IF; END $$");
            st.execute("GRANT CONNECT ON DATABASE \"" + db + "\" TO tally_reader, tally_clerk");
            st.execute("GRANT SELECT ON wards TO tally_reader");
            st.execute("GRANT SELECT, UPDATE ON wards TO tally_clerk");
        }
        SourceRef.Jdbc ref = withoutAccount(adminUrl);

        SourceCheck admin = tester.check(ref, new Credentials("postgres", null));
        assertThat(admin.writeAccess()).as(admin.summary()).isEqualTo(WriteAccess.CAN_WRITE);
        assertThat(admin.detail()).contains("superuser");

        SourceCheck reader = tester.check(ref, new Credentials("tally_reader", "r"));
        assertThat(reader.writeAccess()).as(reader.summary()).isEqualTo(WriteAccess.READ_ONLY);

        SourceCheck clerk = tester.check(ref, new Credentials("tally_clerk", "c"));
        assertThat(clerk.writeAccess()).as(clerk.summary()).isEqualTo(WriteAccess.CAN_WRITE);
        assertThat(clerk.detail()).isEqualTo("UPDATE");
    }

    /**
     * The shared MariaDB runs without grant tables, where every account may write and SHOW GRANTS fails: the check
     * must then say it cannot tell, never "read-only".
     */
    @Test
    void mariaDbWithoutGrantTablesIsNeverReportedReadOnly() {
        SourceRef.Jdbc ref = withoutAccount(RealDatabases.newMariaDbDatabase());
        SourceCheck root = tester.check(ref, new Credentials("root", null));
        assertThat(root.reachable()).as(root.summary()).isTrue();
        assertThat(root.writeAccess()).as(root.summary()).isNotEqualTo(WriteAccess.READ_ONLY);
    }
}
