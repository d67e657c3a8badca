package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;

/**
 * A legacy HIS in abbreviated snake_case: an ADT episode table (admission and discharge times, a ward) scores almost
 * as an encounter as it does as an admission, and a drug order table almost as a lab order as a prescription. The roles
 * decide when they are decisive (a stay has an end and a ward; an order referencing a drug is a prescription), and a
 * table whose roles say nothing either way stays unbound for review.
 */
class LegacyTiesTest {

    private static Catalog schema(boolean decisive) throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE pt_mstr (pt_id INT PRIMARY KEY, pt_nm VARCHAR(40), dob DATE, sex_cd VARCHAR(1))",
                "INSERT INTO pt_mstr SELECT X, 'P' || X, DATE '1970-01-01', 'F' FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE wrd (wrd_id INT PRIMARY KEY, wrd_nm VARCHAR(40))",
                "INSERT INTO wrd SELECT X, 'Ward ' || X FROM SYSTEM_RANGE(1, 6)",
                "CREATE TABLE med_mstr (med_id INT PRIMARY KEY, med_nm VARCHAR(40), med_cd VARCHAR(10))",
                "INSERT INTO med_mstr SELECT X, 'Drug ' || X, 'D' || X FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE adt_episode (episode_id INT PRIMARY KEY, pt_id INT REFERENCES pt_mstr(pt_id), adm_dttm"
                        + " TIMESTAMP" + (decisive ? ", dsch_dttm TIMESTAMP, wrd_id INT REFERENCES wrd(wrd_id)" : "")
                        + ", epsd_typ VARCHAR(3))",
                "INSERT INTO adt_episode SELECT X, MOD(X, 30) + 1, TIMESTAMP '2026-01-01 10:00:00'"
                        + (decisive ? ", TIMESTAMP '2026-01-05 10:00:00', MOD(X, 6) + 1" : "") + ", 'IP'"
                        + " FROM SYSTEM_RANGE(1, 60)",
                "CREATE TABLE med_ord (ord_id INT PRIMARY KEY, pt_id INT REFERENCES pt_mstr(pt_id), ord_dttm TIMESTAMP,"
                        + (decisive ? " med_id INT REFERENCES med_mstr(med_id)," : "") + " ord_stat VARCHAR(3))",
                "INSERT INTO med_ord SELECT X, MOD(X, 30) + 1, TIMESTAMP '2026-01-02 10:00:00',"
                        + (decisive ? " MOD(X, 20) + 1," : "") + " 'A' FROM SYSTEM_RANGE(1, 80)");
    }

    @Test
    void anEpisodeWithStartEndAndWardIsAnAdmissionAndADrugOrderIsAPrescription() throws Exception {
        Binding b = BindingFixtures.bind(schema(true));
        TableBinding episode = b.table("adt_episode").orElseThrow();
        TableBinding order = b.table("med_ord").orElseThrow();
        assertThat(episode.concept()).as(episode.reasons().toString()).isEqualTo("Admission");
        assertThat(order.concept()).as(order.reasons().toString()).isEqualTo("Prescription");
        assertThat(episode.reasons()).anyMatch(r -> r.contains("decided by"));
    }

    @Test
    void withoutDecisiveRolesATieStaysUnbound() throws Exception {
        Binding b = BindingFixtures.bind(schema(false));
        TableBinding episode = b.table("adt_episode").orElseThrow();
        assertThat(episode.bound()).as(episode.reasons().toString()).isFalse();
        assertThat(episode.reasons()).anyMatch(r -> r.startsWith("ambiguous"));
        assertThat(BindingReview.of(b)).anySatisfy(i -> {
            assertThat(i.table()).isEqualToIgnoringCase("adt_episode");
            assertThat(i.choices()).extracting(BindingReview.Choice::concept).contains("Admission", "Encounter");
        });
    }

    /**
     * An order table whose name says both (an order, a script) with a key whose own name says nothing ({@code itm_id}):
     * without the key a real tie, unbound and sent to review; with it, the concept of the table it references decides
     * — a drug makes it a prescription ("drug order"), a lab test a lab order ("test order") — and the reasons say so.
     */
    private static Catalog scriptOrders(String itemTable) throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE pt_mstr (pt_id INT PRIMARY KEY, pt_nm VARCHAR(40), dob DATE, sex_cd VARCHAR(1))",
                "INSERT INTO pt_mstr SELECT X, 'P' || X, DATE '1970-01-01', 'F' FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE med_mstr (med_id INT PRIMARY KEY, med_nm VARCHAR(40), med_cd VARCHAR(10))",
                "INSERT INTO med_mstr SELECT X, 'Drug ' || X, 'D' || X FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE lab_tst (tst_id INT PRIMARY KEY, tst_nm VARCHAR(40), tst_cd VARCHAR(10))",
                "INSERT INTO lab_tst SELECT X, 'Test ' || X, 'T' || X FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE ord_script (ord_id INT PRIMARY KEY, pt_id INT REFERENCES pt_mstr(pt_id), ord_dttm TIMESTAMP,"
                        + (itemTable == null ? "" : " itm_id INT REFERENCES " + itemTable + ",") + " ord_stat VARCHAR(3))",
                "INSERT INTO ord_script SELECT X, MOD(X, 30) + 1, TIMESTAMP '2026-01-02 10:00:00',"
                        + (itemTable == null ? "" : " MOD(X, 20) + 1,") + " 'A' FROM SYSTEM_RANGE(1, 80)");
    }

    @Test
    void anOrderThatReferencesADrugIsAPrescriptionWhenOnlyThatKeyDecides() throws Exception {
        Binding tie = BindingFixtures.bind(scriptOrders(null));
        TableBinding undecided = tie.table("ord_script").orElseThrow();
        assertThat(undecided.bound()).as(undecided.reasons().toString()).isFalse();
        assertThat(undecided.reasons()).anyMatch(r -> r.startsWith("ambiguous") && r.contains("Prescription")
                && r.contains("LabOrder"));
        assertThat(BindingReview.of(tie)).anySatisfy(i -> {
            assertThat(i.table()).isEqualToIgnoringCase("ord_script");
            assertThat(i.choices()).extracting(BindingReview.Choice::concept).contains("Prescription", "LabOrder");
        });

        TableBinding drug = BindingFixtures.bind(scriptOrders("med_mstr(med_id)")).table("ord_script").orElseThrow();
        assertThat(drug.concept()).as(drug.reasons().toString()).isEqualTo("Prescription");
        assertThat(drug.reasons()).anyMatch(r -> r.toLowerCase(Locale.ROOT).contains("references med_mstr (medication)"));

        TableBinding test = BindingFixtures.bind(scriptOrders("lab_tst(tst_id)")).table("ord_script").orElseThrow();
        assertThat(test.concept()).as(test.reasons().toString()).isEqualTo("LabOrder");
        assertThat(test.reasons()).anyMatch(r -> r.toLowerCase(Locale.ROOT).contains("references lab_tst (labtest)"));
    }
}
