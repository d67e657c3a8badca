package org.tally.core.binder;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Link;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.RowVersions;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.TypeClass;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;
import org.tally.core.spec.ValueRef;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlValue;
import org.tally.core.sql.ValueExpr;

/**
 * One spec being bound: the aliases, joins and reads met so far, in the order met (which numbers the aliases and
 * orders the notes), and the resolution of column references to the tables and columns that hold them. The shape, the
 * conditions and the related scopes are bound by their own classes over this state.
 */
final class Resolution {

    /** Words naming the text column of a lookup table that says what its code means. */
    static final Set<String> LOOKUP_LABEL_WORDS = Set.of("description", "name", "label", "title", "meaning");

    final Binding binding;
    final NameTokens names;
    final Clock clock;
    final ShownNames shownNames;
    final Words words;
    final ShapeResolver shapes;
    final ConditionResolver conditions;
    final RelatedResolver relateds;
    final QuerySpec spec;
    final TableBinding subject;
    final Map<String, String> joinAliases = new LinkedHashMap<>();
    final List<BoundSpec.Read> reads = new ArrayList<>();
    final Set<String> tables = new LinkedHashSet<>();
    /** A ranking ("which ward had the most …"): a placeholder member is no candidate for first place. */
    final boolean ranking;
    /** Query aliases whose rows are a refined concept's: filters on them must agree with its restrictions. */
    final Map<String, Refinement> refinedAt = new LinkedHashMap<>();
    int next = 1;

    Resolution(Binding binding, DomainPack pack, Clock clock, Words words, QuerySpec spec, TableBinding subject) {
        this.binding = binding;
        this.names = pack.nameTokens();
        this.clock = clock;
        this.shownNames = new ShownNames(pack);
        this.words = words;
        this.shapes = new ShapeResolver(this);
        this.conditions = new ConditionResolver(this);
        this.relateds = new RelatedResolver(this);
        this.spec = spec;
        this.subject = subject;
        tables.add(subject.table());
        refinementOf(subject).ifPresent(r -> refinedAt.put(SpecResolver.SUBJECT, r));
        this.ranking = spec.limit() != null && spec.order().stream().anyMatch(k -> k instanceof OrderKey.ByMeasure);
    }

    Resolved<BoundSpec> run() {
        Refinement kind = refinedAt.get(SpecResolver.SUBJECT);
        if (kind != null) {
            Resolved<Boolean> writable = RowScopes.writable(kind);
            if (writable.failed()) {
                return writable.stop();
            }
        }
        reads.add(new BoundSpec.SubjectRows(subject, kind));
        List<BoundCondition> where = new ArrayList<>();
        for (Filter f : spec.filters()) {
            Resolved<BoundCondition> c = conditions.filter(f, SpecResolver.SUBJECT, subject);
            if (c.failed()) {
                return c.stop();
            }
            where.add(c.value());
        }
        TimeScope scope = spec.timeScope();
        if (scope != null) {
            Resolved<BoundColumn> c = column(scope.column());
            if (c.failed()) {
                return c.stop();
            }
            boolean yearOnly = ConditionResolver.yearOnly(c.value());
            if (yearOnly && scope.bucket() != null) {
                return Resolved.fail(new BindFailure.OutOfScope(subject.concept() + " " + Words.of(c.value().column())
                        + " keeps only the year: it has no " + scope.bucket().jsonName() + " to count by"));
            }
            Resolved<Boolean> temporal = yearOnly ? Resolved.ok(true) : conditions.requireTemporal(c.value());
            if (temporal.failed()) {
                return temporal.stop();
            }
            if (scope.from() != null) {
                Resolved<SqlValue> from = yearOnly ? conditions.yearBound(scope.from(), c.value())
                        : conditions.value(scope.from(), c.value());
                if (from.failed()) {
                    return from.stop();
                }
                where.add(new BoundCondition.Compare(c.value().expr(), Predicate.CompareOp.GE, from.value()));
            }
            if (scope.to() != null) {
                Resolved<SqlValue> to = yearOnly ? conditions.yearBound(scope.to(), c.value())
                        : conditions.value(scope.to(), c.value());
                if (to.failed()) {
                    return to.stop();
                }
                where.add(new BoundCondition.Compare(c.value().expr(), Predicate.CompareOp.LT, to.value()));
            }
        }
        for (RelatedScope r : spec.related()) {
            Resolved<BoundRelated> related = relateds.related(r);
            if (related.failed()) {
                return related.stop();
            }
            where.add(new BoundCondition.Related(related.value()));
        }
        Resolved<Boolean> decided = shapes.rateNotDecided();
        if (decided.failed()) {
            return decided.stop();
        }
        Shape shape = spec.shape();
        Resolved<? extends BoundSpec.Shape> shaped = shape == Shape.EXISTS ? shapes.probe()
                : shape == Shape.LIST || shape == Shape.LOOKUP ? shapes.list() : shapes.aggregate();
        if (shaped.failed()) {
            return shaped.stop();
        }
        return Resolved.ok(new BoundSpec(spec, subject, where, shaped.value(), reads, List.copyOf(tables)));
    }

    /** The mark of deleted rows decides which rows exist: a condition or grouping on it would read nothing. */
    Resolved<Boolean> refuseIfDeletionMark(BoundColumn c, String what) {
        if (c.table().marksDeletion(c.column().column())) {
            return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                    + " marks deleted or retired rows, which are never read, so it " + what));
        }
        if (c.table().keepsVersions(c.column().column())) {
            return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                    + " keeps the versions of its rows (" + c.table().versions().describe() + " is the current"
                    + " one), not a fact about them, so it " + what));
        }
        return Resolved.ok(true);
    }

    /**
     * The key that tells the rows of {@code target} apart as entities: its entity key when the table keeps
     * versions of its rows (two versions of one consultant are one consultant), else {@code rowKey}.
     */
    Resolved<ValueExpr.ColumnRef> entityKey(TableBinding target, String alias, ValueExpr.ColumnRef rowKey,
                                            String what) {
        RowVersions v = target.versions();
        if (v == null || rowKey == null) {
            return Resolved.ok(rowKey);
        }
        if (v.entityKey() == null) {
            return Resolved.fail(new BindFailure.OutOfScope(words.plural(target) + " are kept as versions of their"
                    + " rows (" + v.describe() + " is the current one) and no column names a "
                    + words.singular(target) + " across its versions, so " + what + " cannot be told per "
                    + words.singular(target) + " (an override can name it: \"entityKey\": true)"));
        }
        readOnly(Words.capitalised(words.plural(target)) + " told apart by " + v.entityKey().column()
                + " across their row versions");
        return Resolved.ok(Sql.col(alias, v.entityKey().column()));
    }

    /** A joined name is as personal as its parts, which its binding carries. */
    Resolved<Boolean> refuseIfPersonal(BoundColumn c, String what) {
        if (shownNames.refused(c.table(), c.column())) {
            return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                    + " is personal data and " + what));
        }
        return Resolved.ok(true);
    }

    void leftOut(String text) {
        reads.add(new BoundSpec.Note(true, text));
    }

    void readOnly(String text) {
        reads.add(new BoundSpec.Note(false, text));
    }

    // ---------------------------------------------------------------- columns and joins

    Resolved<ValueExpr> valueExpr(ValueRef v) {
        if (v instanceof ColumnRef columnRef) {
            return column(columnRef).map(BoundColumn::expr);
        }
        DurationRef d = (DurationRef) v;
        Resolved<BoundColumn> start = column(d.start());
        if (start.failed()) {
            return start.stop();
        }
        Resolved<BoundColumn> end = column(d.end());
        if (end.failed()) {
            return end.stop();
        }
        Resolved<Boolean> temporal = conditions.requireTemporal(start.value()).then(x -> conditions.requireTemporal(end.value()));
        if (temporal.failed()) {
            return temporal.stop();
        }
        Sql.DurationUnit unit = switch (d.unit()) {
            case DAYS -> Sql.DurationUnit.DAYS;
            case HOURS -> Sql.DurationUnit.HOURS;
            case MINUTES -> Sql.DurationUnit.MINUTES;
        };
        if (d.mode() == DurationMode.AS_OF_NOW) {
            return Resolved.ok(Sql.durationAsOf(start.value().expr(), end.value().expr(), LocalDateTime.now(clock),
                    unit));
        }
        return Resolved.ok(Sql.duration(start.value().expr(), end.value().expr(), unit));
    }

    Resolved<BoundColumn> column(ColumnRef ref) {
        String concept = ref.concept().trim();
        if (concept.equalsIgnoreCase(subject.concept())) {
            if (ref.via() != null) {
                return Resolved.fail(new BindFailure.OutOfScope(ref.describe() + " goes via another concept to the"
                        + " subject"));
            }
            return at(subject, SpecResolver.SUBJECT, ref, null);
        }
        TableBinding at = subject;
        String alias = SpecResolver.SUBJECT;
        String pathKey = "";
        Link last = null;
        for (String hop : hopsOf(ref)) {
            Optional<TableBinding> found = binding.rowsOf(hop);
            if (found.isEmpty()) {
                return Resolved.fail(new BindFailure.NoSubject("no table of this source is bound to " + hop));
            }
            TableBinding target = found.get();
            Resolved<Link> link = oneLink(at, target);
            if (link.failed()) {
                return link.stop();
            }
            Optional<Refinement> kind = refinementOf(target);
            pathKey += "/" + link.value() + kind.map(k -> "#" + k.concept()).orElse("");
            boolean fresh = !joinAliases.containsKey(pathKey);
            alias = join(pathKey, alias, link.value(), target);
            if (fresh && kind.isPresent()) {
                Resolved<Boolean> writable = RowScopes.writable(kind.get());
                if (writable.failed()) {
                    return writable.stop();
                }
            }
            if (kind.isPresent()) {
                refinedAt.put(alias, kind.get());
            }
            at = target;
            last = link.value();
        }
        return at(at, alias, ref, Sql.col(alias, last.toColumn()));
    }

    /** The concepts a reference to another concept's column walks through: its via (if any), then its own. */
    List<String> hopsOf(ColumnRef ref) {
        return ref.via() == null ? List.of(ref.concept().trim()) : List.of(ref.via().trim(), ref.concept().trim());
    }

    /** The column {@code ref} names on {@code table}: a physical column, or a person's joined full name. */
    Resolved<BoundColumn> at(TableBinding table, String alias, ColumnRef ref, ValueExpr.ColumnRef rowKey) {
        boolean plain = ref.hint() == null || ref.hint().isBlank();
        if (ref.role() == ColumnRole.FULL_NAME && plain) {
            Optional<RowLabels.Label> joined = RowLabels.joinedFullName(table);
            if (joined.isPresent()) {
                return Resolved.ok(new BoundColumn(joined.get().expr(alias), joined.get().shown(), table, alias, rowKey));
            }
        }
        return SpecResolver.pick(table, ref, names).map(c -> new BoundColumn(Sql.col(alias, c.column()), c, table, alias, rowKey));
    }

    /** The display column of the table a reference column points to, joined many-to-one. */
    Resolved<BoundColumn> display(BoundColumn ref) {
        Link link = ref.column().reference();
        Optional<TableBinding> found = binding.tables().stream().filter(t -> t.table().equals(link.toTable()))
                .findFirst();
        if (found.isEmpty()) {
            return Resolved.fail(new BindFailure.NoPath("the table " + link.toTable() + " is not known"));
        }
        TableBinding target = found.get();
        String named = target.bound() ? target.concept() : target.table();
        Optional<RowLabels.Label> labelRead = target.bound() ? RowLabels.of(target) : lookupLabel(link, target);
        if (labelRead.isEmpty()) {
            return Resolved.fail(target.bound() ? new BindFailure.NoRole(named + " has no column that names its rows")
                    : new BindFailure.NoPath(link.toTable() + " is not bound to a concept"));
        }
        RowLabels.Label label = labelRead.get();
        if (label.parts().stream().anyMatch(c -> shownNames.refused(target, c))) {
            return Resolved.fail(new BindFailure.OutOfScope(named + " names are personal data"));
        }
        String fromAlias = ref.alias();
        String key = "@" + fromAlias + "/" + link;
        String alias = join(key, fromAlias, link, target);
        return Resolved.ok(new BoundColumn(label.expr(alias), label.shown(), target, alias, Sql.col(alias,
                link.toColumn())));
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

    /** The alias of the many-to-one join {@code key} names, made (and its rows read) the first time. */
    String join(String key, String fromAlias, Link link, TableBinding target) {
        String existing = joinAliases.get(key);
        if (existing != null) {
            return existing;
        }
        String alias = "j" + (next++);
        joinAliases.put(key, alias);
        tables.add(target.table());
        reads.add(new BoundSpec.JoinedRows(alias, fromAlias, link, target, refinementOf(target).orElse(null)));
        return alias;
    }

    Resolved<Link> oneLink(TableBinding from, TableBinding to) {
        List<Link> links = binding.linksFrom(from.table()).stream().filter(l -> l.toTable().equals(to.table()))
                .toList();
        if (links.isEmpty()) {
            return Resolved.fail(new BindFailure.NoPath("no foreign key leads from " + from.concept() + " to "
                    + to.concept()));
        }
        if (links.size() > 1) {
            return Resolved.fail(new BindFailure.Ambiguous(from.concept() + " refers to " + to.concept()
                    + " in several ways", links.stream().map(Link::toString).toList()));
        }
        return Resolved.ok(links.get(0));
    }

    Resolved<ValueExpr.ColumnRef> primaryKey() {
        if (subject.primaryKey().isEmpty()) {
            return Resolved.fail(new BindFailure.NoRole(subject.concept() + " has no primary key to order its rows"
                    + " by"));
        }
        if (subject.primaryKey().size() > 1) {
            return Resolved.fail(new BindFailure.OutOfScope(subject.concept() + " has a composite key"));
        }
        return Resolved.ok(Sql.col(SpecResolver.SUBJECT, subject.primaryKey().get(0)));
    }

    String label(ColumnRef ref, BoundColumn c) {
        boolean own = ref.concept().trim().equalsIgnoreCase(subject.concept());
        boolean naming = c.column().role() == ColumnRole.NAME || c.column().role() == ColumnRole.FULL_NAME
                || c.column().reference() != null;
        if (!own && naming) {
            return words.singular(c.table());
        }
        if (c.column().reference() != null) {
            Optional<TableBinding> t = binding.tables().stream()
                    .filter(x -> x.table().equals(c.column().reference().toTable()) && x.bound()).findFirst();
            if (t.isPresent()) {
                return words.singular(t.get());
            }
        }
        return Words.of(c.column());
    }

    /** The refinement {@code t} is the view of; empty for a table bound to its concept itself. */
    Optional<Refinement> refinementOf(TableBinding t) {
        if (!t.bound()) {
            return Optional.empty(); // a lookup table reached for its labels holds no concept, so no kind of one
        }
        return binding.tableOf(t.concept()).isPresent() ? Optional.empty() : binding.refinementOf(t.concept());
    }
}
