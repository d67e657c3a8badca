package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.pack.Concept;
import org.tally.core.pack.PackLoader;

/**
 * The schema card's similarity as one more input of the binder, on generated schemas: it breaks a tie the names and
 * columns left only with a clear margin, it is never asked about a table that is not tied, and it never binds a
 * table on its own.
 */
class SimilarityTieTest {

    /** An order table whose name says both a prescription and a lab order: a tie by names and columns. */
    private static Catalog tiedOrders() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE pt_mstr (pt_id INT PRIMARY KEY, pt_nm VARCHAR(40), dob DATE, sex_cd VARCHAR(1))",
                "INSERT INTO pt_mstr SELECT X, 'P' || X, DATE '1970-01-01', 'F' FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE ord_script (ord_id INT PRIMARY KEY, pt_id INT REFERENCES pt_mstr(pt_id), ord_dttm"
                        + " TIMESTAMP, ord_stat VARCHAR(3))",
                "INSERT INTO ord_script SELECT X, MOD(X, 30) + 1, TIMESTAMP '2026-01-02 10:00:00', 'A'"
                        + " FROM SYSTEM_RANGE(1, 80)",
                "CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES pt_mstr(pt_id),"
                        + " delivery_mode VARCHAR(30), delivered_at TIMESTAMP)",
                "INSERT INTO deliveries SELECT X, MOD(X, 30) + 1, 'caesarean', TIMESTAMP '2026-01-03 10:00:00'"
                        + " FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE zz_misc (zz_id INT PRIMARY KEY, qv VARCHAR(10))",
                "INSERT INTO zz_misc SELECT X, 'q' FROM SYSTEM_RANGE(1, 10)");
    }

    /** Every concept at 0.60 but the given ones; records which tables it was asked about. */
    private static final class Scripted implements ConceptSimilarity {
        final Map<String, Double> near;
        final List<String> asked = new CopyOnWriteArrayList<>();

        Scripted(Map<String, Double> near) {
            this.near = near;
        }

        @Override
        public Map<String, Double> of(org.tally.core.catalog.CatalogTable table, List<String> concepts) {
            asked.add(table.name().toLowerCase(java.util.Locale.ROOT));
            Map<String, Double> out = new HashMap<>();
            concepts.forEach(c -> out.put(c, near.getOrDefault(c, 0.60)));
            return out;
        }
    }

    private static Binding bind(Catalog catalog, ConceptSimilarity similarity) {
        return new Binder(PackLoader.hospital(), similarity).bind(catalog, Overrides.NONE, List.of());
    }

    @Test
    void withoutTheSignalTheOrderTableIsATie() throws Exception {
        TableBinding t = BindingFixtures.bind(tiedOrders()).table("ord_script").orElseThrow();
        assertThat(t.bound()).as(t.reasons().toString()).isFalse();
        assertThat(t.reasons()).anyMatch(r -> r.startsWith("ambiguous") && r.contains("Prescription")
                && r.contains("LabOrder"));
    }

    @Test
    void aClearMarginBreaksTheTieEitherWay() throws Exception {
        Catalog catalog = tiedOrders();
        TableBinding script = bind(catalog, new Scripted(Map.of("Prescription", 0.85, "LabOrder", 0.70)))
                .table("ord_script").orElseThrow();
        assertThat(script.concept()).as(script.reasons().toString()).isEqualTo("Prescription");
        assertThat(script.reasons()).anyMatch(r -> r.contains("decided by the schema card")
                && r.contains("nearest to Prescription") && r.contains("ahead of LabOrder"));

        TableBinding lab = bind(catalog, new Scripted(Map.of("Prescription", 0.70, "LabOrder", 0.85)))
                .table("ord_script").orElseThrow();
        assertThat(lab.concept()).as(lab.reasons().toString()).isEqualTo("LabOrder");
    }

    @Test
    void aNarrowLeadLeavesTheTieStandingAndSaysWhy() throws Exception {
        // Prescription is nearest, but only 0.02 ahead of LabOrder against a 0.20 lead over the median concept
        TableBinding t = bind(tiedOrders(), new Scripted(Map.of("Prescription", 0.80, "LabOrder", 0.78)))
                .table("ord_script").orElseThrow();
        assertThat(t.bound()).as(t.reasons().toString()).isFalse();
        assertThat(t.reasons()).anyMatch(r -> r.startsWith("ambiguous"))
                .anyMatch(r -> r.contains("not a clear margin"));
        // nearest to a concept that is not one of the tied ones: no verdict either
        TableBinding other = bind(tiedOrders(), new Scripted(Map.of("Delivery", 0.95, "Prescription", 0.82)))
                .table("ord_script").orElseThrow();
        assertThat(other.bound()).isFalse();
        assertThat(other.reasons()).anyMatch(r -> r.contains("none of the tied concepts"));
    }

    @Test
    void theSignalNeverBindsATableAloneNorOverturnsAClearBinding() throws Exception {
        Map<String, Double> all = new HashMap<>();
        for (Concept c : PackLoader.hospital().concepts()) {
            all.put(c.id(), 0.30);
        }
        all.put("Prescription", 0.99);
        Scripted overwhelming = new Scripted(all);
        Binding b = bind(tiedOrders(), overwhelming);
        // a table whose names and columns fit no concept stays unbound whatever its card says: never even asked
        TableBinding misc = b.table("zz_misc").orElseThrow();
        assertThat(misc.bound()).as(misc.reasons().toString()).isFalse();
        // a clearly bound table keeps its concept, and the signal was not asked about it
        assertThat(b.table("deliveries").orElseThrow().concept()).isEqualTo("Delivery");
        assertThat(overwhelming.asked).containsExactly("ord_script");
    }

    @Test
    void aTiedCandidateBelowTheBindersConfidenceIsNeverChosenByTheCard() {
        List<Scored> tied = List.of(new Scored("Admission", 0.57, List.of()), new Scored("Encounter", 0.53,
                List.of()));
        Map<String, Double> near = Map.of("Admission", 0.60, "Encounter", 0.95, "Delivery", 0.55, "Ward", 0.50);
        SimilarityTie.Verdict v = SimilarityTie.decide(near, tied, Binder.MIN_CONFIDENCE);
        assertThat(v.winner()).isNull();
        assertThat(v.reason()).contains("the card alone never binds a table");
        // the same card with the candidate at the binder's confidence is chosen
        SimilarityTie.Verdict bound = SimilarityTie.decide(near, List.of(tied.get(0), new Scored("Encounter", 0.56,
                List.of())), Binder.MIN_CONFIDENCE);
        assertThat(bound.winner()).extracting(Scored::candidate).isEqualTo("Encounter");
    }
}
