package org.tally.core.binder;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Link;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.Restriction;
import org.tally.core.binding.RowVersions;
import org.tally.core.binding.SoftDelete;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.TimeScope;
import org.tally.core.spec.ValueRef;
import org.tally.core.sql.Cardinality;
import org.tally.core.sql.JoinType;
import org.tally.core.sql.OrderItem;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.Relation;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlQuery;
import org.tally.core.sql.SqlValue;
import org.tally.core.sql.TotalOrder;
import org.tally.core.sql.ValueExpr;

/**
 * Binds a canonical {@link QuerySpec} to one source's {@link Binding}: concepts become tables, column references
 * become the one column with that role (and name hint), forward references become many-to-one joins, related scopes
 * become EXISTS / NOT EXISTS over one foreign-key hop. Anything that does not resolve to exactly one column or path
 * fails typed ({@link BindFailure}); nothing is guessed.
 *
 * <p>A concept held as a kind of another ({@link Refinement}: emergency visits are the encounters of emergency type)
 * is read from its base table through the refinement's view, and its restrictions are AND-ed into every use: the
 * subject's WHERE, a related scope's EXISTS, a forward hop's join. A condition of the question on a restriction's
 * column must agree with it (a contradiction is unsatisfiable), and a rate's numerator may not test it (the share
 * would be decided by what the rows are).
 *
 * <p>A table with a soft-delete column ({@link SoftDelete}) is read without its deleted rows everywhere: the subject's
 * WHERE, a related scope's EXISTS, every join to it. Retired rows are left out where the table's own rows are counted,
 * listed or tested (the subject, a related scope) and kept where other rows refer to them. A question's condition or
 * grouping on such a column is refused: the rows it would pick are not there to count.
 */
public final class SpecBinder {

    /** Words naming the text column of a lookup table that says what its code means. */
    private static final Set<String> LOOKUP_LABEL_WORDS = Set.of("description", "name", "label", "title", "meaning");

    /** Roles that hold a date or time of the row; tested for emptiness only where the column is one. */
    private static final Set<ColumnRole> DATED_ROLES = java.util.EnumSet.of(ColumnRole.EVENT_TIME,
            ColumnRole.START_TIME, ColumnRole.END_TIME, ColumnRole.BIRTH_DATE, ColumnRole.DEATH_DATE);



    private final Binding binding;
    private final DomainPack pack;
    private final NameTokens names;
    private final Clock clock;
    private final ShownNames shownNames;

    public SpecBinder(Binding binding, DomainPack pack, Clock clock) {
        this.binding = Objects.requireNonNull(binding, "binding");
        this.pack = Objects.requireNonNull(pack, "pack");
        this.names = pack.nameTokens();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.shownNames = new ShownNames(pack);
    }

    /** Binds {@code spec} (canonical form expected); never throws for a spec that does not fit the source. */
    public BindResult bind(QuerySpec spec) {
        Objects.requireNonNull(spec, "spec");
        try {
            return new Build(spec).run();
        } catch (Failure f) {
            return new BindResult.Failed(f.failure);
        } catch (SpecException | IllegalArgumentException e) {
            return new BindResult.Failed(new BindFailure.OutOfScope(e.getMessage()));
        }
    }

    /** Carries a typed failure out of the recursive build. */
    private static final class Failure extends RuntimeException {
        final transient BindFailure failure;

        Failure(BindFailure failure) {
            super(failure.reason(), null, false, false);
            this.failure = failure;
        }
    }

    private static Failure fail(BindFailure f) {
        return new Failure(f);
    }

    /**
     * A resolved column: its SQL expression (a physical column, or a person's joined name), its binding, its table,
     * the alias the table has in the query and, when the table was reached through a join, the key of the joined
     * row (the referenced column), which tells two rows with the same label apart.
     */
    private record Col(ValueExpr expr, ColumnBinding column, TableBinding table, String alias,
                       ValueExpr.ColumnRef rowKey) {
    }

    /** One dimension: the values it shows (with their column labels) and the expressions it groups by. */
    private record Grouping(List<ValueExpr> shown, List<String> labels, List<ValueExpr> keys) {
    }

    /** One query under construction. */
    private final class Build {
        final QuerySpec spec;
        final TableBinding subject;
        final String subjectAlias = "s";
        final Map<String, String> joinAliases = new LinkedHashMap<>();
        final List<Object[]> joins = new ArrayList<>();
        final Set<String> tables = new LinkedHashSet<>();
        /** The soft-delete conditions applied, in words, for the explanation. */
        final Set<String> leftOut = new LinkedHashSet<>();
        /** Row-version and placeholder conditions applied, in words, for the explanation. */
        final Set<String> readOnly = new LinkedHashSet<>();
        /** A ranking ("which ward had the most …"): a placeholder member is no candidate for first place. */
        final boolean ranking;
        /** Query aliases whose rows are a refined concept's: filters on them must agree with its restrictions. */
        final Map<String, Refinement> refinedAt = new LinkedHashMap<>();
        int next = 1;

        Build(QuerySpec spec) {
            this.spec = spec;
            this.subject = rowsOf(spec.subject())
                    .orElseThrow(() -> fail(new BindFailure.NoSubject("no table of this source is bound to "
                            + spec.subject().trim())));
            tables.add(subject.table());
            refinementOf(subject).ifPresent(r -> refinedAt.put(subjectAlias, r));
            this.ranking = spec.limit() != null && spec.order().stream().anyMatch(k -> k instanceof OrderKey.ByMeasure);
        }

        BindResult run() {
            List<Predicate> where = new ArrayList<>();
            Refinement kind = refinedAt.get(subjectAlias);
            if (kind != null) {
                where.add(restrict(kind, subjectAlias));
            }
            keepLive(subject, subjectAlias, true).ifPresent(where::add);
            entityRows(subject, subjectAlias, true).ifPresent(where::add);
            for (Filter f : spec.filters()) {
                where.add(filter(f, subjectAlias, subject));
            }
            TimeScope scope = spec.timeScope();
            if (scope != null) {
                Col c = column(scope.column());
                requireTemporal(c);
                if (scope.from() != null) {
                    where.add(Sql.compare(c.expr(), Predicate.CompareOp.GE, Sql.param(value(scope.from(), c))));
                }
                if (scope.to() != null) {
                    where.add(Sql.compare(c.expr(), Predicate.CompareOp.LT, Sql.param(value(scope.to(), c))));
                }
            }
            for (RelatedScope r : spec.related()) {
                where.add(related(r));
            }
            checkRateNotDecided();
            Shape shape = spec.shape();
            SqlQuery query;
            boolean probe = false;
            if (shape == Shape.EXISTS) {
                query = probe(where);
                probe = true;
            } else if (shape == Shape.LIST || shape == Shape.LOOKUP) {
                query = list(where);
            } else {
                query = aggregate(where);
            }
            String explanation = Explanations.sentence(spec, SpecBinder.this::words, conceptPlural(subject),
                    SpecBinder.this::conceptPluralOf, SpecBinder.this::kindWords);
            if (!leftOut.isEmpty()) {
                explanation += " Left out " + String.join(", ", leftOut) + ".";
            }
            for (String r : readOnly) {
                explanation += " " + r + ".";
            }
            return new BindResult.Bound(query, explanation, List.copyOf(tables), probe);
        }

        // ---------------------------------------------------------------- shapes

        SqlQuery probe(List<Predicate> where) {
            SqlQuery.Builder b = start();
            ValueExpr.ColumnRef key = primaryKey();
            b.select(key, "witness");
            where.forEach(b::where);
            b.orderBy(OrderItem.asc(key));
            b.limit(1);
            return finish(b);
        }

        SqlQuery list(List<Predicate> where) {
            List<ColumnRef> projection = spec.projection().isEmpty() ? List.of(defaultProjection())
                    : spec.projection();
            SqlQuery.Builder b = start();
            Set<String> labels = new LinkedHashSet<>();
            if (!spec.projection().isEmpty()) {
                ownLabel(projection).ifPresent(c -> b.select(c.expr(), unique(labels, conceptSingular(subject))));
            }
            for (ColumnRef ref : projection) {
                Col c = column(ref);
                refuseIfPersonal(c, "is not listed");
                String label = label(ref, c);
                if (c.column().reference() == null) {
                    b.select(c.expr(), unique(labels, label));
                    continue;
                }
                Col display = display(c);
                if (!c.column().role().isReference()) {
                    b.select(c.expr(), unique(labels, label)); // a code: shown with what it means
                    boolean askedFor = projection.stream().anyMatch(other -> other != ref
                            && other.concept().trim().equalsIgnoreCase(display.table().concept())
                            && other.role() == display.column().role());
                    if (!display.expr().equals(display.rowKey()) && !askedFor) {
                        b.select(display.expr(), unique(labels, words(display.column())));
                    }
                } else {
                    b.select(display.expr(), unique(labels, label));
                }
            }
            where.forEach(b::where);
            List<OrderItem> order = new ArrayList<>();
            for (OrderKey k : spec.order()) {
                if (!(k instanceof OrderKey.ByValue)) {
                    throw fail(new BindFailure.OutOfScope("a list is ordered by row values only"));
                }
                ValueExpr e = valueExpr(((OrderKey.ByValue) k).value());
                order.add(new OrderItem(e, direction(k)));
            }
            if (order.isEmpty()) {
                // records asked for over a stretch of time read in time order, not in the order of their keys
                windowedTime().ifPresent(t -> order.add(OrderItem.asc(column(t).expr())));
            }
            b.orderByList(order);
            if (spec.limit() != null) {
                b.limit(spec.limit());
            }
            SqlQuery q = finish(b);
            return TotalOrder.withTieBreaker(q, List.of(primaryKey()));
        }

        /** The one dated column of the subject's own rows that the question bounds in time; none when not one. */
        Optional<ColumnRef> windowedTime() {
            Set<ColumnRef> dated = new LinkedHashSet<>();
            if (spec.timeScope() != null) {
                dated.add(spec.timeScope().column());
            }
            for (Filter f : spec.filters()) {
                if (f.target() instanceof ColumnRef c && c.via() == null && DATED_ROLES.contains(c.role())
                        && c.concept().trim().equalsIgnoreCase(spec.subject().trim())) {
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
        Optional<Col> ownLabel(List<ColumnRef> projection) {
            Optional<RowLabels.Label> found = RowLabels.of(subject);
            String display = subject.displayColumn();
            boolean personal = found.isPresent()
                    ? found.get().parts().stream().anyMatch(p -> shownNames.refused(subject, p))
                    : display != null && subject.column(display).orElseThrow().pii();
            if (personal) {
                // a list of people without who they are is no answer to "list the patients with their gender"
                throw fail(new BindFailure.OutOfScope(subject.concept() + " names are personal data and are not"
                        + " listed, so their rows cannot be told apart"));
            }
            if (found.isEmpty() || found.get().shown().reference() != null) {
                return Optional.empty();
            }
            RowLabels.Label label = found.get();
            for (ColumnRef ref : projection) {
                if (ref.concept().trim().equalsIgnoreCase(subject.concept()) && ref.via() == null
                        && at(subject, subjectAlias, ref, null).column().equals(label.shown())) {
                    return Optional.empty();
                }
            }
            return Optional.of(new Col(label.expr(subjectAlias), label.shown(), subject, subjectAlias, null));
        }

        /**
         * A list that names no columns shows what names the subject's rows: its one Name column, or the one full
         * name of a person (see {@link RowLabels}) when that is not personal data here. Anything else would be a
         * guess, so it is refused.
         */
        ColumnRef defaultProjection() {
            String refusal = "a list needs the columns to show; name them in the question";
            Optional<RowLabels.Label> label = RowLabels.of(subject);
            List<ColumnBinding> names = subject.columnsWithRole(ColumnRole.NAME);
            ColumnRole role;
            if (label.isPresent() && names.size() == 1 && label.get().shown().equals(names.get(0))) {
                role = ColumnRole.NAME;
            } else if (label.isPresent() && label.get().shown().role() == ColumnRole.FULL_NAME) {
                role = ColumnRole.FULL_NAME;
            } else if (label.isPresent() && label.get().shown().reference() == null
                    && (label.get().shown().role() == ColumnRole.BUSINESS_ID
                    || label.get().shown().role() == ColumnRole.CODE)
                    && subject.columnsWithRole(label.get().shown().role()).size() == 1) {
                role = label.get().shown().role(); // "which beds …": bed numbers name the beds
            } else {
                throw fail(new BindFailure.OutOfScope(refusal));
            }
            if (label.get().parts().stream().anyMatch(c -> shownNames.refused(subject, c))) {
                throw fail(new BindFailure.OutOfScope(refusal + " (" + subject.concept()
                        + " names are personal data)"));
            }
            return ColumnRef.of(subject.concept(), role);
        }

        SqlQuery aggregate(List<Predicate> where) {
            SqlQuery.Builder b = start();
            List<ValueExpr> dims = new ArrayList<>();
            List<ValueExpr> groups = new ArrayList<>();
            Set<String> labels = new LinkedHashSet<>();
            for (Dimension d : spec.dimensions()) {
                if (d instanceof Dimension.TimeBucket) {
                    Dimension.TimeBucket tb = (Dimension.TimeBucket) d;
                    Col c = column(tb.column());
                    requireTemporal(c);
                    ValueExpr e = Sql.bucket(bucket(tb.bucket()), c.expr());
                    dims.add(e);
                    addGroup(groups, e);
                    b.select(e, unique(labels, tb.bucket().jsonName()));
                } else if (d instanceof Dimension.Column) {
                    Grouping g = grouping(d.column());
                    refuseCountOfOwnLabel(d.column());
                    dims.add(g.shown().get(0));
                    for (int i = 0; i < g.shown().size(); i++) {
                        b.select(g.shown().get(i), unique(labels, g.labels().get(i)));
                    }
                    g.keys().forEach(k -> addGroup(groups, k));
                } else {
                    throw new AssertionError(d);
                }
            }
            TimeScope scope = spec.timeScope();
            if (scope != null && scope.bucket() != null) {
                Col c = column(scope.column());
                ValueExpr e = Sql.bucket(bucket(scope.bucket()), c.expr());
                dims.add(e);
                addGroup(groups, e);
                b.select(e, unique(labels, scope.bucket().jsonName()));
            }
            List<ValueExpr> measures = new ArrayList<>();
            for (Measure m : spec.measures()) {
                ValueExpr e = measure(m);
                measures.add(e);
                b.select(e, unique(labels, measureLabel(m)));
            }
            where.forEach(b::where);
            b.groupByList(groups);
            List<OrderItem> order = new ArrayList<>();
            for (OrderKey k : spec.order()) {
                if (k instanceof OrderKey.ByMeasure) {
                    order.add(new OrderItem(measures.get(((OrderKey.ByMeasure) k).index()), direction(k)));
                } else if (k instanceof OrderKey.ByDimension) {
                    order.add(new OrderItem(dims.get(((OrderKey.ByDimension) k).index()), direction(k)));
                } else {
                    throw fail(new BindFailure.OutOfScope("an aggregated answer is ordered by its measures or groups"));
                }
            }
            if (spec.shape() == Shape.TREND) {
                for (ValueExpr d : dims) {
                    if (d instanceof ValueExpr.DateBucket && order.stream().noneMatch(o -> o.expr().equals(d))) {
                        order.add(OrderItem.asc(d));
                    }
                }
            }
            b.orderByList(order);
            if (spec.limit() != null) {
                b.limit(spec.limit());
            }
            SqlQuery q = finish(b);
            return dims.isEmpty() ? q : TotalOrder.byGroups(q);
        }

        /**
         * What one column dimension shows and groups by. A reference shows the referenced row's label and groups by
         * that row's key as well, so two wards or two surgeons of one name stay two groups; a code that references a
         * code table is shown with what it means and grouped by the code; the label of a concept reached through a
         * join groups by the joined row's key too. Any other column groups by its own values.
         */
        Grouping grouping(ColumnRef ref) {
            Col c = column(ref);
            refuseIfPersonal(c, "is not grouped on");
            refuseIfDeletionMark(c, "is not grouped on");
            String label = label(ref, c);
            if (c.column().reference() != null) {
                Col display = display(c);
                if (!c.column().role().isReference()) {
                    if (display.expr().equals(display.rowKey())) {
                        return new Grouping(List.of(c.expr()), List.of(label), List.of(c.expr()));
                    }
                    return new Grouping(List.of(c.expr(), display.expr()), List.of(label, words(display.column())),
                            List.of(c.expr(), display.expr()));
                }
                ValueExpr.ColumnRef key = entityKey(display.table(), display.alias(), display.rowKey(),
                        "a grouping by " + conceptSingular(display.table()));
                return new Grouping(List.of(display.expr()), List.of(label), List.of(display.expr(), key));
            }
            boolean rowLabel = c.rowKey() != null
                    && RowLabels.of(c.table()).map(l -> l.shown().equals(c.column())).orElse(false);
            if (rowLabel) {
                ValueExpr.ColumnRef key = entityKey(c.table(), c.alias(), c.rowKey(),
                        "a grouping by " + conceptSingular(c.table()));
                return new Grouping(List.of(c.expr()), List.of(label), List.of(c.expr(), key));
            }
            return new Grouping(List.of(c.expr()), List.of(label), List.of(c.expr()));
        }

        /**
         * Counting the rows of a table that other rows refer to (a catalogue of tests, codes, drugs; not an event
         * about a patient) grouped by their own label or key counts each row about once ("the most common lab tests"
         * over the catalogue of tests): what was meant is how often other rows refer to them, which this shape does
         * not say, so it is refused.
         */
        void refuseCountOfOwnLabel(ColumnRef ref) {
            if (spec.measures().stream().noneMatch(m -> m instanceof Measure.Count)) {
                return;
            }
            boolean event = !subject.columnsWithRole(ColumnRole.PATIENT_REF).isEmpty()
                    || !subject.columnsWithRole(ColumnRole.ENCOUNTER_REF).isEmpty();
            if (event || binding.linksTo(subject.table()).isEmpty()) {
                return;
            }
            Col c = column(ref);
            if (!c.alias().equals(subjectAlias)) {
                return;
            }
            boolean key = subject.primaryKey().size() == 1 && subject.primaryKey().get(0).equalsIgnoreCase(
                    c.column().column());
            // people's names are no catalogue labels: several providers share a family name
            boolean label = Set.of(ColumnRole.NAME, ColumnRole.CODE, ColumnRole.DESCRIPTION, ColumnRole.BUSINESS_ID)
                    .contains(c.column().role()) && (c.column().column().equals(subject.displayColumn())
                    || RowLabels.of(subject).map(l -> l.covers(c.column())).orElse(false));
            if (key || label) {
                throw fail(new BindFailure.OutOfScope("counting " + conceptPlural(subject) + " by their own "
                        + words(c.column()) + " counts each " + conceptSingular(subject) + " once; ask about the"
                        + " records that refer to them"));
            }
        }

        void addGroup(List<ValueExpr> groups, ValueExpr e) {
            if (!groups.contains(e)) {
                groups.add(e);
            }
        }

        /** {@link SpecBinder#live}, remembering what it left out for the explanation. */
        Optional<Predicate> keepLive(TableBinding t, String alias, boolean ownRows) {
            Optional<Predicate> p = live(t, alias, ownRows);
            if (p.isPresent()) {
                t.softDeletes().stream().filter(d -> ownRows || d.reach() == SoftDelete.Reach.DELETED)
                        .forEach(d -> leftOut.add(conceptPlural(t) + (d.byStatus() ? " with " + words(d.column()) + " "
                                + String.join(" or ", d.voidValues()) : " marked " + words(d.column()))));
            }
            return p;
        }

        /**
         * The rows of {@code t} that are its entities: without its placeholder members and, with {@code current},
         * only the current version of each row (a table read as its own rows; a fact's reference to a version keeps
         * the version it points at). Remembers what it did for the explanation.
         */
        Optional<Predicate> entityRows(TableBinding t, String alias, boolean current) {
            List<Predicate> all = new ArrayList<>();
            RowVersions v = t.versions();
            if (current && v != null) {
                all.add(currentRows(v, alias));
                readOnly.add("Read only the current version of each " + conceptSingular(t) + " (" + v.describe()
                        + ")");
            }
            notPlaceholder(t, alias).ifPresent(p -> {
                all.add(p);
                t.placeholders().forEach(ph -> leftOut.add("the " + ph.describe() + " of " + conceptPlural(t)));
            });
            return all.isEmpty() ? Optional.empty() : Optional.of(Sql.and(all));
        }

        /** The mark of deleted rows decides which rows exist: a condition or grouping on it would read nothing. */
        /** A filter on a value that voids a row asks for rows that are left out everywhere: refused, never 0. */
        void refuseVoidingValue(Filter f, Col c) {
            List<String> voids = c.table().voidingValues(c.column().column());
            if (voids.isEmpty()) {
                return;
            }
            List<Literal> values = f instanceof Filter.Compare ? List.of(((Filter.Compare) f).value())
                    : f instanceof Filter.In ? ((Filter.In) f).values() : List.of();
            for (Literal l : values) {
                if (l instanceof Literal.StringValue && voids.contains(((Literal.StringValue) l).value())) {
                    throw fail(new BindFailure.OutOfScope(c.table().concept() + " rows with " + words(c.column())
                            + " '" + ((Literal.StringValue) l).value() + "' are no records and are left out"
                            + " everywhere, so they cannot be counted"));
                }
            }
        }

        void refuseIfDeletionMark(Col c, String what) {
            if (c.table().marksDeletion(c.column().column())) {
                throw fail(new BindFailure.OutOfScope(c.table().concept() + " " + words(c.column())
                        + " marks deleted or retired rows, which are never read, so it " + what));
            }
            if (c.table().keepsVersions(c.column().column())) {
                throw fail(new BindFailure.OutOfScope(c.table().concept() + " " + words(c.column())
                        + " keeps the versions of its rows (" + c.table().versions().describe() + " is the current"
                        + " one), not a fact about them, so it " + what));
            }
        }

        /**
         * The key that tells the rows of {@code target} apart as entities: its entity key when the table keeps
         * versions of its rows (two versions of one consultant are one consultant), else {@code rowKey}.
         */
        ValueExpr.ColumnRef entityKey(TableBinding target, String alias, ValueExpr.ColumnRef rowKey, String what) {
            RowVersions v = target.versions();
            if (v == null || rowKey == null) {
                return rowKey;
            }
            if (v.entityKey() == null) {
                throw fail(new BindFailure.OutOfScope(conceptPlural(target) + " are kept as versions of their rows ("
                        + v.describe() + " is the current one) and no column names a " + conceptSingular(target)
                        + " across its versions, so " + what + " cannot be told per " + conceptSingular(target)
                        + " (an override can name it: \"entityKey\": true)"));
            }
            readOnly.add(capitalised(conceptPlural(target)) + " told apart by " + v.entityKey().column()
                    + " across their row versions");
            return Sql.col(alias, v.entityKey().column());
        }

        /** A joined name is as personal as its parts, which its binding carries. */
        void refuseIfPersonal(Col c, String what) {
            if (shownNames.refused(c.table(), c.column())) {
                throw fail(new BindFailure.OutOfScope(c.table().concept() + " " + words(c.column())
                        + " is personal data and " + what));
            }
        }

        SqlQuery.Builder start() {
            return SqlQuery.from(Sql.table(subject.table(), subjectAlias));
        }

        SqlQuery finish(SqlQuery.Builder b) {
            for (Object[] j : joins) {
                b.join(JoinType.INNER, (Relation) j[0], (Predicate) j[1], Cardinality.MANY_TO_ONE);
            }
            return b.build();
        }

        // ---------------------------------------------------------------- measures

        ValueExpr measure(Measure m) {
            if (m instanceof Measure.Count) {
                return Sql.countRows();
            }
            if (m instanceof Measure.Aggregate) {
                Measure.Aggregate a = (Measure.Aggregate) m;
                ValueExpr of = valueExpr(a.of());
                switch (a.function()) {
                    case COUNT_DISTINCT:
                        return Sql.countDistinct(distinctEntities(a.of(), of));
                    case SUM:
                        return Sql.agg(ValueExpr.AggregateFn.SUM, of);
                    case AVG:
                        return Sql.agg(ValueExpr.AggregateFn.AVG, of);
                    case MIN:
                        return Sql.agg(ValueExpr.AggregateFn.MIN, of);
                    case MAX:
                        return Sql.agg(ValueExpr.AggregateFn.MAX, of);
                    case MEDIAN:
                        return Sql.agg(ValueExpr.AggregateFn.MEDIAN, of);
                    default:
                        throw new AssertionError(a.function());
                }
            }
            if (m instanceof Measure.Rate) {
                List<Predicate> hits = new ArrayList<>();
                for (Filter f : ((Measure.Rate) m).numerator()) {
                    hits.add(filter(f, subjectAlias, subject));
                }
                for (RelatedScope r : ((Measure.Rate) m).related()) {
                    hits.add(related(r));
                }
                return Sql.ratePercent(Sql.and(hits));
            }
            throw new AssertionError(m);
        }

        /**
         * What a count of distinct references counts: the referenced entities, so a reference to a table that keeps
         * row versions counts its entity key (two versions of one patient are one patient), and a placeholder member
         * ("Unknown") is no entity to count.
         */
        ValueExpr distinctEntities(ValueRef ref, ValueExpr of) {
            if (!(ref instanceof ColumnRef)) {
                return of;
            }
            Col c = column((ColumnRef) ref);
            Link link = c.column().reference();
            if (link == null) {
                return of;
            }
            TableBinding target = binding.tables().stream().filter(t -> t.table().equals(link.toTable()) && t.bound())
                    .findFirst().orElse(null);
            if (target == null || target.versions() == null && target.placeholders().isEmpty()) {
                return of;
            }
            ValueExpr counted = of;
            String keyAlias = c.alias();
            String keyColumn = link.fromColumn();
            if (target.versions() != null) {
                String alias = join("@" + c.alias() + "/" + link, c.alias(), link, target);
                counted = entityKey(target, alias, Sql.col(alias, link.toColumn()), "a count of distinct "
                        + conceptPlural(target));
            }
            if (target.placeholders().isEmpty()) {
                return counted;
            }
            List<SqlValue> values = new ArrayList<>();
            for (org.tally.core.binding.Placeholder ph : target.placeholders()) {
                values.add(keyValue(ph.key(), ph.value()));
                leftOut.add("the " + ph.describe() + " of " + conceptPlural(target));
            }
            Predicate real = Sql.not(Sql.in(Sql.col(keyAlias, keyColumn), values.toArray(new SqlValue[0])));
            return new ValueExpr.CaseWhen(List.of(new ValueExpr.When(real, counted)), Optional.empty());
        }

        String measureLabel(Measure m) {
            if (m instanceof Measure.Count) {
                return conceptPlural(subject);
            }
            if (m instanceof Measure.Rate) {
                return "percentage";
            }
            Measure.Aggregate a = (Measure.Aggregate) m;
            String of;
            if (a.of() instanceof ColumnRef) {
                of = words(column((ColumnRef) a.of()).column());
            } else {
                DurationRef d = (DurationRef) a.of();
                of = "duration in " + d.unit().jsonName();
            }
            String fn = a.function() == Aggregation.COUNT_DISTINCT ? "distinct" : a.function().jsonName();
            return fn + " " + of;
        }

        /**
         * A rate whose numerator tests a column the denominator already fixes with an equality is decided by the
         * filter (always 0 or 100): the question was read wrongly, so it is refused.
         */
        void checkRateNotDecided() {
            Refinement kind = refinedAt.get(subjectAlias);
            for (Measure m : spec.measures()) {
                if (!(m instanceof Measure.Rate)) {
                    continue;
                }
                for (RelatedScope n : ((Measure.Rate) m).related()) {
                    if (spec.related().contains(n)) {
                        throw fail(new BindFailure.UnsatisfiableFilter("the share " + n.describe()
                                + " is decided by the same condition on every counted row"));
                    }
                }
                for (Filter n : ((Measure.Rate) m).numerator()) {
                    if (kind != null && n.target() instanceof ColumnRef) {
                        Col c = column((ColumnRef) n.target());
                        Restriction fixed = restrictionOn(kind, c);
                        if (fixed != null && c.alias().equals(subjectAlias)) {
                            throw fail(new BindFailure.UnsatisfiableFilter("the share " + n.describe()
                                    + " is decided by what " + conceptPlural(subject) + " are: "
                                    + kind.describe(basePlural(kind))));
                        }
                    }
                    for (Filter d : spec.filters()) {
                        if (n.target().equals(d.target()) && (equality(d) || d instanceof Filter.IsTrue
                                || d instanceof Filter.IsFalse || d instanceof Filter.In)) {
                            throw fail(new BindFailure.UnsatisfiableFilter("the share " + n.describe()
                                    + " is decided by the filter " + d.describe()));
                        }
                    }
                }
            }
        }

        // ---------------------------------------------------------------- filters

        Predicate filter(Filter f, String homeAlias, TableBinding home) {
            if (f.target() instanceof DurationRef) {
                ValueExpr d = valueExpr(f.target());
                return numericFilter(f, d);
            }
            ColumnRef ref = (ColumnRef) f.target();
            Col c = homeAlias.equals(subjectAlias) ? column(ref) : homeColumn(ref, homeAlias, home);
            return columnFilter(f, c);
        }

        /** A filter on an already resolved column. */
        Predicate columnFilter(Filter f, Col c) {
            refuseIfDeletionMark(c, "cannot be tested");
            refuseVoidingValue(f, c);
            Refinement kind = refinedAt.get(c.alias());
            if (kind != null) {
                agreeWithKind(f, c, kind);
            }
            if (f instanceof Filter.IsTrue || f instanceof Filter.IsFalse) {
                return flag(c, f instanceof Filter.IsTrue);
            }
            if (f instanceof Filter.IsNull || f instanceof Filter.IsNotNull) {
                if (DATED_ROLES.contains(c.column().role())) {
                    // a date kept as a number or text (a yyyymmdd key, say) marks a missing date with a stand-in
                    // value such as -1 as often as with NULL, so emptiness says nothing certain about it
                    requireTemporal(c);
                }
                return f instanceof Filter.IsNull ? Sql.isNull(c.expr()) : Sql.isNotNull(c.expr());
            }
            if (f instanceof Filter.Compare) {
                Filter.Compare cmp = (Filter.Compare) f;
                if (cmp.value() instanceof Literal.BooleanValue) {
                    boolean v = ((Literal.BooleanValue) cmp.value()).value();
                    if (cmp.op() == org.tally.core.spec.CompareOp.NE) {
                        v = !v;
                    } else if (cmp.op() != org.tally.core.spec.CompareOp.EQ) {
                        throw fail(new BindFailure.OutOfScope("true/false has no order"));
                    }
                    return flag(c, v);
                }
                checkObserved(c, List.of(cmp.value()), cmp.op() == org.tally.core.spec.CompareOp.EQ);
                if (cmp.value().isTemporal()) {
                    requireTemporal(c);
                }
                return Sql.compare(c.expr(), op(cmp.op()), Sql.param(value(cmp.value(), c)));
            }
            if (f instanceof Filter.In) {
                Filter.In in = (Filter.In) f;
                checkObserved(c, in.values(), true);
                List<SqlValue> values = new ArrayList<>();
                for (Literal l : in.values()) {
                    values.add(value(l, c));
                }
                return Sql.in(c.expr(), values.toArray(new SqlValue[0]));
            }
            if (f instanceof Filter.Between) {
                Filter.Between bt = (Filter.Between) f;
                return new Predicate.Between(c.expr(), Sql.param(value(bt.low(), c)), Sql.param(value(bt.high(), c)));
            }
            throw new AssertionError(f);
        }

        Predicate numericFilter(Filter f, ValueExpr x) {
            if (f instanceof Filter.Compare) {
                Filter.Compare cmp = (Filter.Compare) f;
                if (!(cmp.value() instanceof Literal.NumberValue)) {
                    throw fail(new BindFailure.OutOfScope("a duration compares with a number"));
                }
                return Sql.compare(x, op(cmp.op()), Sql.param(SqlValue.of(((Literal.NumberValue) cmp.value()).value())));
            }
            if (f instanceof Filter.Between) {
                Filter.Between bt = (Filter.Between) f;
                return new Predicate.Between(x, Sql.param(number(bt.low())), Sql.param(number(bt.high())));
            }
            if (f instanceof Filter.IsNull) {
                return Sql.isNull(x);
            }
            if (f instanceof Filter.IsNotNull) {
                return Sql.isNotNull(x);
            }
            throw fail(new BindFailure.OutOfScope("a duration cannot be tested with " + f.describe()));
        }

        SqlValue number(Literal l) {
            if (!(l instanceof Literal.NumberValue)) {
                throw fail(new BindFailure.OutOfScope("a duration compares with a number"));
            }
            return SqlValue.of(((Literal.NumberValue) l).value());
        }

        /** True/false mapped to the column's own spelling: a BOOLEAN, or exactly one true and one false value. */
        Predicate flag(Col c, boolean expected) {
            ColumnBinding col = c.column();
            if (col.typeClass() == TypeClass.BOOLEAN) {
                return Sql.eq(c.expr(), Sql.param(SqlValue.of(expected)));
            }
            List<ValueCount> values = col.values();
            if (values == null || values.isEmpty()) {
                throw fail(new BindFailure.NoRole(c.table().concept() + " " + words(col)
                        + " is not a true/false column and its values are unknown"));
            }
            org.tally.core.binding.YesNoSpellings spelled = org.tally.core.binding.YesNoSpellings.of(values);
            if (!spelled.plain()) {
                throw fail(new BindFailure.UnsatisfiableFilter(c.table().concept() + " " + words(col)
                        + " holds '" + spelled.offending() + "', not only true/false spellings"));
            }
            String spelling = expected ? spelled.yes() : spelled.no();
            if (spelling == null) {
                throw fail(new BindFailure.UnsatisfiableFilter(c.table().concept() + " " + words(col)
                        + " never holds " + expected));
            }
            if (col.typeClass() == TypeClass.NUMERIC) {
                return Sql.eq(c.expr(), Sql.param(SqlValue.of(new BigDecimal(spelling.trim()))));
            }
            return Sql.eq(c.expr(), Sql.param(SqlValue.of(spelling)));
        }

        /** An equality on text must name an observed value when the column's values were counted exactly. */
        void checkObserved(Col c, List<Literal> literals, boolean equality) {
            List<ValueCount> values = c.column().values();
            if (values == null) {
                return;
            }
            for (Literal l : literals) {
                if (!(l instanceof Literal.StringValue)) {
                    continue;
                }
                String text = ((Literal.StringValue) l).value();
                boolean seen = values.stream().anyMatch(v -> v.value().equals(text));
                if (!seen) {
                    throw fail(new BindFailure.UnsatisfiableFilter("no recorded " + c.table().concept() + " "
                            + words(c.column()) + " is '" + text + "'"));
                }
            }
        }

        SqlValue value(Literal l, Col c) {
            TypeClass type = c.column().typeClass();
            if (l instanceof Literal.StringValue) {
                String s = ((Literal.StringValue) l).value();
                if (type == TypeClass.NUMERIC) {
                    try {
                        return SqlValue.of(new BigDecimal(s.trim()));
                    } catch (NumberFormatException e) {
                        throw fail(new BindFailure.UnsatisfiableFilter("'" + s + "' is not a number, and "
                                + c.table().concept() + " " + words(c.column()) + " holds numbers"));
                    }
                }
                if (type != TypeClass.TEXT) {
                    throw fail(new BindFailure.OutOfScope(c.table().concept() + " " + words(c.column())
                            + " is not text"));
                }
                return SqlValue.of(s);
            }
            if (l instanceof Literal.NumberValue) {
                if (type != TypeClass.NUMERIC) {
                    throw fail(new BindFailure.OutOfScope(c.table().concept() + " " + words(c.column())
                            + " is not a number"));
                }
                return SqlValue.of(((Literal.NumberValue) l).value());
            }
            if (l instanceof Literal.DateValue) {
                requireTemporal(c);
                return SqlValue.of(((Literal.DateValue) l).value());
            }
            if (l instanceof Literal.DateTimeValue) {
                requireTemporal(c);
                return SqlValue.of(((Literal.DateTimeValue) l).value());
            }
            if (l instanceof Literal.BooleanValue) {
                if (type != TypeClass.BOOLEAN) {
                    throw fail(new BindFailure.OutOfScope(c.table().concept() + " " + words(c.column())
                            + " is not true/false"));
                }
                return SqlValue.of(((Literal.BooleanValue) l).value());
            }
            throw new AssertionError(l);
        }

        void requireTemporal(Col c) {
            if (c.column().typeClass() != TypeClass.TEMPORAL) {
                throw fail(new BindFailure.OutOfScope(c.table().concept() + " " + words(c.column())
                        + " is not stored as a date or time"));
            }
        }

        // ---------------------------------------------------------------- related scopes

        Predicate related(RelatedScope r) {
            TableBinding other = rowsOf(r.concept()).orElseThrow(() -> fail(new BindFailure.NoSubject(
                    "no table of this source is bound to " + r.concept().trim())));
            Optional<Refinement> otherKind = refinementOf(other);
            if (other.table().equals(subject.table()) && (otherKind.isPresent() || refinedAt.containsKey(subjectAlias))) {
                Refinement k = otherKind.orElseGet(() -> refinedAt.get(subjectAlias));
                throw fail(new BindFailure.OutOfScope(k.concept() + " rows are " + k.baseConcept() + " rows ("
                        + k.describe(basePlural(k)) + "), so " + k.concept() + " cannot be a related scope of "
                        + (k.concept().equals(subject.concept()) ? other.concept() : subject.concept())
                        + "; ask about " + conceptPluralOf(k.concept()) + " directly"));
            }
            List<Link> back = new ArrayList<>();
            for (Link l : binding.links()) {
                if (l.fromTable().equals(other.table()) && l.toTable().equals(subject.table())
                        || l.fromTable().equals(subject.table()) && l.toTable().equals(other.table())) {
                    back.add(l);
                }
            }
            if (back.isEmpty()) {
                throw fail(new BindFailure.NoPath("no foreign key links " + subject.concept() + " and "
                        + other.concept()));
            }
            if (back.size() > 1) {
                throw fail(new BindFailure.Ambiguous(subject.concept() + " and " + other.concept()
                        + " are linked in several ways", back.stream().map(Link::toString).toList()));
            }
            Link link = back.get(0);
            String alias = "r" + (next++);
            tables.add(other.table());
            boolean otherRefers = link.fromTable().equals(other.table());
            List<org.tally.core.sql.Join> inner = new ArrayList<>();
            Map<String, String> innerAliases = new LinkedHashMap<>();
            Predicate on;
            if (otherRefers && subject.versions() != null) {
                on = throughEntityKey(r, other, link, alias, inner);
            } else {
                on = otherRefers
                        ? Sql.eq(Sql.col(alias, link.fromColumn()), Sql.col(subjectAlias, link.toColumn()))
                        : Sql.eq(Sql.col(alias, link.toColumn()), Sql.col(subjectAlias, link.fromColumn()));
            }
            List<Predicate> where = new ArrayList<>();
            where.add(on);
            if (otherKind.isPresent()) {
                refinedAt.put(alias, otherKind.get());
                where.add(restrict(otherKind.get(), alias));
            }
            keepLive(other, alias, true).ifPresent(where::add);
            // the version a subject row points at is the one it had (as was); rows referring to the subject are
            // tested as entities: their current versions
            entityRows(other, alias, otherRefers).ifPresent(where::add);
            for (Filter f : r.filters()) {
                if (f.target() instanceof DurationRef) {
                    throw fail(new BindFailure.OutOfScope("a duration inside a related scope is not supported"));
                }
                Col c = scopeColumn((ColumnRef) f.target(), alias, other, inner, innerAliases);
                where.add(columnFilter(f, c));
            }
            Predicate all = Sql.and(where);
            Relation from = Sql.table(other.table(), alias);
            return r.quantifier() == Quantifier.COUNTED ? new Predicate.Exists(from, inner, all, false, r.atLeast(),
                    r.atMost()) : new Predicate.Exists(from, inner, all, r.quantifier() != Quantifier.EXISTS);
        }

        /**
         * A related record refers to one version of a subject row; the subject is its entity, all versions of it: the
         * record is matched through the version it points at, by the entity key ("patients with a lab result": a
         * result on the patient's old address still is the patient's).
         */
        Predicate throughEntityKey(RelatedScope r, TableBinding other, Link link, String alias,
                                   List<org.tally.core.sql.Join> inner) {
            RowVersions v = subject.versions();
            if (v.entityKey() == null) {
                throw fail(new BindFailure.OutOfScope(conceptPlural(subject) + " are kept as versions of their rows ("
                        + v.describe() + " is the current one) and " + conceptPluralOf(other.concept())
                        + " refer to one version each; no column names a " + conceptSingular(subject) + " across its"
                        + " versions, so '" + r.describe() + "' cannot be told per " + conceptSingular(subject)
                        + " (an override can name it: \"entityKey\": true)"));
            }
            String version = alias + "v";
            tables.add(subject.table());
            inner.add(new org.tally.core.sql.Join(JoinType.INNER, Sql.table(subject.table(), version),
                    Sql.eq(Sql.col(version, link.toColumn()), Sql.col(alias, link.fromColumn())),
                    Cardinality.MANY_TO_ONE));
            readOnly.add(capitalised(conceptPluralOf(other.concept())) + " matched to " + conceptPlural(subject)
                    + " by " + v.entityKey().column() + ", across their row versions");
            return Sql.eq(Sql.col(version, v.entityKey().column()), Sql.col(subjectAlias, v.entityKey().column()));
        }

        /** A column of a related scope's own table, outside any related scope. */
        Col homeColumn(ColumnRef ref, String alias, TableBinding home) {
            if (ref.via() != null || !home.concept().equalsIgnoreCase(ref.concept().trim())) {
                throw fail(new BindFailure.OutOfScope("a condition inside a related scope must be on "
                        + home.concept() + " itself, not " + ref.describe()));
            }
            return at(home, alias, ref, null);
        }

        /**
         * A column of a related scope: its own table's, or one reached from it by many-to-one foreign keys (one hop,
         * or two through {@code via}), joined inside the EXISTS ("never prescribed metformin": the prescription's
         * medication). Joins are shared by the scope's filters on the same path.
         */
        Col scopeColumn(ColumnRef ref, String alias, TableBinding home, List<org.tally.core.sql.Join> joinsOut,
                        Map<String, String> aliases) {
            String concept = ref.concept().trim();
            if (concept.equalsIgnoreCase(home.concept())) {
                return homeColumn(ref, alias, home);
            }
            List<String> hops = hopsOf(ref);
            TableBinding at = home;
            String atAlias = alias;
            String pathKey = alias;
            for (String hop : hops) {
                TableBinding target = binding.tableOf(hop).orElseThrow(() -> fail(new BindFailure.NoSubject(
                        "no table of this source is bound to " + hop)));
                Link link = oneLink(at, target);
                pathKey += "/" + link;
                String joined = aliases.get(pathKey);
                if (joined == null) {
                    joined = alias + "j" + (aliases.size() + 1);
                    aliases.put(pathKey, joined);
                    tables.add(target.table());
                    Predicate on = Sql.eq(Sql.col(joined, link.toColumn()), Sql.col(atAlias, link.fromColumn()));
                    Optional<Predicate> alive = keepLive(target, joined, false);
                    if (alive.isPresent()) {
                        on = Sql.and(on, alive.get()); // a deleted row is not there to be reached
                    }
                    joinsOut.add(new org.tally.core.sql.Join(JoinType.INNER, Sql.table(target.table(), joined), on,
                            Cardinality.MANY_TO_ONE));
                }
                atAlias = joined;
                at = target;
            }
            return at(at, atAlias, ref, null);
        }

        // ---------------------------------------------------------------- columns and joins

        ValueExpr valueExpr(ValueRef v) {
            if (v instanceof ColumnRef) {
                return column((ColumnRef) v).expr();
            }
            DurationRef d = (DurationRef) v;
            Col start = column(d.start());
            Col end = column(d.end());
            requireTemporal(start);
            requireTemporal(end);
            Sql.DurationUnit unit = switch (d.unit()) {
                case DAYS -> Sql.DurationUnit.DAYS;
                case HOURS -> Sql.DurationUnit.HOURS;
                case MINUTES -> Sql.DurationUnit.MINUTES;
            };
            if (d.mode() == DurationMode.AS_OF_NOW) {
                return Sql.durationAsOf(start.expr(), end.expr(), LocalDateTime.now(clock), unit);
            }
            return Sql.duration(start.expr(), end.expr(), unit);
        }

        Col column(ColumnRef ref) {
            String concept = ref.concept().trim();
            if (concept.equalsIgnoreCase(subject.concept())) {
                if (ref.via() != null) {
                    throw fail(new BindFailure.OutOfScope(ref.describe() + " goes via another concept to the subject"));
                }
                return at(subject, subjectAlias, ref, null);
            }
            List<String> hops = hopsOf(ref);
            TableBinding at = subject;
            String alias = subjectAlias;
            String pathKey = "";
            Link last = null;
            for (String hop : hops) {
                TableBinding target = rowsOf(hop).orElseThrow(() -> fail(new BindFailure.NoSubject(
                        "no table of this source is bound to " + hop)));
                Link link = oneLink(at, target);
                Optional<Refinement> kind = refinementOf(target);
                pathKey += "/" + link + kind.map(k -> "#" + k.concept()).orElse("");
                alias = join(pathKey, alias, link, target);
                if (kind.isPresent()) {
                    refinedAt.put(alias, kind.get());
                }
                at = target;
                last = link;
            }
            return at(at, alias, ref, Sql.col(alias, last.toColumn()));
        }

        /** The concepts a reference to another concept's column walks through: its via (if any), then its own. */
        List<String> hopsOf(ColumnRef ref) {
            return ref.via() == null ? List.of(ref.concept().trim()) : List.of(ref.via().trim(), ref.concept().trim());
        }

        /** The column {@code ref} names on {@code table}: a physical column, or a person's joined full name. */
        Col at(TableBinding table, String alias, ColumnRef ref, ValueExpr.ColumnRef rowKey) {
            boolean plain = ref.hint() == null || ref.hint().isBlank();
            if (ref.role() == ColumnRole.FULL_NAME && plain) {
                Optional<RowLabels.Label> joined = RowLabels.joinedFullName(table);
                if (joined.isPresent()) {
                    return new Col(joined.get().expr(alias), joined.get().shown(), table, alias, rowKey);
                }
            }
            ColumnBinding c = pick(table, ref);
            return new Col(Sql.col(alias, c.column()), c, table, alias, rowKey);
        }

        /** The display column of the table a reference column points to, joined many-to-one. */
        Col display(Col ref) {
            Link link = ref.column().reference();
            TableBinding target = binding.tables().stream().filter(t -> t.table().equals(link.toTable())).findFirst()
                    .orElseThrow(() -> fail(new BindFailure.NoPath("the table " + link.toTable() + " is not known")));
            String named = target.bound() ? target.concept() : target.table();
            RowLabels.Label label = target.bound() ? RowLabels.of(target).orElseThrow(() -> fail(
                    new BindFailure.NoRole(named + " has no column that names its rows")))
                    : lookupLabel(link, target).orElseThrow(() -> fail(new BindFailure.NoPath(link.toTable()
                    + " is not bound to a concept")));
            if (label.parts().stream().anyMatch(c -> shownNames.refused(target, c))) {
                throw fail(new BindFailure.OutOfScope(named + " names are personal data"));
            }
            String fromAlias = ref.alias();
            String key = "@" + fromAlias + "/" + link;
            String alias = join(key, fromAlias, link, target);
            return new Col(label.expr(alias), label.shown(), target, alias, Sql.col(alias, link.toColumn()));
        }

        /**
         * The label of an unbound table that is a lookup of the codes {@code link} holds ({@code RefGender}: a code
         * and its description): the declared foreign key points at its whole primary key, so each code reaches at
         * most one row, and exactly one other text column is named as a description or name. Empty otherwise.
         */
        Optional<RowLabels.Label> lookupLabel(Link link, TableBinding target) {
            if (!binding.reachesLookup(link)) {
                return Optional.empty();
            }
            List<ColumnBinding> labels = target.columns().stream()
                    .filter(c -> !c.column().equals(link.toColumn()) && c.typeClass() == TypeClass.TEXT)
                    .filter(c -> c.tokens().stream().anyMatch(LOOKUP_LABEL_WORDS::contains)).toList();
            return labels.size() == 1 ? Optional.of(new RowLabels.Label(labels.get(0), List.of(labels.get(0))))
                    : Optional.empty();
        }

        String join(String key, String fromAlias, Link link, TableBinding target) {
            String existing = joinAliases.get(key);
            if (existing != null) {
                return existing;
            }
            String alias = "j" + (next++);
            joinAliases.put(key, alias);
            tables.add(target.table());
            Predicate on = Sql.eq(Sql.col(alias, link.toColumn()), Sql.col(fromAlias, link.fromColumn()));
            Optional<Refinement> kind = refinementOf(target);
            if (kind.isPresent()) {
                on = Sql.and(on, restrict(kind.get(), alias)); // only rows of that kind are reached
            }
            Optional<Predicate> alive = keepLive(target, alias, false);
            if (alive.isPresent()) {
                on = Sql.and(on, alive.get()); // a deleted row is not there to be reached
            }
            if (ranking) {
                // "which ward had the most …": the member that stands for no ward is not a ward to rank
                Optional<Predicate> real = entityRows(target, alias, false);
                if (real.isPresent()) {
                    on = Sql.and(on, real.get());
                }
            }
            joins.add(new Object[] {Sql.table(target.table(), alias), on});
            return alias;
        }

        Link oneLink(TableBinding from, TableBinding to) {
            List<Link> links = binding.linksFrom(from.table()).stream().filter(l -> l.toTable().equals(to.table()))
                    .toList();
            if (links.isEmpty()) {
                throw fail(new BindFailure.NoPath("no foreign key leads from " + from.concept() + " to "
                        + to.concept()));
            }
            if (links.size() > 1) {
                throw fail(new BindFailure.Ambiguous(from.concept() + " refers to " + to.concept()
                        + " in several ways", links.stream().map(Link::toString).toList()));
            }
            return links.get(0);
        }

        ValueExpr.ColumnRef primaryKey() {
            if (subject.primaryKey().isEmpty()) {
                throw fail(new BindFailure.NoRole(subject.concept() + " has no primary key to order its rows by"));
            }
            if (subject.primaryKey().size() > 1) {
                throw fail(new BindFailure.OutOfScope(subject.concept() + " has a composite key"));
            }
            return Sql.col(subjectAlias, subject.primaryKey().get(0));
        }

        String label(ColumnRef ref, Col c) {
            boolean own = ref.concept().trim().equalsIgnoreCase(subject.concept());
            boolean naming = c.column().role() == ColumnRole.NAME || c.column().role() == ColumnRole.FULL_NAME
                    || c.column().reference() != null;
            if (!own && naming) {
                return conceptSingular(c.table());
            }
            if (c.column().reference() != null) {
                Optional<TableBinding> t = binding.tables().stream()
                        .filter(x -> x.table().equals(c.column().reference().toTable()) && x.bound()).findFirst();
                if (t.isPresent()) {
                    return conceptSingular(t.get());
                }
            }
            return words(c.column());
        }
    }

    // -------------------------------------------------------------------- shared helpers

    /** The rows of a concept: its own table, else the view of its realised refinement. */
    private Optional<TableBinding> rowsOf(String concept) {
        return binding.rowsOf(concept);
    }

    /** The refinement {@code t} is the view of; empty for a table bound to its concept itself. */
    private Optional<Refinement> refinementOf(TableBinding t) {
        if (!t.bound()) {
            return Optional.empty(); // a lookup table reached for its labels holds no concept, so no kind of one
        }
        return binding.tableOf(t.concept()).isPresent() ? Optional.empty() : binding.refinementOf(t.concept());
    }

    /**
     * What keeps the marked rows of {@code t} at {@code alias} out: deleted rows always, retired ones only where the
     * table's own rows are read ({@code ownRows}). Empty when the table has no such column.
     */
    private Optional<Predicate> live(TableBinding t, String alias, boolean ownRows) {
        List<Predicate> all = new ArrayList<>();
        for (SoftDelete d : t.softDeletes()) {
            if (!ownRows && d.reach() == SoftDelete.Reach.RETIRED) {
                continue;
            }
            ValueExpr col = Sql.col(alias, d.column().column());
            if (d.byStatus()) {
                List<ValueExpr> voids = d.voidValues().stream().<ValueExpr>map(v -> Sql.param(SqlValue.of(v))).toList();
                all.add(Sql.or(new Predicate.InList(col, voids, true), Sql.isNull(col)));
                continue;
            }
            if (d.liveValue() == null) {
                all.add(Sql.isNull(col));
                continue;
            }
            SqlValue value;
            switch (d.column().typeClass()) {
                case BOOLEAN:
                    value = SqlValue.of(false);
                    break;
                case NUMERIC:
                    value = SqlValue.of(new BigDecimal(d.liveValue().trim()));
                    break;
                default:
                    value = SqlValue.of(d.liveValue());
                    break;
            }
            Predicate keep = Sql.eq(col, Sql.param(value));
            all.add(d.nullIsLive() ? Sql.or(keep, Sql.isNull(col)) : keep);
        }
        return all.isEmpty() ? Optional.empty() : Optional.of(Sql.and(all));
    }

    /** The current version of each row of a table that keeps versions (see {@link RowVersions}). */
    private static Predicate currentRows(RowVersions v, String alias) {
        ValueExpr col = Sql.col(alias, v.current().column());
        if (v.currentValue() == null) {
            return Sql.isNull(col);
        }
        if (v.byOpenEnd()) {
            return Sql.compare(col, Predicate.CompareOp.GE, Sql.param(SqlValue.of(LocalDate.parse(v.currentValue()))));
        }
        switch (v.current().typeClass()) {
            case BOOLEAN:
                return Sql.eq(col, Sql.param(SqlValue.of(true)));
            case NUMERIC:
                return Sql.eq(col, Sql.param(SqlValue.of(new BigDecimal(v.currentValue().trim()))));
            default:
                return Sql.eq(col, Sql.param(SqlValue.of(v.currentValue())));
        }
    }

    /** The rows at {@code alias} that are not placeholder members; empty when the table has none. */
    private static Optional<Predicate> notPlaceholder(TableBinding t, String alias) {
        if (t.placeholders().isEmpty()) {
            return Optional.empty();
        }
        List<SqlValue> values = new ArrayList<>();
        for (org.tally.core.binding.Placeholder ph : t.placeholders()) {
            values.add(keyValue(ph.key(), ph.value()));
        }
        ValueExpr key = Sql.col(alias, t.placeholders().get(0).key().column());
        return Optional.of(values.size() == 1 ? Sql.compare(key, Predicate.CompareOp.NE, Sql.param(values.get(0)))
                : Sql.not(Sql.in(key, values.toArray(new SqlValue[0]))));
    }

    private static SqlValue keyValue(ColumnBinding key, String value) {
        if (key.typeClass() == TypeClass.NUMERIC) {
            return SqlValue.of(new BigDecimal(value.trim()));
        }
        return SqlValue.of(value);
    }

    private static String capitalised(String words) {
        return words.isEmpty() ? words : Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    /** The refinement's restrictions on the rows at {@code alias}, AND-ed. */
    private Predicate restrict(Refinement kind, String alias) {
        List<Predicate> all = new ArrayList<>();
        for (Restriction x : kind.restrictions()) {
            ValueExpr col = Sql.col(alias, x.column().column());
            if (x instanceof Restriction.ValueIn v) {
                List<SqlValue> values = new ArrayList<>();
                for (String value : v.values()) {
                    values.add(observedValue(kind, x.column(), value));
                }
                all.add(values.size() == 1 ? Sql.eq(col, Sql.param(values.get(0)))
                        : Sql.in(col, values.toArray(new SqlValue[0])));
            } else if (x instanceof Restriction.IsNull) {
                all.add(Sql.isNull(col));
            } else if (x instanceof Restriction.NotNull) {
                all.add(Sql.isNotNull(col));
            } else {
                Restriction.Compare cmp = (Restriction.Compare) x;
                all.add(Sql.compare(col, op(org.tally.core.spec.CompareOp.fromJson(cmp.op().name())),
                        Sql.param(SqlValue.of(cmp.value()))));
            }
        }
        return Sql.and(all);
    }

    /** An observed value as the column's type holds it. */
    private static SqlValue observedValue(Refinement kind, ColumnBinding c, String value) {
        switch (c.typeClass()) {
            case TEXT:
                return SqlValue.of(value);
            case NUMERIC:
                try {
                    return SqlValue.of(new BigDecimal(value.trim()));
                } catch (NumberFormatException e) {
                    break;
                }
            case BOOLEAN:
                Boolean truth = org.tally.core.binding.YesNoSpellings.meaning(value);
                if (truth != null) {
                    return SqlValue.of(truth);
                }
                break;
            default:
                break;
        }
        throw fail(new BindFailure.OutOfScope("what makes a row a " + kind.concept() + " (" + c.column()
                + " = '" + value + "') cannot be written for a " + c.typeClass() + " column"));
    }

    /** The restriction of {@code kind} on the column {@code c} resolved to, or null. */
    private static Restriction restrictionOn(Refinement kind, Col c) {
        if (!c.table().table().equals(kind.table())) {
            return null;
        }
        for (Restriction x : kind.restrictions()) {
            if (x.column().column().equals(c.column().column())) {
                return x;
            }
        }
        return null;
    }

    /**
     * A question's condition on the column that makes a row a {@code kind}: it must select rows of that kind, or no
     * row can satisfy both (an emergency visit of outpatient type). Conditions that agree are kept, AND-ed.
     */
    private void agreeWithKind(Filter f, Col c, Refinement kind) {
        Restriction x = restrictionOn(kind, c);
        if (x == null) {
            return;
        }
        String what = conceptPluralOf(kind.concept()) + " are " + kind.describe(basePlural(kind));
        boolean agrees;
        if (x instanceof Restriction.IsNull) {
            agrees = f instanceof Filter.IsNull;
        } else if (x instanceof Restriction.NotNull || x instanceof Restriction.Compare) {
            agrees = !(f instanceof Filter.IsNull);
        } else {
            List<String> kindValues = ((Restriction.ValueIn) x).values();
            if (f instanceof Filter.IsNotNull) {
                agrees = true;
            } else if (f instanceof Filter.IsNull) {
                agrees = false;
            } else if (f instanceof Filter.IsTrue || f instanceof Filter.IsFalse) {
                Boolean wanted = f instanceof Filter.IsTrue;
                agrees = kindValues.stream().anyMatch(v -> wanted.equals(org.tally.core.binding.YesNoSpellings
                        .meaning(v)));
            } else if (f instanceof Filter.Compare cmp && cmp.op() == org.tally.core.spec.CompareOp.EQ) {
                agrees = kindValues.stream().anyMatch(v -> sameValue(v, cmp.value()));
            } else if (f instanceof Filter.Compare cmp && cmp.op() == org.tally.core.spec.CompareOp.NE) {
                agrees = kindValues.stream().anyMatch(v -> !sameValue(v, cmp.value()));
            } else if (f instanceof Filter.In in) {
                agrees = kindValues.stream().anyMatch(v -> in.values().stream().anyMatch(l -> sameValue(v, l)));
            } else {
                throw fail(new BindFailure.OutOfScope(f.describe() + " compares the " + words(c.column())
                        + " that makes a row one of the " + what));
            }
        }
        if (!agrees) {
            throw fail(new BindFailure.UnsatisfiableFilter("no " + conceptSingularOf(kind.concept()) + " has "
                    + f.describe() + ": " + what));
        }
    }

    private static boolean sameValue(String observed, Literal l) {
        if (l instanceof Literal.StringValue sv) {
            return observed.equals(sv.value());
        }
        if (l instanceof Literal.NumberValue nv) {
            try {
                return new BigDecimal(observed.trim()).compareTo(nv.value()) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        if (l instanceof Literal.BooleanValue bv) {
            return Boolean.valueOf(bv.value()).equals(org.tally.core.binding.YesNoSpellings.meaning(observed));
        }
        return false;
    }

    /** What a refined concept's rows are, in words ("encounters with encounter type emergency"); null otherwise. */
    String kindWords(String concept) {
        return binding.refinementOf(concept).map(k -> k.describe(basePlural(k))).orElse(null);
    }

    private String basePlural(Refinement kind) {
        return conceptPluralOf(kind.baseConcept());
    }

    /** A concept id in words, its case as written or not ("icustay" → "icu stays"). */
    String conceptPluralOf(String concept) {
        return pack.concepts().stream().filter(c -> c.id().equalsIgnoreCase(concept.trim())).findFirst()
                .map(Concept::plural).orElse(concept).toLowerCase(Locale.ROOT);
    }

    private String conceptSingularOf(String concept) {
        return pack.concept(concept).map(Concept::singular).orElse(concept).toLowerCase(Locale.ROOT);
    }

    /** The one column of {@code table} with the reference's role and hint; several fitting is ambiguous. */
    private ColumnBinding pick(TableBinding table, ColumnRef ref) {
        ColumnRole role = ref.role();
        List<ColumnBinding> withRole = table.columnsWithRole(role);
        if (withRole.isEmpty()) {
            throw fail(new BindFailure.NoRole(table.concept() + " has no " + role.jsonName() + " column"));
        }
        String hint = ref.hint() == null ? null : ref.hint().trim().toLowerCase(Locale.ROOT);
        if (hint == null || hint.isEmpty()) {
            if (withRole.size() == 1) {
                return withRole.get(0);
            }
            throw fail(new BindFailure.Ambiguous(table.concept() + " has several " + role.jsonName() + " columns",
                    withRole.stream().map(c -> words(c)).toList()));
        }
        List<String> tokens = List.of(hint.split("\\s+"));
        List<ColumnBinding> fit = withRole.stream().filter(c -> c.tokens().containsAll(tokens)).toList();
        if (fit.isEmpty()) {
            List<String> phrase = names.phrase(hint);
            fit = withRole.stream().filter(c -> !phrase.isEmpty() && c.tokens().containsAll(phrase)).toList();
        }
        if (fit.size() > 1) {
            List<ColumnBinding> exact = fit.stream().filter(c -> c.tokens().equals(tokens)).toList();
            if (exact.size() == 1) {
                return exact.get(0);
            }
            throw fail(new BindFailure.Ambiguous(table.concept() + " has several " + role.jsonName()
                    + " columns named like '" + hint + "'", fit.stream().map(c -> words(c)).toList()));
        }
        if (fit.isEmpty()) {
            throw fail(new BindFailure.NoRole(table.concept() + " has no " + role.jsonName() + " column named like '"
                    + hint + "'"));
        }
        return fit.get(0);
    }

    private static boolean equality(Filter f) {
        return f instanceof Filter.Compare && ((Filter.Compare) f).op() == org.tally.core.spec.CompareOp.EQ;
    }

    private static Predicate.CompareOp op(org.tally.core.spec.CompareOp op) {
        return switch (op) {
            case EQ -> Predicate.CompareOp.EQ;
            case NE -> Predicate.CompareOp.NE;
            case LT -> Predicate.CompareOp.LT;
            case LE -> Predicate.CompareOp.LE;
            case GT -> Predicate.CompareOp.GT;
            case GE -> Predicate.CompareOp.GE;
        };
    }

    private static OrderItem.Direction direction(OrderKey k) {
        return k.direction() == org.tally.core.spec.Direction.DESC ? OrderItem.Direction.DESC : OrderItem.Direction.ASC;
    }

    private static ValueExpr.BucketUnit bucket(org.tally.core.spec.Bucket b) {
        return switch (b) {
            case HOUR -> ValueExpr.BucketUnit.HOUR;
            case DAY -> ValueExpr.BucketUnit.DAY;
            case WEEK -> ValueExpr.BucketUnit.WEEK;
            case MONTH -> ValueExpr.BucketUnit.MONTH;
            case QUARTER -> ValueExpr.BucketUnit.QUARTER;
            case YEAR -> ValueExpr.BucketUnit.YEAR;
        };
    }

    private static String unique(Set<String> used, String label) {
        String l = label;
        int n = 2;
        while (!used.add(l.toLowerCase(Locale.ROOT))) {
            l = label + " " + n++;
        }
        return l;
    }

    /** A column in words: its name tokens ("delivery mode"). */
    static String words(ColumnBinding c) {
        return c.tokens().isEmpty() ? c.column() : String.join(" ", c.tokens());
    }

    /** The words for a column reference in an explanation. */
    String words(ColumnRef ref) {
        try {
            Optional<TableBinding> t = rowsOf(ref.concept());
            if (t.isPresent() && ref.role() == ColumnRole.FULL_NAME) {
                return conceptSingular(t.get());
            }
            if (t.isPresent()) {
                ColumnBinding c = pick(t.get(), ref);
                boolean naming = c.role() == ColumnRole.NAME || c.role() == ColumnRole.FULL_NAME;
                return naming ? conceptSingular(t.get()) : words(c);
            }
        } catch (Failure ignored) {
            // fall back to the spec's own description
        }
        return ref.describe();
    }

    private String conceptPlural(TableBinding t) {
        if (t.concept() == null) {
            return String.join(" ", pack.nameTokens().table(t.table()).tokens()); // a lookup reached for its labels
        }
        return pack.concept(t.concept()).map(Concept::plural).orElse(t.concept()).toLowerCase(Locale.ROOT);
    }

    private String conceptSingular(TableBinding t) {
        if (t.concept() == null) {
            return String.join(" ", pack.nameTokens().table(t.table()).tokens());
        }
        return pack.concept(t.concept()).map(Concept::singular).orElse(t.concept()).toLowerCase(Locale.ROOT);
    }

    static LocalDate dayBefore(LocalDate d) {
        return d.minusDays(1);
    }
}
