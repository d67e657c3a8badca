package org.tally.ui.binding;

import java.util.List;

/**
 * What the binding inspector opens on: how many tables are bound, how many are not, how many are bound on weak
 * evidence, and how many value spellings changed since the last refresh.
 */
public record BindingSummary(int tables, int bound, int unbound, int lowConfidence, int driftAlarms) {

    public static BindingSummary of(BindingSnapshot snapshot) {
        List<BindingSnapshot.TableBinding> t = snapshot.tables();
        int bound = (int) t.stream().filter(b -> b.concept() != null).count();
        int low = (int) t.stream().filter(BindingSnapshot.TableBinding::lowConfidence).count();
        return new BindingSummary(t.size(), bound, t.size() - bound, low, snapshot.drift().size());
    }

    /** "27 of 29 tables bound to a concept; 2 not bound; 3 with low confidence; 1 drift alarm." */
    public String sentence() {
        return bound + " of " + tables + (tables == 1 ? " table" : " tables") + " bound to a concept; " + unbound
                + " not bound; " + lowConfidence + " with low confidence; " + driftAlarms
                + (driftAlarms == 1 ? " drift alarm." : " drift alarms.");
    }
}
