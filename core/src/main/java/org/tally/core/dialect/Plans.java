package org.tally.core.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reading EXPLAIN output: JSON plans, and the text of a plan as one string. */
final class Plans {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Plans() {
    }

    static JsonNode json(String plan) {
        try {
            return JSON.readTree(plan);
        } catch (IOException e) {
            throw new NoCostEstimate("the plan is not JSON");
        }
    }

    static boolean isNumber(String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** One number a catalog query with two text parameters returns. */
    static long count(Connection c, String sql, String first, String second) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, first);
            s.setString(2, second);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw new NoCostEstimate("the database has no row count estimate for a table of the plan");
                }
                return Math.max(0, rs.getLong(1));
            }
        }
    }
}
