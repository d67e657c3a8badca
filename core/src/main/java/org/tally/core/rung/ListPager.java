package org.tally.core.rung;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.memory.RecentlyUsed;
import org.tally.core.answer.PageCursor;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.catalog.TypeClass;
import org.tally.core.execute.QueryResult;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.sql.Join;
import org.tally.core.sql.KeysetCursor;
import org.tally.core.sql.KeysetPaging;
import org.tally.core.sql.OrderItem;
import org.tally.core.sql.Relation;
import org.tally.core.sql.RowLimit;
import org.tally.core.sql.SelectItem;
import org.tally.core.sql.SqlQuery;
import org.tally.core.sql.SqlValue;
import org.tally.core.sql.ValueExpr;

/**
 * Keyset pages of list answers (docs/architecture.md, "The workstation"). A list's query is already in a total order (its sort keys, then the
 * subject's primary key), so the page after a row is the same query plus "sorts after that row's keys": no offset,
 * and no row is repeated or skipped however the pages are cut. The sort keys are selected after the shown columns
 * so the last row of a page carries its cursor; they are cut off before the rows are shown.
 *
 * <p>A list is paged only when every sort key is a plain column whose values go back into a bound parameter
 * exactly: numbers, text, flags, dates and timestamps without a time zone. Anything else runs as one statement with
 * the executor's row cap, as the command line does.
 */
final class ListPager {

    /** Lists remembered per engine; an older list's cursor asks the user to ask again. */
    static final int REMEMBERED = 64;
    /** The most rows one page may hold (well under the executor's cap, which must leave room for one more). */
    public static final int MAX_PAGE_SIZE = 5_000;

    /** One column carrying a sort key: where it is in the row and how its value goes back into a parameter. */
    record KeyColumn(int index, TypeClass type) {
    }

    /**
     * How one listed spec is paged.
     *
     * @param query   the list's total-ordered query with the key columns selected after the shown ones, no limit
     * @param shown   how many leading columns are the answer's
     * @param keys    one per ORDER BY item, in order
     * @param limit   the most rows the question asked for, or null for all
     */
    record Listing(SqlQuery query, int shown, List<KeyColumn> keys, Long limit) {
        Listing {
            keys = List.copyOf(keys);
        }
    }

    /** What one page's result shows, where the next page starts (null: none), and a note when paging stopped early. */
    record Slice(List<String> columns, List<List<Object>> rows, PageCursor next, String note) {
    }

    private final Binding binding;
    private final int pageSize;
    private final RecentlyUsed<String, Listing> remembered = new RecentlyUsed<>(REMEMBERED);

    public ListPager(Binding binding, int pageSize) {
        this.binding = Objects.requireNonNull(binding, "binding");
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be between 1 and " + MAX_PAGE_SIZE + ", not " + pageSize);
        }
        this.pageSize = pageSize;
    }

    public int pageSize() {
        return pageSize;
    }

    /** How {@code spec}'s bound query is paged; empty when it is not a list longer than a page can be. */
    Optional<Listing> listing(QuerySpec spec, SqlQuery bound) {
        if (spec.shape() != Shape.LIST && spec.shape() != Shape.LOOKUP) {
            return Optional.empty();
        }
        if (spec.limit() != null && spec.limit() <= pageSize) {
            return Optional.empty();
        }
        if (bound.orderBy().isEmpty() || bound.aggregated() || bound.distinct() || !bound.ctes().isEmpty()
                || bound.limit().map(l -> l.offset() > 0).orElse(false)) {
            return Optional.empty();
        }
        List<SelectItem> select = new ArrayList<>(bound.select());
        List<KeyColumn> keys = new ArrayList<>();
        for (OrderItem o : bound.orderBy()) {
            if (!(o.expr() instanceof ValueExpr.ColumnRef ref)) {
                return Optional.empty();
            }
            Optional<TypeClass> type = pageableType(bound, ref);
            if (type.isEmpty()) {
                return Optional.empty();
            }
            int index = indexOf(select, ref);
            if (index < 0) {
                select.add(new SelectItem(ref, freeAlias(select, "page_key_" + (keys.size() + 1))));
                index = select.size() - 1;
            }
            keys.add(new KeyColumn(index, type.get()));
        }
        SqlQuery query = bound.toBuilder().selectItems(select).limit((RowLimit) null).build();
        Long limit = spec.limit() == null ? null : spec.limit().longValue();
        return Optional.of(new Listing(query, bound.select().size(), keys, limit));
    }

    /** The query for the page after {@code after} (null: the first page), given how many rows came before it. */
    SqlQuery page(Listing listing, KeysetCursor after, int rowsBefore) {
        SqlQuery q = after == null ? listing.query() : KeysetPaging.after(listing.query(), after);
        // one row more than the page shows tells whether another page follows
        return q.toBuilder().limit(take(listing, rowsBefore) + 1L).build();
    }

    /** Cuts one page's result to the rows and columns shown and works out the next cursor. */
    Slice slice(String specHash, Listing listing, QueryResult result, int rowsBefore) {
        int take = take(listing, rowsBefore);
        List<List<Object>> all = result.rows();
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(take, all.size()); i++) {
            rows.add(all.get(i).subList(0, listing.shown()));
        }
        boolean more = all.size() > take && remaining(listing, rowsBefore + take) > 0;
        PageCursor next = null;
        String note = null;
        if (more) {
            List<Object> last = all.get(take - 1);
            List<Optional<SqlValue>> values = new ArrayList<>();
            try {
                for (KeyColumn k : listing.keys()) {
                    values.add(keyValue(last.get(k.index()), k.type()));
                }
                next = new PageCursor(specHash, new KeysetCursor(values), rowsBefore + take);
            } catch (IllegalStateException e) {
                note = "More rows match, but the list cannot be continued: " + e.getMessage() + ".";
            }
        }
        return new Slice(result.columns().subList(0, listing.shown()), rows, next, note);
    }

    void remember(String specHash, Listing listing) {
        remembered.put(specHash, listing);
    }

    Optional<Listing> remembered(String specHash) {
        return Optional.ofNullable(remembered.get(specHash));
    }

    private int take(Listing listing, int rowsBefore) {
        return (int) Math.max(0, Math.min(pageSize, remaining(listing, rowsBefore)));
    }

    private static long remaining(Listing listing, int rowsBefore) {
        return listing.limit() == null ? Long.MAX_VALUE : listing.limit() - rowsBefore;
    }

    /** The column's type class when its values round-trip exactly through a cursor; empty otherwise. */
    private Optional<TypeClass> pageableType(SqlQuery q, ValueExpr.ColumnRef ref) {
        Optional<String> table = tableOf(q, ref.alias());
        if (table.isEmpty()) {
            return Optional.empty();
        }
        Optional<ColumnBinding> column = binding.table(table.get()).flatMap(t -> t.column(ref.column()));
        if (column.isEmpty() || column.get().typeClass() == null) {
            return Optional.empty();
        }
        TypeClass type = column.get().typeClass();
        String name = column.get().type() == null ? "" : column.get().type().toLowerCase(Locale.ROOT);
        return switch (type) {
            case NUMERIC, TEXT, BOOLEAN -> Optional.of(type);
            // a time of day has no parameter kind; a zoned timestamp's value was moved to UTC when it was read
            case TEMPORAL -> (name.contains("date") || name.contains("timestamp")) && !name.contains("zone")
                    && !name.contains("tz") && !name.contains("offset") ? Optional.of(type) : Optional.empty();
            default -> Optional.empty();
        };
    }

    private static Optional<String> tableOf(SqlQuery q, String alias) {
        List<Relation> relations = new ArrayList<>();
        relations.add(q.from());
        q.joins().stream().map(Join::relation).forEach(relations::add);
        for (Relation r : relations) {
            if (r instanceof Relation.TableRef t && t.alias().equalsIgnoreCase(alias)) {
                return Optional.of(t.table());
            }
        }
        return Optional.empty();
    }

    private static int indexOf(List<SelectItem> select, ValueExpr expr) {
        for (int i = 0; i < select.size(); i++) {
            if (select.get(i).expr().equals(expr)) {
                return i;
            }
        }
        return -1;
    }

    private static String freeAlias(List<SelectItem> select, String wanted) {
        String alias = wanted;
        int n = 2;
        while (true) {
            String a = alias;
            if (select.stream().noneMatch(s -> s.alias().equalsIgnoreCase(a))) {
                return alias;
            }
            alias = wanted + "_" + n++;
        }
    }

    /** A row's key value as the parameter it was read from; a value that does not fit its column's type is a bug. */
    static Optional<SqlValue> keyValue(Object v, TypeClass type) {
        if (v == null) {
            return Optional.empty();
        }
        try {
            switch (type) {
                case NUMERIC:
                    if (v instanceof Long n) {
                        return Optional.of(SqlValue.of(n));
                    }
                    if (v instanceof BigDecimal d) {
                        return Optional.of(SqlValue.of(d));
                    }
                    break;
                case TEXT:
                    if (v instanceof String s) {
                        return Optional.of(SqlValue.of(s));
                    }
                    break;
                case BOOLEAN:
                    if (v instanceof Boolean b) {
                        return Optional.of(SqlValue.of(b));
                    }
                    break;
                case TEMPORAL:
                    if (v instanceof String s && s.length() == 10) {
                        return Optional.of(SqlValue.of(LocalDate.parse(s)));
                    }
                    if (v instanceof String s && s.indexOf('T') == 10) {
                        return Optional.of(SqlValue.of(LocalDateTime.parse(s)));
                    }
                    break;
                default:
                    break;
            }
        } catch (DateTimeParseException e) {
            // falls through to the error below
        }
        throw new IllegalStateException("a " + type.name().toLowerCase(Locale.ROOT) + " sort key came back as "
                + v.getClass().getSimpleName() + ", which a page cursor cannot carry");
    }
}
