package org.tally.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Reading the numbers out of each database's EXPLAIN output, on plans written in each database's format. */
class CostParsingTest {

    @Test
    void postgresTotalCostOfTheTopPlan() {
        String plan = "[{\"Plan\": {\"Node Type\": \"Hash Join\", \"Startup Cost\": 1.5, \"Total Cost\": 35.75,"
                + " \"Plans\": [{\"Node Type\": \"Seq Scan\", \"Total Cost\": 20.0}]}}]";

        CostEstimate cost = PostgresDialect.cost(plan);

        assertThat(cost.value()).isEqualTo(35.75);
        assertThat(cost.unit()).isEqualTo(PostgresDialect.PLANNER_UNITS);
    }

    @Test
    void mySqlQueryCostIsAString() {
        String plan = "{\"query_block\": {\"select_id\": 1, \"cost_info\": {\"query_cost\": \"1025.75\"},"
                + " \"table\": {\"table_name\": \"t\", \"access_type\": \"ALL\", \"rows_examined_per_scan\": 10000}}}";

        CostEstimate cost = MySqlDialect.mySqlCost(plan);

        assertThat(cost.value()).isEqualTo(1025.75);
        assertThat(cost.unit()).isEqualTo(MySqlDialect.MYSQL_QUERY_COST);
    }

    @Test
    void mariaDbRowsExaminedFollowTheNestedLoop() {
        // a: 100 rows, half pass its filter; b is read once per passing row of a
        String plan = "{\"query_block\": {\"select_id\": 1, \"nested_loop\": ["
                + "{\"table\": {\"table_name\": \"a\", \"access_type\": \"ALL\", \"rows\": 100, \"filtered\": 50}},"
                + "{\"block-nl-join\": {\"table\": {\"table_name\": \"b\", \"access_type\": \"ALL\", \"rows\": 20,"
                + " \"filtered\": 100}, \"buffer_type\": \"flat\"}}]}}";

        CostEstimate cost = MySqlDialect.mariaDbRowsExamined(plan);

        assertThat(cost.value()).isEqualTo(100 + 50 * 20);
        assertThat(cost.unit()).isEqualTo(MySqlDialect.MARIADB_ROWS_EXAMINED);
    }

    @Test
    void mariaDbSubqueriesAddTheirOwnRows() {
        String plan = "{\"query_block\": {\"select_id\": 1, \"table\": {\"table_name\": \"a\", \"rows\": 10,"
                + " \"filtered\": 100}, \"subqueries\": [{\"query_block\": {\"select_id\": 2,"
                + " \"table\": {\"table_name\": \"b\", \"rows\": 7, \"filtered\": 100}}}]}}";

        assertThat(MySqlDialect.mariaDbRowsExamined(plan).value()).isEqualTo(17);
    }

    @Test
    void aPlanWithoutTheNumberIsNoEstimateNotZero() {
        assertThatThrownBy(() -> PostgresDialect.cost("[{\"Plan\": {\"Node Type\": \"Result\"}}]"))
                .isInstanceOf(NoCostEstimate.class).hasMessageContaining("Total Cost");
        assertThatThrownBy(() -> MySqlDialect.mySqlCost("{\"query_block\": {\"select_id\": 1}}"))
                .isInstanceOf(NoCostEstimate.class).hasMessageContaining("query_cost");
        assertThatThrownBy(() -> MySqlDialect.mariaDbRowsExamined("not json"))
                .isInstanceOf(NoCostEstimate.class).hasMessageContaining("not JSON");
    }

    @Test
    void h2NamesSplitOnDotsOutsideQuotes() {
        assertThat(H2Dialect.nameParts("PUBLIC.T")).containsExactly("PUBLIC", "T");
        assertThat(H2Dialect.nameParts("PUBLIC.\"we.ird\"")).containsExactly("PUBLIC", "we.ird");
        assertThat(H2Dialect.nameParts("\"my \"\"schema\"\"\".T")).containsExactly("my \"schema\"", "T");
    }
}
