package org.tally.core.binding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tally.core.catalog.ValueCount;

/**
 * The JSON form {@code binding --json} prints: {@code {"source", "catalogVersion", "tables": [{"table", "concept",
 * "confidence", "reasons", "columns": [{"column", "type", "role", "confidence", "pii", "values"}]}], "unbound"}}.
 * With {@code explain}, each table adds {@code "candidates"} (concepts and scores) and each column its role
 * {@code "candidates"}; unbound tables are objects {@code {"table", "reasons"}} (plus candidates when explaining).
 * {@code "refinements"} lists the concepts held as a kind of another: {@code {"concept", "kindOf", "table",
 * "realised", "condition": [{"column", "role", "values"?, "test"}], "reasons"}}. A table with columns that mark deleted
 * or retired rows adds {@code "softDeletes": [{"column", "reach", "live", "reason"}]}; one that keeps row versions
 * {@code "rowVersions": {"current", "entityKey", "reason"}}; one with placeholder members
 * {@code "placeholders": [{"key", "label", "reason"}]}.
 */
public final class BindingJson {

    private BindingJson() {
    }

    public static Map<String, Object> toMap(Binding binding, boolean explain) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", binding.source());
        m.put("catalogVersion", binding.catalogVersion());
        List<Object> tables = new ArrayList<>();
        List<Object> unbound = new ArrayList<>();
        for (TableBinding t : binding.tables()) {
            Map<String, Object> tm = new LinkedHashMap<>();
            tm.put("table", t.table());
            if (t.bound()) {
                tm.put("concept", t.concept());
                tm.put("confidence", t.confidence());
            }
            tm.put("reasons", t.reasons());
            if (explain) {
                tm.put("candidates", scores(t.candidates()));
            }
            if (!t.bound()) {
                unbound.add(tm);
                continue;
            }
            List<Object> columns = new ArrayList<>();
            for (ColumnBinding c : t.columns()) {
                Map<String, Object> cm = new LinkedHashMap<>();
                cm.put("column", c.column());
                cm.put("type", c.type());
                cm.put("role", c.role().jsonName());
                cm.put("confidence", c.confidence());
                cm.put("pii", c.pii());
                cm.put("values", c.values() == null ? null : values(c.values()));
                if (explain) {
                    cm.put("reasons", c.reasons());
                    cm.put("candidates", scores(c.runnerUps()));
                }
                columns.add(cm);
            }
            tm.put("columns", columns);
            if (!t.softDeletes().isEmpty()) {
                List<Object> marks = new ArrayList<>();
                for (SoftDelete d : t.softDeletes()) {
                    Map<String, Object> dm = new LinkedHashMap<>();
                    dm.put("column", d.column().column());
                    dm.put("reach", d.reach().name().toLowerCase(Locale.ROOT));
                    dm.put("live", d.describe());
                    dm.put("reason", d.reason());
                    marks.add(dm);
                }
                tm.put("softDeletes", marks);
            }
            if (t.versions() != null) {
                Map<String, Object> vm = new LinkedHashMap<>();
                vm.put("current", t.versions().describe());
                vm.put("entityKey", t.versions().entityKey() == null ? null : t.versions().entityKey().column());
                vm.put("reason", t.versions().reason());
                tm.put("rowVersions", vm);
            }
            if (!t.placeholders().isEmpty()) {
                List<Object> members = new ArrayList<>();
                for (Placeholder ph : t.placeholders()) {
                    Map<String, Object> pm = new LinkedHashMap<>();
                    pm.put("key", ph.value());
                    pm.put("label", ph.label());
                    pm.put("reason", ph.reason());
                    members.add(pm);
                }
                tm.put("placeholders", members);
            }
            tables.add(tm);
        }
        m.put("tables", tables);
        m.put("unbound", unbound);
        List<Object> refinements = new ArrayList<>();
        for (Refinement r : binding.refinements()) {
            Map<String, Object> rm = new LinkedHashMap<>();
            rm.put("concept", r.concept());
            rm.put("kindOf", r.baseConcept());
            rm.put("table", r.table());
            rm.put("realised", r.realised());
            List<Object> condition = new ArrayList<>();
            for (Restriction x : r.restrictions()) {
                Map<String, Object> xm = new LinkedHashMap<>();
                xm.put("column", x.column().column());
                xm.put("role", x.column().role().jsonName());
                if (x instanceof Restriction.ValueIn v) {
                    xm.put("values", v.values());
                    xm.put("classes", v.classes());
                }
                xm.put("test", x.describe());
                condition.add(xm);
            }
            rm.put("condition", condition);
            rm.put("reasons", r.reasons());
            refinements.add(rm);
        }
        m.put("refinements", refinements);
        m.put("lookups", binding.lookupTables());
        m.put("notes", binding.notes());
        return m;
    }

    private static List<Object> values(List<ValueCount> values) {
        List<Object> out = new ArrayList<>();
        for (ValueCount v : values) {
            Map<String, Object> vm = new LinkedHashMap<>();
            vm.put("value", v.value());
            vm.put("count", v.count());
            out.add(vm);
        }
        return out;
    }

    private static List<Object> scores(List<Scored> scored) {
        List<Object> out = new ArrayList<>();
        for (Scored s : scored) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("candidate", s.candidate());
            sm.put("score", s.score());
            sm.put("reasons", s.reasons());
            out.add(sm);
        }
        return out;
    }
}
