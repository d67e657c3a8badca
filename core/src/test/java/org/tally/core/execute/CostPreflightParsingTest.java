package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Reading the numbers out of each database's EXPLAIN output, on plans written in each database's format. */
class CostPreflightParsingTest {

    @Test
    void postgresTotalCostOfTheTopPlan() {
        String plan = "[{\"Plan\": {\"Node Type\": \"Hash Join\", \"Startup Cost\": 1.5, \"Total Cost\": 35.75,"
                + " \"Plans\": [{\"Node Type\": \"Seq Scan\", \"Total Cost\": 20.0}]}}]";

        CostEstimate cost = CostPreflight.postgresCost(plan);

        assertThat(cost.value()).isEqualTo(35.75);
        assertThat(cost.unit()).isEqualTo(CostUnit.POSTGRES_PLANNER);
    }

    @Test
    void mySqlQueryCostIsAString() {
        String plan = "{\"query_block\": {\"select_id\": 1, \"cost_info\": {\"query_cost\": \"1025.75\"},"
                + " \"table\": {\"table_name\": \"t\", \"access_type\": \"ALL\", \"rows_examined_per_scan\": 10000}}}";

        CostEstimate cost = CostPreflight.mySqlCost(plan);

        assertThat(cost.value()).isEqualTo(1025.75);
        assertThat(cost.unit()).isEqualTo(CostUnit.MYSQL_QUERY_COST);
    }

    @Test
    void mariaDbRowsExaminedFollowTheNestedLoop() {
        // a: 100 rows, half pass its filter; b is read once per passing row of a
        String plan = "{\"query_block\": {\"select_id\": 1, \"nested_loop\": ["
                + "{\"table\": {\"table_name\": \"a\", \"access_type\": \"ALL\", \"rows\": 100, \"filtered\": 50}},"
                + "{\"block-nl-join\": {\"table\": {\"table_name\": \"b\", \"access_type\": \"ALL\", \"rows\": 20,"
                + " \"filtered\": 100}, \"buffer_type\": \"flat\"}}]}}";

        CostEstimate cost = CostPreflight.mariaDbRowsExamined(plan);

        assertThat(cost.value()).isEqualTo(100 + 50 * 20);
        assertThat(cost.unit()).isEqualTo(CostUnit.MARIADB_ROWS_EXAMINED);
    }

    @Test
    void mariaDbSubqueriesAddTheirOwnRows() {
        String plan = "{\"query_block\": {\"select_id\": 1, \"table\": {\"table_name\": \"a\", \"rows\": 10,"
                + " \"filtered\": 100}, \"subqueries\": [{\"query_block\": {\"select_id\": 2,"
                + " \"table\": {\"table_name\": \"b\", \"rows\": 7, \"filtered\": 100}}}]}}";

        assertThat(CostPreflight.mariaDbRowsExamined(plan).value()).isEqualTo(17);
    }

    @Test
    void aPlanWithoutTheNumberIsNoEstimateNotZero() {
        assertThatThrownBy(() -> CostPreflight.postgresCost("[{\"Plan\": {\"Node Type\": \"Result\"}}]"))
                .isInstanceOf(CostPreflight.NoEstimate.class).hasMessageContaining("Total Cost");
        assertThatThrownBy(() -> CostPreflight.mySqlCost("{\"query_block\": {\"select_id\": 1}}"))
                .isInstanceOf(CostPreflight.NoEstimate.class).hasMessageContaining("query_cost");
        assertThatThrownBy(() -> CostPreflight.mariaDbRowsExamined("not json"))
                .isInstanceOf(CostPreflight.NoEstimate.class).hasMessageContaining("not JSON");
    }

    @Test
    void h2NamesSplitOnDotsOutsideQuotes() {
        assertThat(CostPreflight.h2NameParts("PUBLIC.T")).containsExactly("PUBLIC", "T");
        assertThat(CostPreflight.h2NameParts("PUBLIC.\"we.ird\"")).containsExactly("PUBLIC", "we.ird");
        assertThat(CostPreflight.h2NameParts("\"my \"\"schema\"\"\".T")).containsExactly("my \"schema\"", "T");
    }

    @Test
    void limitsAreChosenByUnit() {
        CostLimits limits = new CostLimits(1, 2, 3, 4);

        assertThat(limits.limitFor(CostUnit.POSTGRES_PLANNER)).isEqualTo(1);
        assertThat(limits.limitFor(CostUnit.MYSQL_QUERY_COST)).isEqualTo(2);
        assertThat(limits.limitFor(CostUnit.MARIADB_ROWS_EXAMINED)).isEqualTo(3);
        assertThat(limits.limitFor(CostUnit.H2_ROWS_EXAMINED)).isEqualTo(4);
        assertThatThrownBy(() -> new CostLimits(0, 1, 1, 1)).hasMessageContaining("postgresPlanner");
    }

    @Test
    void notesReadTheSameEverywhere() {
        CostEstimate cost = new CostEstimate(1234.5678, CostUnit.POSTGRES_PLANNER);

        assertThat(new Preflight.Ok(cost, 1e8, 3).note())
                .isEqualTo("ok(1234.57 PostgreSQL planner cost units, limit 100000000)");
        assertThat(new Preflight.Rejected(cost, 0.001, 3).note())
                .isEqualTo("rejected(1234.57 PostgreSQL planner cost units above the limit 0.001)");
        assertThat(new Preflight.Unavailable("no plan", 0).note()).isEqualTo("unavailable(no plan)");
    }
}
