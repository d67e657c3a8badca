package org.tally.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The MySQL/MariaDB privilege check reads SHOW GRANTS lines for write privileges only. */
class MySqlGrantsTest {

    @Test
    void grantLinesAreReadForWritePrivilegesOnly() {
        assertThat(MySqlDialect.writePrivileges(List.of(
                "GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION"))).containsExactly(
                "ALL PRIVILEGES");
        assertThat(MySqlDialect.writePrivileges(List.of(
                "GRANT USAGE ON *.* TO `reader`@`%` IDENTIFIED BY PASSWORD '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'",
                "GRANT SELECT ON `update_log`.* TO `reader`@`%`",
                "GRANT `analyst` TO `reader`@`%`"))).isEmpty();
        assertThat(MySqlDialect.writePrivileges(List.of(
                "GRANT SELECT, INSERT, UPDATE (`name`) ON `hosp`.`wards` TO `clerk`@`%`",
                "grant delete on hosp.* to clerk"))).containsExactly("DELETE", "INSERT", "UPDATE");
    }
}
