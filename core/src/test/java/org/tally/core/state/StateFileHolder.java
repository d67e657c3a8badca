package org.tally.core.state;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;

/**
 * Another process holding an H2 file open, as a second Tally would: prints "open" once it has the file, and lets go
 * when a line arrives on standard input. Started by {@link StateDatabaseSharingTest}.
 */
public final class StateFileHolder {

    private StateFileHolder() {
    }

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(args[0], "sa", "")) {
            System.out.println("open");
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        }
        System.out.println("closed");
    }
}
