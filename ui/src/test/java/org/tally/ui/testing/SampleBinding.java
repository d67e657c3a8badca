package org.tally.ui.testing;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tally.core.source.SourceRef;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.binding.BindingSnapshot;
import org.tally.ui.binding.BindingSnapshot.ColumnBinding;
import org.tally.ui.binding.BindingSnapshot.DriftAlarm;
import org.tally.ui.binding.BindingSnapshot.TableBinding;
import org.tally.ui.binding.BindingSnapshot.ValueCount;
import org.tally.ui.binding.OverrideDraft;

/** A small hand-made binding, as the binder might report one for a hospital schema. */
public final class SampleBinding {

    public static final List<String> CONCEPTS = List.of("Admission", "Delivery", "Patient", "Ward");
    public static final List<String> ROLES = List.of("Category", "EventTime", "FullName", "PrimaryKey", "WardRef");

    private SampleBinding() {
    }

    public static BindingSnapshot snapshot() {
        return new BindingSnapshot("demo:dev", List.of(
                new TableBinding("deliveries", "Delivery", 0.92,
                        List.of("name token 'deliveries' matches Delivery", "has EventTime and Category columns"),
                        List.of(new ColumnBinding("delivery_mode", "Category", false,
                                        List.of(new ValueCount("CS", 312), new ValueCount("SVD", 901))),
                                new ColumnBinding("mother_name", "FullName", true,
                                        List.of(new ValueCount("should vanish", 1))),
                                new ColumnBinding("delivered_at", "EventTime", false, List.of()),
                                new ColumnBinding("outcome_note", "Category", false, List.of(
                                        new ValueCount("spontaneous_vaginal_delivery_without_complications", 700),
                                        new ValueCount("assisted_vaginal_delivery_with_forceps_or_ventouse", 120),
                                        new ValueCount("emergency_caesarean_section_after_failed_induction", 80))),
                                new ColumnBinding("ward_id", "WardRef", false, List.of(new ValueCount("4", 160)),
                                        "Ward (wards)"))),
                new TableBinding("wards", "Ward", 0.97, List.of("name token 'wards' matches Ward"),
                        List.of(new ColumnBinding("id", "PrimaryKey", false, List.of()))),
                new TableBinding("tmp_import", null, 0.1, List.of("no concept scored above 0.5"), List.of()),
                new TableBinding("mat_obs", "Delivery", 0.52, List.of("name token 'mat' is an abbreviation of"
                        + " maternity"), List.of())),
                List.of(new DriftAlarm("deliveries", "delivery_mode", DriftAlarm.Change.NEW, "C-SEC")));
    }

    /** A provider serving {@link #snapshot()} that accepts every override. */
    public static BindingProvider provider() {
        return provider(new java.util.concurrent.atomic.AtomicReference<>(Optional.of(snapshot())));
    }

    /** A provider serving whatever {@code served} holds when asked (empty: no binding yet). */
    public static BindingProvider provider(java.util.concurrent.atomic.AtomicReference<Optional<BindingSnapshot>> served) {
        return new BindingProvider() {
            @Override
            public Optional<BindingSnapshot> snapshot(SourceRef source) {
                return served.get();
            }

            @Override
            public List<String> concepts() {
                return CONCEPTS;
            }

            @Override
            public List<String> roles() {
                return ROLES;
            }

            @Override
            public Map<String, String> saveOverride(SourceRef source, OverrideDraft draft) {
                return Map.of();
            }
        };
    }
}
