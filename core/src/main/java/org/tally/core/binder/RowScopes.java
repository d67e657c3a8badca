package org.tally.core.binder;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Placeholder;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.Restriction;
import org.tally.core.binding.RowVersions;
import org.tally.core.binding.SoftDelete;
import org.tally.core.binding.TableBinding;
import org.tally.core.binding.YesNoSpellings;
import org.tally.core.catalog.TypeClass;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.OrderKey;
import org.tally.core.sql.Exprs;
import org.tally.core.sql.Join;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.Relation;
import org.tally.core.sql.SelectItem;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlExpr;
import org.tally.core.sql.SqlQuery;
import org.tally.core.sql.SqlValue;
import org.tally.core.sql.ValueExpr;

/**
 * The row-scope pass over a planned query: every table read keeps only the rows that count as it is read. A concept
 * held as a kind of another ({@link Refinement}) reads its base table through the refinement's restrictions; a table
 * with a soft-delete column ({@link SoftDelete}) never shows its deleted rows, and shows its retired rows only where
 * other rows refer to them; a table that keeps versions of its rows ({@link RowVersions}) is read by its current rows
 * where its own rows are counted or tested; a placeholder member ({@link Placeholder}: "Unknown") is no row of its
 * own, nor a candidate of a ranking. The conditions are written where each table enters the query: the subject's
 * WHERE first, a join's ON, a related scope's WHERE after its match. What was left out is said in the explanation.
 */
final class RowScopes {

    /** The query with its row scopes, and what the explanation says they did. */
    record Scoped(SqlQuery query, List<String> leftOut, List<String> readOnly) {
        Scoped {
            leftOut = List.copyOf(leftOut);
            readOnly = List.copyOf(readOnly);
        }
    }

    private RowScopes() {
    }

    static Scoped apply(SqlQuery planned, BoundSpec bound, Words words) {
        boolean ranking = bound.spec().limit() != null
                && bound.spec().order().stream().anyMatch(k -> k instanceof OrderKey.ByMeasure);
        Map<String, List<Predicate>> byAlias = new HashMap<>();
        Set<String> leftOut = new LinkedHashSet<>();
        Set<String> readOnly = new LinkedHashSet<>();
        Live live = new Live(askedFor(planned), leftOut, readOnly, words);
        for (BoundSpec.Read read : bound.reads()) {
            List<Predicate> kept = new ArrayList<>();
            String alias;
            if (read instanceof BoundSpec.SubjectRows s) {
                alias = SpecResolver.SUBJECT;
                restricted(s.kind(), alias, kept);
                live.keep(s.table(), alias, true, kept);
                entityRows(s.table(), alias, true, kept, leftOut, readOnly, words);
            } else if (read instanceof BoundSpec.JoinedRows j) {
                alias = j.alias();
                restricted(j.kind(), alias, kept); // only rows of that kind are reached
                live.keep(j.table(), alias, false, kept); // a deleted row is not there to be reached
                if (ranking) {
                    // "which ward had the most …": the member that stands for no ward is not a ward to rank
                    entityRows(j.table(), alias, false, kept, leftOut, readOnly, words);
                }
            } else if (read instanceof BoundSpec.RelatedRows r) {
                alias = r.alias();
                restricted(r.kind(), alias, kept);
                live.keep(r.table(), alias, true, kept);
                // the version a subject row points at is the one it had (as was); rows referring to the subject are
                // tested as entities: their current versions
                entityRows(r.table(), alias, r.referring(), kept, leftOut, readOnly, words);
            } else if (read instanceof BoundSpec.ScopeJoinedRows j) {
                alias = j.alias();
                live.keep(j.table(), alias, false, kept); // a deleted row is not there to be reached
            } else if (read instanceof BoundSpec.Note n) {
                (n.leftOut() ? leftOut : readOnly).add(n.text());
                continue;
            } else {
                throw new AssertionError(read);
            }
            if (!kept.isEmpty()) {
                byAlias.put(alias, kept);
            }
        }
        return new Scoped(rewrite(planned, byAlias), new ArrayList<>(leftOut), new ArrayList<>(readOnly));
    }

    // ---------------------------------------------------------------- writing the conditions into the query

    private static SqlQuery rewrite(SqlQuery q, Map<String, List<Predicate>> byAlias) {
        if (byAlias.isEmpty()) {
            return q;
        }
        SqlQuery.Builder b = q.toBuilder();
        List<Predicate> where = new ArrayList<>(byAlias.getOrDefault(SpecResolver.SUBJECT, List.of()));
        where.addAll(Exprs.conjuncts(q.where()));
        b.replaceWhere(where.isEmpty() ? Optional.empty() : Optional.of(inScopes(Sql.and(where), byAlias)));
        List<Join> joins = new ArrayList<>();
        for (Join j : q.joins()) {
            joins.add(new Join(j.type(), j.relation(), on(j, byAlias), j.cardinality()));
        }
        b.joins(joins);
        List<SelectItem> select = new ArrayList<>();
        for (SelectItem s : q.select()) {
            select.add(new SelectItem(inScopes(s.expr(), byAlias), s.alias()));
        }
        b.selectItems(select);
        return b.build();
    }

    private static Predicate on(Join j, Map<String, List<Predicate>> byAlias) {
        List<Predicate> extra = byAlias.get(alias(j.relation()));
        if (extra == null) {
            return j.on();
        }
        List<Predicate> on = new ArrayList<>(Exprs.conjuncts(Optional.of(j.on())));
        on.addAll(extra);
        return Sql.and(on);
    }

    /** The expression with every related scope in it given its rows' conditions, right after its match. */
    private static <T extends SqlExpr> T inScopes(T e, Map<String, List<Predicate>> byAlias) {
        return Exprs.rewrite(e, x -> {
            if (!(x instanceof Predicate.Exists ex)) {
                return Optional.empty();
            }
            List<Predicate> where = new ArrayList<>(Exprs.conjuncts(Optional.of(ex.where())));
            where.addAll(1, byAlias.getOrDefault(alias(ex.from()), List.of()));
            List<Join> joins = ex.joins().stream()
                    .map(j -> new Join(j.type(), j.relation(), on(j, byAlias), j.cardinality())).toList();
            return Optional.of(new Predicate.Exists(ex.from(), joins, Sql.and(where), ex.negated(), ex.atLeast(),
                    ex.atMost()));
        });
    }

    private static String alias(Relation r) {
        if (r instanceof Relation.TableRef t) {
            return t.alias();
        }
        throw new AssertionError("binding reads tables only: " + r);
    }

    // ---------------------------------------------------------------- what keeps a table's rows

    /** The refinement's restrictions on the rows at {@code alias}; none for a concept with a table of its own. */
    private static void restricted(Refinement kind, String alias, List<Predicate> out) {
        if (kind != null) {
            out.add(restrict(kind, alias));
        }
    }

    /**
     * What keeps the marked rows of each table read out: deleted and test rows always, retired ones only where the
     * table's own rows are read, rows referring to a test row through a declared key, and rows holding a status value
     * that voids them unless the question asks for those rows by name (a condition naming the value, a grouping by the
     * column: then they are read, and the explanation says so). Said in the explanation when it keeps anything out.
     *
     * @param asked the column values the question's conditions name ({@code alias.column=value}) and the columns it
     *              groups by ({@code alias.column})
     */
    private record Live(Set<String> asked, Set<String> leftOut, Set<String> readOnly, Words words) {

        void keep(TableBinding t, String alias, boolean ownRows, List<Predicate> out) {
            List<Predicate> all = new ArrayList<>();
            int through = 0;
            for (SoftDelete d : t.softDeletes()) {
                if (!ownRows && d.reach() == SoftDelete.Reach.RETIRED) {
                    continue;
                }
                ValueExpr col = Sql.col(alias, d.column().column());
                if (!d.own()) {
                    // NOT EXISTS (the referred row, marked): a row whose reference is empty or reaches no row stays
                    String x = alias + "x" + (++through);
                    Predicate match = Sql.eq(Sql.col(x, d.through().toColumn()), Sql.col(alias, d.through().fromColumn()));
                    all.add(new Predicate.Exists(Sql.table(d.through().toTable(), x), List.of(),
                            Sql.and(match, Sql.not(flagKeeps(d, Sql.col(x, d.column().column())))), true));
                    leftOut.add(words.plural(t) + " of " + words.pluralOfTable(d.through().toTable()) + " marked "
                            + Words.of(d.column()) + " (test rows, through " + d.through().fromColumn() + ")");
                    continue;
                }
                if (d.byStatus()) {
                    List<String> named = asked(alias, d);
                    if (!named.isEmpty()) {
                        readOnly.add("Included " + words.plural(t) + " with " + Words.of(d.column()) + " "
                                + String.join(" or ", named) + ", which are otherwise left out as no records,"
                                + " because the question asks about them");
                    }
                    List<String> still = d.voidValues().stream().filter(v -> !named.contains(v)).toList();
                    if (still.isEmpty()) {
                        continue;
                    }
                    List<ValueExpr> voids = still.stream().<ValueExpr>map(v -> Sql.param(typed(d.column(), v)))
                            .toList();
                    all.add(Sql.or(new Predicate.InList(col, voids, true), Sql.isNull(col)));
                    leftOut.add(words.plural(t) + " with " + Words.of(d.column()) + " " + String.join(" or ", still));
                    continue;
                }
                all.add(d.liveValue() == null ? Sql.isNull(col) : flagKeeps(d, col));
                boolean liveIsYes = d.liveValue() != null && Boolean.TRUE.equals(YesNoSpellings.meaning(d.liveValue()));
                leftOut.add(words.plural(t) + (liveIsYes ? " not marked " : " marked ") + Words.of(d.column()));
            }
            if (!all.isEmpty()) {
                out.add(Sql.and(all));
            }
        }

        /**
         * The values of {@code d} the question asks for on the rows at {@code alias}: those a condition names, or all
         * of them when it groups by the column (each is then a labelled row of its own).
         */
        private List<String> asked(String alias, SoftDelete d) {
            String column = alias + "." + d.column().column();
            if (asked.contains(column)) {
                return d.voidValues();
            }
            return d.voidValues().stream()
                    .filter(v -> asked.contains(column + "=" + v.trim().toLowerCase(Locale.ROOT))).toList();
        }
    }

    /** The rows a flag keeps: its live value (or none, where none counts as live). */
    private static Predicate flagKeeps(SoftDelete d, ValueExpr col) {
        SqlValue value;
        switch (d.column().typeClass()) {
            case BOOLEAN:
                value = SqlValue.of(Boolean.parseBoolean(d.liveValue().trim()));
                break;
            case NUMERIC:
                value = SqlValue.of(new BigDecimal(d.liveValue().trim()));
                break;
            default:
                value = SqlValue.of(d.liveValue());
                break;
        }
        Predicate keep = Sql.eq(col, Sql.param(value));
        return d.nullIsLive() ? Sql.or(keep, Sql.isNull(col)) : keep;
    }

    /**
     * What the question asks about by name, anywhere in the query (related scopes and a rate's numerator included):
     * {@code alias.column=value} for each value an equality or IN condition names, and {@code alias.column} for each
     * grouping column.
     */
    private static Set<String> askedFor(SqlQuery q) {
        Set<String> out = new HashSet<>();
        for (ValueExpr g : q.groupBy()) {
            if (g instanceof ValueExpr.ColumnRef c) {
                out.add(c.alias() + "." + c.column());
            }
        }
        q.where().ifPresent(w -> named(w, out));
        q.joins().forEach(j -> named(j.on(), out));
        q.select().forEach(item -> named(item.expr(), out)); // a rate's numerator: "what percentage were cancelled"
        return out;
    }

    private static void named(SqlExpr e, Set<String> out) {
        if (e instanceof Predicate.Comparison c && c.op() == Predicate.CompareOp.EQ
                && c.left() instanceof ValueExpr.ColumnRef col) {
            text(c.right()).ifPresent(v -> out.add(col.alias() + "." + col.column() + "=" + v));
        } else if (e instanceof Predicate.InList in && !in.negated() && in.value() instanceof ValueExpr.ColumnRef col) {
            in.candidates().forEach(x -> text(x).ifPresent(v -> out.add(col.alias() + "." + col.column() + "=" + v)));
        } else if (e instanceof Predicate.Exists ex) {
            named(ex.where(), out);
            ex.joins().forEach(j -> named(j.on(), out));
        }
        Exprs.children(e).forEach(child -> named(child, out));
    }

    /** A literal's value as {@link #askedFor} compares it with a mark's values: trimmed, lower case. */
    private static Optional<String> text(ValueExpr e) {
        if (!(e instanceof ValueExpr.Literal l)) {
            return Optional.empty();
        }
        String v = l.value() instanceof SqlValue.Text t ? t.value()
                : l.value() instanceof SqlValue.Number n ? n.value().stripTrailingZeros().toPlainString()
                : l.value() instanceof SqlValue.Bool b ? String.valueOf(b.value()) : null;
        return Optional.ofNullable(v).map(x -> x.trim().toLowerCase(Locale.ROOT));
    }

    /** An observed value of a mark's column as the column's type holds it. */
    private static SqlValue typed(ColumnBinding c, String value) {
        if (c.typeClass() == TypeClass.BOOLEAN) {
            return SqlValue.of(Boolean.parseBoolean(value.trim()));
        }
        if (c.typeClass() == TypeClass.NUMERIC) {
            try {
                return SqlValue.of(new BigDecimal(value.trim()));
            } catch (NumberFormatException e) {
                return SqlValue.of(value);
            }
        }
        return SqlValue.of(value);
    }

    /**
     * The rows of {@code t} that are its entities: without its placeholder members and, with {@code current}, only
     * the current version of each row (a table read as its own rows; a fact's reference to a version keeps the
     * version it points at).
     */
    private static void entityRows(TableBinding t, String alias, boolean current, List<Predicate> out,
                                   Set<String> leftOut, Set<String> readOnly, Words words) {
        RowVersions v = t.versions();
        if (current && v != null) {
            out.add(currentRows(v, alias));
            readOnly.add("Read only the current version of each " + words.singular(t) + " (" + v.describe() + ")");
        }
        if (!t.placeholders().isEmpty()) {
            out.add(notPlaceholder(t, alias));
            t.placeholders().forEach(ph -> leftOut.add("the " + ph.describe() + " of " + words.plural(t)));
        }
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

    /** The rows at {@code alias} that are not placeholder members. */
    private static Predicate notPlaceholder(TableBinding t, String alias) {
        List<SqlValue> values = new ArrayList<>();
        for (Placeholder ph : t.placeholders()) {
            values.add(keyValue(ph.key(), ph.value()));
        }
        ValueExpr key = Sql.col(alias, t.placeholders().get(0).key().column());
        return values.size() == 1 ? Sql.compare(key, Predicate.CompareOp.NE, Sql.param(values.get(0)))
                : Sql.not(Sql.in(key, values.toArray(new SqlValue[0])));
    }

    static SqlValue keyValue(ColumnBinding key, String value) {
        if (key.typeClass() == TypeClass.NUMERIC) {
            return SqlValue.of(new BigDecimal(value.trim()));
        }
        return SqlValue.of(value);
    }

    /** The refinement's restrictions on the rows at {@code alias}, AND-ed. */
    private static Predicate restrict(Refinement kind, String alias) {
        List<Predicate> all = new ArrayList<>();
        for (Restriction x : kind.restrictions()) {
            ValueExpr col = Sql.col(alias, x.column().column());
            if (x instanceof Restriction.ValueIn v) {
                List<SqlValue> values = new ArrayList<>();
                for (String value : v.values()) {
                    values.add(observedValue(x.column(), value).orElseThrow());
                }
                all.add(values.size() == 1 ? Sql.eq(col, Sql.param(values.get(0)))
                        : Sql.in(col, values.toArray(new SqlValue[0])));
            } else if (x instanceof Restriction.IsNull) {
                all.add(Sql.isNull(col));
            } else if (x instanceof Restriction.NotNull) {
                all.add(Sql.isNotNull(col));
            } else {
                Restriction.Compare cmp = (Restriction.Compare) x;
                all.add(Sql.compare(col, SpecResolver.op(CompareOp.fromJson(cmp.op().name())),
                        Sql.param(SqlValue.of(cmp.value()))));
            }
        }
        return Sql.and(all);
    }

    /** Whether every restriction of {@code kind} can be written for its column's type: checked when it is met. */
    static Resolved<Boolean> writable(Refinement kind) {
        for (Restriction x : kind.restrictions()) {
            if (x instanceof Restriction.ValueIn v) {
                for (String value : v.values()) {
                    if (observedValue(x.column(), value).isEmpty()) {
                        return Resolved.fail(new BindFailure.OutOfScope("what makes a row a " + kind.concept() + " ("
                                + x.column().column() + " = '" + value + "') cannot be written for a "
                                + x.column().typeClass() + " column"));
                    }
                }
            }
        }
        return Resolved.ok(true);
    }

    /** An observed value as the column's type holds it; empty when it cannot be written for that type. */
    private static Optional<SqlValue> observedValue(ColumnBinding c, String value) {
        switch (c.typeClass()) {
            case TEXT:
                return Optional.of(SqlValue.of(value));
            case NUMERIC:
                try {
                    return Optional.of(SqlValue.of(new BigDecimal(value.trim())));
                } catch (NumberFormatException e) {
                    break;
                }
            case BOOLEAN:
                Boolean truth = YesNoSpellings.meaning(value);
                if (truth != null) {
                    return Optional.of(SqlValue.of(truth));
                }
                break;
            default:
                break;
        }
        return Optional.empty();
    }
}
