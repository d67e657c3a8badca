package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;

/**
 * Generic order tables of legacy systems ({@code pharm_ord}, {@code tx_ord}, {@code ord_itm}, {@code clin_ord}): the
 * table's own name says only "order", a word a lab order and a prescription share. What the order is for is said by
 * the table its item key references: a drug master makes it a prescription, a lab test catalogue a lab order. The
 * word alone never decides against that key: the table binds to the concept the key names, or goes to review.
 * Generated schemas: names, key spellings and extra columns vary with a fixed seed.
 */
class GenericOrderTablesTest {

    private static final String[] ORDER_NAMES = {"pharm_ord", "tx_ord", "ord_itm", "clin_ord", "ord_dtl", "rx_ord_ln",
            "order_line", "ord"};
    private static final String[] KEY_NAMES = {"itm_id", "item_ref", "cat_id", "prod_id", "mstr_id"};
    private static final String[] EXTRA = {"", ", qty INT", ", ord_stat VARCHAR(3)", ", prio_cd VARCHAR(1)",
            ", ord_nt VARCHAR(40)"};

    private static Catalog schema(String orderTable, String key, String extra, boolean drugMaster) throws Exception {
        String master = drugMaster ? "med_mstr" : "lab_tst";
        String masterDdl = drugMaster
                ? "CREATE TABLE med_mstr (med_id INT PRIMARY KEY, med_nm VARCHAR(40), med_cd VARCHAR(10))"
                : "CREATE TABLE lab_tst (tst_id INT PRIMARY KEY, tst_nm VARCHAR(40), tst_cd VARCHAR(10))";
        String masterKey = drugMaster ? "med_id" : "tst_id";
        return BindingFixtures.h2(
                "CREATE TABLE pt_mstr (pt_id INT PRIMARY KEY, pt_nm VARCHAR(40), dob DATE, sex_cd VARCHAR(1))",
                "INSERT INTO pt_mstr SELECT X, 'P' || X, DATE '1970-01-01', 'F' FROM SYSTEM_RANGE(1, 30)",
                masterDdl,
                "INSERT INTO " + master + " SELECT X, 'Item ' || X, 'C' || X FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE " + orderTable + " (ord_id INT PRIMARY KEY, pt_id INT REFERENCES pt_mstr(pt_id),"
                        + " ord_dttm TIMESTAMP, " + key + " INT REFERENCES " + master + "(" + masterKey + ")" + extra
                        + ")",
                "INSERT INTO " + orderTable + " (ord_id, pt_id, ord_dttm, " + key + ") SELECT X, MOD(X, 30) + 1,"
                        + " TIMESTAMP '2026-01-02 10:00:00', MOD(X, 20) + 1 FROM SYSTEM_RANGE(1, 80)");
    }

    @Test
    void anOrderTableIsWhatItsItemKeyReferencesOrGoesToReview() throws Exception {
        Random random = new Random(12);
        List<String> wrong = new ArrayList<>();
        int decided = 0;
        int cases = 0;
        for (String name : ORDER_NAMES) {
            for (boolean drug : new boolean[] {true, false}) {
                String key = KEY_NAMES[random.nextInt(KEY_NAMES.length)];
                String extra = EXTRA[random.nextInt(EXTRA.length)];
                TableBinding t = BindingFixtures.bind(schema(name, key, extra, drug)).table(name).orElseThrow();
                String expected = drug ? "Prescription" : "LabOrder";
                String other = drug ? "LabOrder" : "Prescription";
                cases++;
                if (t.bound() && t.concept().equals(other)) {
                    wrong.add(name + "(" + key + extra + ") -> " + (drug ? "drug" : "lab test") + " master bound as "
                            + other + ": " + t.reasons());
                } else if (t.bound() && t.concept().equals(expected)) {
                    decided++;
                }
            }
        }
        assertThat(wrong).as("order tables bound against what their item key references").isEmpty();
        // the key is decisive evidence: most of these bind, none by the bare word "order" alone
        assertThat(decided).as("decided by the referenced table, of " + cases).isGreaterThanOrEqualTo(cases / 2);
    }
}
