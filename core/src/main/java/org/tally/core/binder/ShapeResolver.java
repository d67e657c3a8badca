package org.tally.core.binder;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Link;
import org.tally.core.binding.Placeholder;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.Restriction;
import org.tally.core.binding.TableBinding;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;
import org.tally.core.spec.ValueRef;
import org.tally.core.sql.OrderItem;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlValue;
import org.tally.core.sql.ValueExpr;

/**
 * What the answer's shape needs, bound: the witness key of an existence question, the columns a list shows (with
 * each row's own label), the groups and measures of an aggregate, and the checks only the shape can make.
 */
final class ShapeResolver {

    private final Resolution r;

    ShapeResolver(Resolution r) {
        this.r = r;
    }

    // ---------------------------------------------------------------- shapes

    Resolved<BoundSpec.Probe> probe() {
        return r.primaryKey().map(BoundSpec.Probe::new);
    }

    Resolved<BoundSpec.Rows> list() {
        List<ColumnRef> projection;
        if (r.spec.projection().isEmpty()) {
            Resolved<ColumnRef> fallback = defaultProjection();
            if (fallback.failed()) {
                return fallback.stop();
            }
            projection = List.of(fallback.value());
        } else {
            projection = r.spec.projection();
        }
        List<BoundSpec.Shown> shown = new ArrayList<>();
        if (!r.spec.projection().isEmpty()) {
            Resolved<Optional<BoundColumn>> own = ownLabel(projection);
            if (own.failed()) {
                return own.stop();
            }
            own.value().ifPresent(c -> shown.add(new BoundSpec.Shown(c.expr(), r.words.singular(r.subject))));
        }
        for (ColumnRef ref : projection) {
            Resolved<BoundColumn> read = r.column(ref);
            if (read.failed()) {
                return read.stop();
            }
            BoundColumn c = read.value();
            Resolved<Boolean> shownOk = r.refuseIfPersonal(c, "is not listed");
            if (shownOk.failed()) {
                return shownOk.stop();
            }
            String label = r.label(ref, c);
            if (c.column().reference() == null) {
                shown.add(new BoundSpec.Shown(c.expr(), label));
                continue;
            }
            Resolved<BoundColumn> displayRead = r.display(c);
            if (displayRead.failed()) {
                return displayRead.stop();
            }
            BoundColumn display = displayRead.value();
            if (!c.column().role().isReference()) {
                shown.add(new BoundSpec.Shown(c.expr(), label)); // a code: shown with what it means
                boolean askedFor = projection.stream().anyMatch(other -> other != ref
                        && other.concept().trim().equalsIgnoreCase(display.table().concept())
                        && other.role() == display.column().role());
                if (!display.expr().equals(display.rowKey()) && !askedFor) {
                    shown.add(new BoundSpec.Shown(display.expr(), Words.of(display.column())));
                }
            } else {
                shown.add(new BoundSpec.Shown(display.expr(), label));
            }
        }
        List<OrderItem> order = new ArrayList<>();
        for (OrderKey k : r.spec.order()) {
            if (!(k instanceof OrderKey.ByValue byValue)) {
                return Resolved.fail(new BindFailure.OutOfScope("a list is ordered by row values only"));
            }
            Resolved<ValueExpr> e = r.valueExpr(byValue.value());
            if (e.failed()) {
                return e.stop();
            }
            order.add(new OrderItem(e.value(), SpecResolver.direction(k)));
        }
        if (order.isEmpty()) {
            // records asked for over a stretch of time read in time order, not in the order of their keys
            Optional<ColumnRef> windowed = windowedTime();
            if (windowed.isPresent()) {
                Resolved<BoundColumn> t = r.column(windowed.get());
                if (t.failed()) {
                    return t.stop();
                }
                order.add(OrderItem.asc(t.value().expr()));
            }
        }
        Integer limit = r.spec.limit();
        return r.primaryKey().map(key -> new BoundSpec.Rows(shown, order, limit, key));
    }

    /** The one dated column of the subject's own rows that the question bounds in time; none when not one. */
    private Optional<ColumnRef> windowedTime() {
        Set<ColumnRef> dated = new LinkedHashSet<>();
        if (r.spec.timeScope() != null) {
            dated.add(r.spec.timeScope().column());
        }
        for (Filter f : r.spec.filters()) {
            if (f.target() instanceof ColumnRef c && c.via() == null && ConditionResolver.DATED_ROLES.contains(c.role())
                    && c.concept().trim().equalsIgnoreCase(r.spec.subject().trim())) {
                dated.add(c);
            }
        }
        return dated.size() == 1 ? Optional.of(dated.iterator().next()) : Optional.empty();
    }

    /**
     * A list that names its columns also shows what names each row (its label, see {@link RowLabels}), first,
     * unless already asked for: "the beds out of service with their ward" lists bed and ward. A label that is
     * personal data here refuses the list: rows of people without who they are cannot be told apart.
     */
    Resolved<Optional<BoundColumn>> ownLabel(List<ColumnRef> projection) {
        Optional<RowLabels.Label> found = RowLabels.of(r.subject);
        String display = r.subject.displayColumn();
        boolean personal = found.isPresent()
                ? found.get().parts().stream().anyMatch(p -> r.shownNames.refused(r.subject, p))
                : display != null && r.subject.column(display).orElseThrow().pii();
        if (personal) {
            // a list of people without who they are is no answer to "list the patients with their gender"
            return Resolved.fail(new BindFailure.OutOfScope(r.subject.concept() + " names are personal data and are"
                    + " not listed, so their rows cannot be told apart"));
        }
        if (found.isEmpty() || found.get().shown().reference() != null) {
            return Resolved.ok(Optional.empty());
        }
        RowLabels.Label label = found.get();
        for (ColumnRef ref : projection) {
            if (ref.concept().trim().equalsIgnoreCase(r.subject.concept()) && ref.via() == null) {
                Resolved<BoundColumn> own = r.at(r.subject, SpecResolver.SUBJECT, ref, null);
                if (own.failed()) {
                    return own.stop();
                }
                if (own.value().column().equals(label.shown())) {
                    return Resolved.ok(Optional.empty());
                }
            }
        }
        return Resolved.ok(Optional.of(new BoundColumn(label.expr(SpecResolver.SUBJECT), label.shown(), r.subject, SpecResolver.SUBJECT, null)));
    }

    /**
     * A list that names no columns shows what names the subject's rows: its one Name column, or the one full
     * name of a person (see {@link RowLabels}) when that is not personal data here. Anything else would be a
     * guess, so it is refused.
     */
    Resolved<ColumnRef> defaultProjection() {
        String refusal = "a list needs the columns to show; name them in the question";
        Optional<RowLabels.Label> label = RowLabels.of(r.subject);
        List<ColumnBinding> named = r.subject.columnsWithRole(ColumnRole.NAME);
        ColumnRole role;
        if (label.isPresent() && named.size() == 1 && label.get().shown().equals(named.get(0))) {
            role = ColumnRole.NAME;
        } else if (label.isPresent() && label.get().shown().role() == ColumnRole.FULL_NAME) {
            role = ColumnRole.FULL_NAME;
        } else if (label.isPresent() && label.get().shown().reference() == null
                && (label.get().shown().role() == ColumnRole.BUSINESS_ID
                || label.get().shown().role() == ColumnRole.CODE)
                && r.subject.columnsWithRole(label.get().shown().role()).size() == 1) {
            role = label.get().shown().role(); // "which beds …": bed numbers name the beds
        } else {
            return Resolved.fail(new BindFailure.OutOfScope(refusal));
        }
        if (label.get().parts().stream().anyMatch(c -> r.shownNames.refused(r.subject, c))) {
            return Resolved.fail(new BindFailure.OutOfScope(refusal + " (" + r.subject.concept()
                    + " names are personal data)"));
        }
        return Resolved.ok(ColumnRef.of(r.subject.concept(), role));
    }

    Resolved<BoundSpec.Aggregate> aggregate() {
        List<BoundSpec.Group> groups = new ArrayList<>();
        for (Dimension d : r.spec.dimensions()) {
            if (d instanceof Dimension.TimeBucket timeBucket) {
                Dimension.TimeBucket tb = timeBucket;
                Resolved<BoundColumn> c = r.column(tb.column());
                if (c.failed()) {
                    return c.stop();
                }
                Resolved<Boolean> temporal = r.conditions.requireTemporal(c.value());
                if (temporal.failed()) {
                    return temporal.stop();
                }
                ValueExpr e = Sql.bucket(SpecResolver.bucket(tb.bucket()), c.value().expr());
                groups.add(new BoundSpec.Group(List.of(new BoundSpec.Shown(e, tb.bucket().jsonName())), List.of(e)));
            } else if (d instanceof Dimension.Column) {
                Resolved<BoundSpec.Group> g = grouping(d.column());
                if (g.failed()) {
                    return g.stop();
                }
                Resolved<Boolean> counted = refuseCountOfOwnLabel(d.column());
                if (counted.failed()) {
                    return counted.stop();
                }
                groups.add(g.value());
            } else {
                throw new AssertionError(d);
            }
        }
        TimeScope scope = r.spec.timeScope();
        boolean trend = r.spec.shape() == Shape.TREND;
        if (scope != null && scope.bucket() != null) {
            Resolved<BoundColumn> c = r.column(scope.column());
            if (c.failed()) {
                return c.stop();
            }
            ValueExpr e = Sql.bucket(SpecResolver.bucket(scope.bucket()), c.value().expr());
            groups.add(new BoundSpec.Group(List.of(new BoundSpec.Shown(e, scope.bucket().jsonName())), List.of(e)));
        }
        List<BoundMeasure> measures = new ArrayList<>();
        for (Measure m : r.spec.measures()) {
            Resolved<BoundMeasure> e = measure(m);
            if (e.failed()) {
                return e.stop();
            }
            measures.add(e.value());
        }
        List<OrderItem> order = new ArrayList<>();
        for (OrderKey k : r.spec.order()) {
            if (k instanceof OrderKey.ByMeasure byMeasure) {
                order.add(new OrderItem(measures.get(byMeasure.index()).expr(), SpecResolver.direction(k)));
            } else if (k instanceof OrderKey.ByDimension byDimension) {
                order.add(new OrderItem(groups.get(byDimension.index()).shown().get(0).expr(),
                        SpecResolver.direction(k)));
            } else {
                return Resolved.fail(new BindFailure.OutOfScope("an aggregated answer is ordered by its measures or"
                        + " groups"));
            }
        }
        return Resolved.ok(new BoundSpec.Aggregate(groups, measures, order, trend, r.spec.limit()));
    }

    /**
     * What one column dimension shows and groups by. A reference shows the referenced row's label and groups by
     * that row's key as well, so two wards or two surgeons of one name stay two groups; a code that references a
     * code table is shown with what it means and grouped by the code; the label of a concept reached through a
     * join groups by the joined row's key too. Any other column groups by its own values.
     */
    Resolved<BoundSpec.Group> grouping(ColumnRef ref) {
        Resolved<BoundColumn> read = r.column(ref);
        if (read.failed()) {
            return read.stop();
        }
        BoundColumn c = read.value();
        Resolved<Boolean> allowed = r.refuseIfPersonal(c, "is not grouped on").then(x -> r.refuseIfDeletionMark(c,
                "is not grouped on"));
        if (allowed.failed()) {
            return allowed.stop();
        }
        String label = r.label(ref, c);
        if (c.column().reference() != null) {
            Resolved<BoundColumn> displayRead = r.display(c);
            if (displayRead.failed()) {
                return displayRead.stop();
            }
            BoundColumn display = displayRead.value();
            if (!c.column().role().isReference()) {
                if (display.expr().equals(display.rowKey())) {
                    return Resolved.ok(group(List.of(c.expr()), List.of(label), List.of(c.expr())));
                }
                return Resolved.ok(group(List.of(c.expr(), display.expr()), List.of(label, Words.of(display.column())),
                        List.of(c.expr(), display.expr())));
            }
            return r.entityKey(display.table(), display.alias(), display.rowKey(),
                    "a grouping by " + r.words.singular(display.table()))
                    .map(key -> group(List.of(display.expr()), List.of(label), List.of(display.expr(), key)));
        }
        boolean rowLabel = c.rowKey() != null
                && RowLabels.of(c.table()).map(l -> l.shown().equals(c.column())).orElse(false);
        if (rowLabel) {
            return r.entityKey(c.table(), c.alias(), c.rowKey(), "a grouping by " + r.words.singular(c.table()))
                    .map(key -> group(List.of(c.expr()), List.of(label), List.of(c.expr(), key)));
        }
        return Resolved.ok(group(List.of(c.expr()), List.of(label), List.of(c.expr())));
    }

    BoundSpec.Group group(List<ValueExpr> shown, List<String> labels, List<ValueExpr> keys) {
        List<BoundSpec.Shown> out = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            out.add(new BoundSpec.Shown(shown.get(i), labels.get(i)));
        }
        return new BoundSpec.Group(out, keys);
    }

    /**
     * Counting the rows of a table that other rows refer to (a catalogue of tests, codes, drugs; not an event
     * about a patient) grouped by their own label or key counts each row about once ("the most common lab tests"
     * over the catalogue of tests): what was meant is how often other rows refer to them, which this shape does
     * not say, so it is refused.
     */
    Resolved<Boolean> refuseCountOfOwnLabel(ColumnRef ref) {
        if (r.spec.measures().stream().noneMatch(m -> m instanceof Measure.Count)) {
            return Resolved.ok(true);
        }
        boolean event = !r.subject.columnsWithRole(ColumnRole.PATIENT_REF).isEmpty()
                || !r.subject.columnsWithRole(ColumnRole.ENCOUNTER_REF).isEmpty();
        if (event || r.binding.linksTo(r.subject.table()).isEmpty()) {
            return Resolved.ok(true);
        }
        Resolved<BoundColumn> read = r.column(ref);
        if (read.failed()) {
            return read.stop();
        }
        BoundColumn c = read.value();
        if (!c.alias().equals(SpecResolver.SUBJECT)) {
            return Resolved.ok(true);
        }
        boolean key = r.subject.primaryKey().size() == 1 && r.subject.primaryKey().get(0).equalsIgnoreCase(
                c.column().column());
        // people's names are no catalogue labels: several providers share a family name
        boolean label = Set.of(ColumnRole.NAME, ColumnRole.CODE, ColumnRole.DESCRIPTION, ColumnRole.BUSINESS_ID)
                .contains(c.column().role()) && (c.column().column().equals(r.subject.displayColumn())
                || RowLabels.of(r.subject).map(l -> l.covers(c.column())).orElse(false));
        if (key || label) {
            return Resolved.fail(new BindFailure.OutOfScope("counting " + r.words.plural(r.subject) + " by their own "
                    + Words.of(c.column()) + " counts each " + r.words.singular(r.subject) + " once; ask about the"
                    + " records that refer to them"));
        }
        return Resolved.ok(true);
    }

    // ---------------------------------------------------------------- measures

    Resolved<BoundMeasure> measure(Measure m) {
        if (m instanceof Measure.Count) {
            return Resolved.ok(new BoundMeasure.Rows(r.words.plural(r.subject)));
        }
        if (m instanceof Measure.Aggregate aggregate2) {
            Measure.Aggregate a = aggregate2;
            Resolved<ValueExpr> of = r.valueExpr(a.of());
            if (of.failed()) {
                return of.stop();
            }
            if (a.function() == Aggregation.COUNT_DISTINCT) {
                Resolved<ValueExpr> counted = distinctEntities(a.of(), of.value());
                if (counted.failed()) {
                    return counted.stop();
                }
                return measureLabel(m).map(label -> new BoundMeasure.Distinct(counted.value(), label));
            }
            ValueExpr.AggregateFn fn = switch (a.function()) {
                case SUM -> ValueExpr.AggregateFn.SUM;
                case AVG -> ValueExpr.AggregateFn.AVG;
                case MIN -> ValueExpr.AggregateFn.MIN;
                case MAX -> ValueExpr.AggregateFn.MAX;
                case MEDIAN -> ValueExpr.AggregateFn.MEDIAN;
                default -> throw new AssertionError(a.function());
            };
            return measureLabel(m).map(label -> new BoundMeasure.Of(fn, of.value(), label));
        }
        if (m instanceof Measure.Rate rate) {
            List<BoundCondition> hits = new ArrayList<>();
            for (Filter f : rate.numerator()) {
                Resolved<BoundCondition> c = r.conditions.filter(f, SpecResolver.SUBJECT, r.subject);
                if (c.failed()) {
                    return c.stop();
                }
                hits.add(c.value());
            }
            for (RelatedScope scope : rate.related()) {
                Resolved<BoundRelated> related = r.relateds.related(scope);
                if (related.failed()) {
                    return related.stop();
                }
                hits.add(new BoundCondition.Related(related.value()));
            }
            return Resolved.ok(new BoundMeasure.Rate(hits, "percentage"));
        }
        throw new AssertionError(m);
    }

    /**
     * What a count of distinct references counts: the referenced entities, so a reference to a table that keeps
     * row versions counts its entity key (two versions of one patient are one patient), and a placeholder member
     * ("Unknown") is no entity to count.
     */
    Resolved<ValueExpr> distinctEntities(ValueRef ref, ValueExpr of) {
        if (!(ref instanceof ColumnRef columnRef)) {
            return Resolved.ok(of);
        }
        Resolved<BoundColumn> read = r.column(columnRef);
        if (read.failed()) {
            return read.stop();
        }
        BoundColumn c = read.value();
        Link link = c.column().reference();
        if (link == null) {
            return Resolved.ok(of);
        }
        TableBinding target = r.binding.tables().stream().filter(t -> t.table().equals(link.toTable()) && t.bound())
                .findFirst().orElse(null);
        if (target == null || target.versions() == null && target.placeholders().isEmpty()) {
            return Resolved.ok(of);
        }
        ValueExpr counted = of;
        String keyAlias = c.alias();
        String keyColumn = link.fromColumn();
        if (target.versions() != null) {
            String alias = r.join("@" + c.alias() + "/" + link, c.alias(), link, target);
            Resolved<ValueExpr.ColumnRef> key = r.entityKey(target, alias, Sql.col(alias, link.toColumn()),
                    "a count of distinct " + r.words.plural(target));
            if (key.failed()) {
                return key.stop();
            }
            counted = key.value();
        }
        if (target.placeholders().isEmpty()) {
            return Resolved.ok(counted);
        }
        List<SqlValue> values = new ArrayList<>();
        for (Placeholder ph : target.placeholders()) {
            values.add(RowScopes.keyValue(ph.key(), ph.value()));
            r.leftOut("the " + ph.describe() + " of " + r.words.plural(target));
        }
        Predicate real = Sql.not(Sql.in(Sql.col(keyAlias, keyColumn), values.toArray(new SqlValue[0])));
        return Resolved.ok(new ValueExpr.CaseWhen(List.of(new ValueExpr.When(real, counted)), Optional.empty()));
    }

    Resolved<String> measureLabel(Measure m) {
        Measure.Aggregate a = (Measure.Aggregate) m;
        String fn = a.function() == Aggregation.COUNT_DISTINCT ? "distinct" : a.function().jsonName();
        if (a.of() instanceof ColumnRef columnRef2) {
            return r.column(columnRef2).map(c -> fn + " " + Words.of(c.column()));
        }
        DurationRef d = (DurationRef) a.of();
        return Resolved.ok(fn + " duration in " + d.unit().jsonName());
    }

    /**
     * A rate whose numerator tests a column the denominator already fixes with an equality is decided by the
     * filter (always 0 or 100): the question was read wrongly, so it is refused.
     */
    Resolved<Boolean> rateNotDecided() {
        Refinement kind = r.refinedAt.get(SpecResolver.SUBJECT);
        for (Measure m : r.spec.measures()) {
            if (!(m instanceof Measure.Rate rate2)) {
                continue;
            }
            for (RelatedScope n : rate2.related()) {
                if (r.spec.related().contains(n)) {
                    return Resolved.fail(new BindFailure.UnsatisfiableFilter("the share " + n.describe()
                            + " is decided by the same condition on every counted row"));
                }
            }
            for (Filter n : rate2.numerator()) {
                if (kind != null && n.target() instanceof ColumnRef columnRef3) {
                    Resolved<BoundColumn> read = r.column(columnRef3);
                    if (read.failed()) {
                        return read.stop();
                    }
                    Restriction fixed = ConditionResolver.restrictionOn(kind, read.value());
                    if (fixed != null && read.value().alias().equals(SpecResolver.SUBJECT)) {
                        return Resolved.fail(new BindFailure.UnsatisfiableFilter("the share " + n.describe()
                                + " is decided by what " + r.words.plural(r.subject) + " are: "
                                + kind.describe(r.words.basePlural(kind))));
                    }
                }
                for (Filter d : r.spec.filters()) {
                    if (n.target().equals(d.target()) && (ConditionResolver.equality(d) || d instanceof Filter.IsTrue
                            || d instanceof Filter.IsFalse || d instanceof Filter.In)) {
                        return Resolved.fail(new BindFailure.UnsatisfiableFilter("the share " + n.describe()
                                + " is decided by the filter " + d.describe()));
                    }
                }
            }
        }
        return Resolved.ok(true);
    }}
