package org.tally.core.binding;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.catalog.TypeClass;
import org.tally.core.pack.Concept;
import org.tally.core.pack.Condition;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.KindOf;
import org.tally.core.pack.NameHint;
import org.tally.core.pack.ObservedValue;
import org.tally.core.pack.RequiredRole;
import org.tally.core.pack.Resolution;
import org.tally.core.spec.ColumnRole;

/**
 * Resolves the pack's {@link KindOf} declarations against bound tables. A concept is realised as a kind of its base
 * only when no table binds to it, its base is bound, every column condition finds exactly one column of the base table
 * (for a value class: one column whose observed values hold it) and the resulting view carries the concept's required
 * roles. Several columns that could carry a condition leave the concept unrealised with the candidates named: the
 * first of them is never taken.
 */
final class Refinements {

    private final DomainPack pack;

    Refinements(DomainPack pack) {
        this.pack = pack;
    }

    /** One entry per concept the pack declares as a kind of another, in pack order. */
    List<Refinement> resolve(List<TableBinding> tables) {
        List<Refinement> out = new ArrayList<>();
        for (Concept c : pack.concepts()) {
            if (c.kindOf() != null) {
                out.add(resolve(c, c.kindOf(), tables));
            }
        }
        return List.copyOf(out);
    }

    private Refinement resolve(Concept concept, KindOf kind, List<TableBinding> tables) {
        Optional<TableBinding> own = boundTo(tables, concept.id());
        Optional<TableBinding> base = boundTo(tables, kind.concept());
        String baseTable = base.map(TableBinding::table).orElse(null);
        if (own.isPresent()) {
            return Refinement.notRealised(concept.id(), kind.concept(), baseTable, List.of("table " + own.get().table()
                    + " is bound to " + concept.id() + " itself, which wins over " + kind.concept() + " rows"));
        }
        if (base.isEmpty()) {
            return Refinement.notRealised(concept.id(), kind.concept(), null, List.of("no table is bound to "
                    + concept.id() + " nor to " + kind.concept() + ", whose rows could hold it"));
        }
        TableBinding t = base.get();
        List<Restriction> restrictions = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        resolveCondition(kind.where(), t, restrictions, problems);
        if (!problems.isEmpty()) {
            List<String> reasons = new ArrayList<>();
            reasons.add("not held as a kind of " + kind.concept() + " (" + t.table() + "):");
            reasons.addAll(problems);
            return Refinement.notRealised(concept.id(), kind.concept(), t.table(), reasons);
        }
        List<String> reasons = new ArrayList<>();
        reasons.add("no table is bound to " + concept.id() + "; held as the rows of " + kind.concept() + " ("
                + t.table() + ") where " + String.join(" and ", restrictions.stream().map(Refinements::resolved)
                .toList()));
        TableBinding view = view(concept, kind, t, reasons);
        List<String> missing = missingRequired(concept, view);
        if (!missing.isEmpty()) {
            return Refinement.notRealised(concept.id(), kind.concept(), t.table(), List.of("not held as a kind of "
                    + kind.concept() + " (" + t.table() + "): its rows lack the required " + String.join(", ", missing)
                    + " of " + concept.id()));
        }
        return new Refinement(concept.id(), kind.concept(), t.table(), true, restrictions, view, reasons);
    }

    private static Optional<TableBinding> boundTo(List<TableBinding> tables, String concept) {
        return tables.stream().filter(t -> t.bound() && t.concept().equals(concept)).findFirst();
    }

    private static String resolved(Restriction r) {
        ColumnBinding c = r.column();
        String column = c.column() + " (" + c.role().jsonName() + ")";
        if (r instanceof Restriction.ValueIn v) {
            return column + " is " + String.join(" or ", v.values().stream().map(x -> "'" + x + "'").toList())
                    + " (value class " + String.join(", ", v.classes()) + ")";
        }
        if (r instanceof Restriction.IsNull) {
            return column + " is null";
        }
        if (r instanceof Restriction.NotNull) {
            return column + " is not null";
        }
        Restriction.Compare cmp = (Restriction.Compare) r;
        return column + " " + cmp.op().name().toLowerCase(Locale.ROOT) + " " + cmp.value().toPlainString();
    }

    // ---- the condition ---------------------------------------------------------------------------------------

    private void resolveCondition(Condition c, TableBinding t, List<Restriction> out, List<String> problems) {
        if (c instanceof Condition.All all) {
            all.of().forEach(inner -> resolveCondition(inner, t, out, problems));
            return;
        }
        if (!(c instanceof Condition.OnColumn onColumn)) {
            // the pack validator admits only row conditions here
            throw new IllegalStateException("a refinement condition must be a column condition: " + c);
        }
        Condition.OnColumn on = onColumn;
        List<ColumnBinding> fitting = t.columns().stream()
                .filter(col -> on.roles().contains(col.role().jsonName()))
                .filter(col -> on.nameHints().isEmpty() || on.nameHints().stream().anyMatch(h -> h.matches(col.tokens())))
                .toList();
        String wanted = String.join(" or ", on.roles()) + " column" + named(on.nameHints());
        List<Restriction> found = new ArrayList<>();
        List<String> notHolding = new ArrayList<>();
        for (ColumnBinding col : fitting) {
            Restriction r = restriction(on, t, col);
            if (r != null) {
                found.add(r);
            } else {
                notHolding.add(col.column() + observed(col));
            }
        }
        if (found.size() == 1) {
            out.add(found.get(0));
            return;
        }
        if (found.isEmpty()) {
            problems.add(fitting.isEmpty() ? t.table() + " has no " + wanted
                    : "no " + wanted + " of " + t.table() + " " + needs(on) + " (" + String.join("; ", notHolding)
                    + ")");
            return;
        }
        problems.add("several columns of " + t.table() + " could carry '" + needs(on) + "': "
                + String.join(", ", found.stream().map(r -> r.column().column()).toList())
                + "; none is taken (an override of the others' roles settles it)");
    }

    /** The restriction {@code on} means on {@code col}, or null when the column cannot carry it. */
    private Restriction restriction(Condition.OnColumn on, TableBinding t, ColumnBinding col) {
        if (on instanceof Condition.IsNull) {
            return new Restriction.IsNull(col);
        }
        if (on instanceof Condition.NotNull) {
            return new Restriction.NotNull(col);
        }
        if (on instanceof Condition.Compare cmp) {
            return col.typeClass() == TypeClass.NUMERIC && cmp.op() != null && cmp.value() != null
                    ? new Restriction.Compare(col, cmp.op(), cmp.value()) : null;
        }
        if (on instanceof Condition.InClass in) {
            if (col.pii() || col.values() == null || col.values().isEmpty()) {
                return null; // values not known exactly: nothing can show the column holds the class
            }
            List<ObservedValue> observed = col.values().stream().map(v -> new ObservedValue(v.value(), v.count()))
                    .toList();
            Set<String> values = new LinkedHashSet<>();
            List<String> classes = new ArrayList<>();
            for (String cls : in.classes()) {
                Resolution res = pack.valueResolver().resolveClass(cls, col.role().jsonName(), t.concept(), observed);
                if (res instanceof Resolution.Matched m) {
                    m.values().forEach(v -> values.add(v.value()));
                    classes.add(cls);
                }
            }
            return values.isEmpty() ? null : new Restriction.ValueIn(col, List.copyOf(values), classes);
        }
        throw new IllegalStateException("a refinement condition must be a column condition: " + on);
    }

    private static String needs(Condition.OnColumn on) {
        if (on instanceof Condition.InClass in) {
            return "holds " + String.join(" or ", in.classes());
        }
        if (on instanceof Condition.Compare) {
            return "holds numbers";
        }
        return on instanceof Condition.IsNull ? "can be null" : "can be set";
    }

    private static String named(List<NameHint> hints) {
        return hints.isEmpty() ? "" : " named like any of " + hints.stream().map(NameHint::tokens).toList();
    }

    private static String observed(ColumnBinding c) {
        if (c.pii()) {
            return ": personal data, values not kept";
        }
        if (c.values() == null) {
            return ": values not counted exactly";
        }
        return c.values().isEmpty() ? ": no values" : ": observed " + String.join(", ", c.values().stream().limit(8)
                .map(v -> v.value()).toList()) + (c.values().size() > 8 ? ", …" : "");
    }

    // ---- the view --------------------------------------------------------------------------------------------

    /** The base table's columns as the refined concept reads them: its time roles in place of the base's. */
    private static TableBinding view(Concept concept, KindOf kind, TableBinding base, List<String> reasons) {
        Map<ColumnRole, ColumnRole> ownOf = new EnumMap<>(ColumnRole.class);
        kind.timeRoles().forEach((own, baseRole) -> ownOf.put(ColumnRole.fromJson(baseRole), ColumnRole.fromJson(own)));
        List<ColumnBinding> columns = new ArrayList<>();
        List<String> times = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (ColumnBinding c : base.columns()) {
            if (!c.role().isTemporal()) {
                columns.add(c);
                continue;
            }
            ColumnRole own = ownOf.get(c.role());
            String why;
            ColumnRole role;
            if (own == null) {
                role = ColumnRole.UNKNOWN;
                why = "the " + kind.concept() + " " + c.role().jsonName() + " is not a time of " + concept.id();
                dropped.add(c.column() + " (" + kind.concept() + " " + c.role().jsonName() + ")");
            } else {
                role = own;
                why = concept.id() + " " + own.jsonName() + " is the " + kind.concept() + " " + c.role().jsonName();
                times.add(own.jsonName() + " = " + c.column() + " (" + kind.concept() + " " + c.role().jsonName() + ")");
            }
            List<String> columnReasons = new ArrayList<>(c.reasons());
            columnReasons.add(why);
            columns.add(new ColumnBinding(c.column(), c.type(), c.typeClass(), c.tokens(), role, c.confidence(),
                    columnReasons, c.runnerUps(), c.pii(), c.values(), c.reference(), c.aliases(), c.shape()));
        }
        reasons.add(times.isEmpty() ? "no column of " + base.table() + " carries a time of " + concept.id()
                : "time roles: " + String.join(", ", times));
        if (!dropped.isEmpty()) {
            reasons.add("not times of " + concept.id() + ": " + String.join(", ", dropped));
        }
        return new TableBinding(base.table(), base.qualifiedName(), TableBinding.Status.BOUND, concept.id(),
                base.confidence(), reasons, List.of(), base.primaryKey(), base.displayColumn(), columns,
                base.patientPath(), base.softDeletes(), base.versions(), base.placeholders());
    }

    private static List<String> missingRequired(Concept concept, TableBinding view) {
        Set<String> roles = new LinkedHashSet<>();
        view.columns().forEach(c -> roles.add(c.role().jsonName()));
        if (!view.primaryKey().isEmpty()) {
            roles.add(ColumnRole.PRIMARY_KEY.jsonName());
        }
        List<String> missing = new ArrayList<>();
        for (RequiredRole r : concept.requiredRoles()) {
            if (r.anyOf().stream().noneMatch(roles::contains)) {
                missing.add(String.join("|", r.anyOf()));
            }
        }
        return missing;
    }
}
