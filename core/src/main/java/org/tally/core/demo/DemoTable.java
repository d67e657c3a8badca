package org.tally.core.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.tally.core.source.DemoSchema;

/** One table of the demo hospital: the fact it holds and its columns, named in both schemas. */
public final class DemoTable<F extends Fact> {

    private final Class<F> factClass;
    private final String devName;
    private final String altName;
    private final String meaning;
    private final List<DemoColumn<F>> columns;
    private final List<DemoColumn<F>> devColumns;
    private final List<DemoColumn<F>> altColumns;

    private DemoTable(Class<F> factClass, String devName, String altName, String meaning,
                      List<DemoColumn<F>> columns) {
        this.factClass = factClass;
        this.devName = devName;
        this.altName = altName;
        this.meaning = meaning;
        this.columns = List.copyOf(columns);
        this.devColumns = this.columns.stream().filter(c -> c.existsIn(DemoSchema.DEV)).toList();
        this.altColumns = this.columns.stream().filter(c -> c.existsIn(DemoSchema.ALT)).toList();
        if (this.columns.stream().filter(DemoColumn::primaryKey).count() != 1) {
            throw new IllegalArgumentException("table " + devName + " needs exactly one primary key column");
        }
    }

    public Class<F> factClass() {
        return factClass;
    }

    public String name(DemoSchema schema) {
        return schema == DemoSchema.DEV ? devName : altName;
    }

    public String meaning() {
        return meaning;
    }

    /** All columns in documentation order, including those that exist in one schema only. */
    public List<DemoColumn<F>> allColumns() {
        return columns;
    }

    public List<DemoColumn<F>> columns(DemoSchema schema) {
        return schema == DemoSchema.DEV ? devColumns : altColumns;
    }

    public DemoColumn<F> primaryKey() {
        return columns.stream().filter(DemoColumn::primaryKey).findFirst().orElseThrow();
    }

    /** The column whose DEV name is {@code devColumn}. */
    public DemoColumn<F> column(String devColumn) {
        return columns.stream().filter(c -> devColumn.equals(c.name(DemoSchema.DEV))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no column " + devColumn + " in " + devName));
    }

    /** Fact values in {@code schema}'s column order; the casts are safe because the writer routes by class. */
    @SuppressWarnings("unchecked")
    Object[] row(DemoSchema schema, Fact fact) {
        F typed = (F) fact;
        List<DemoColumn<F>> present = columns(schema);
        Object[] row = new Object[present.size()];
        for (int i = 0; i < row.length; i++) {
            row[i] = present.get(i).value(schema, typed);
        }
        return row;
    }

    static <F extends Fact> Builder<F> of(Class<F> factClass, String devName, String altName, String meaning) {
        return new Builder<>(factClass, devName, altName, meaning);
    }

    /** Declares columns one by one; modifiers apply to the column declared last. */
    static final class Builder<F extends Fact> {
        private final Class<F> factClass;
        private final String devName;
        private final String altName;
        private final String meaning;
        private final List<Draft<F>> drafts = new ArrayList<>();

        private Builder(Class<F> factClass, String devName, String altName, String meaning) {
            this.factClass = factClass;
            this.devName = devName;
            this.altName = altName;
            this.meaning = meaning;
        }

        private static final class Draft<F> {
            String dev;
            String alt;
            SqlType devType;
            SqlType altType;
            Function<F, Object> devValue;
            Function<F, Object> altValue;
            Map<String, String> spellings;
            boolean yesNo;
            boolean nullable;
            boolean pk;
            String references;
            boolean altFk = true;
            String meaning;
        }

        private Builder<F> add(String dev, String alt, SqlType type, Function<F, Object> value, String meaning) {
            Draft<F> d = new Draft<>();
            d.dev = dev;
            d.alt = alt;
            d.devType = type;
            d.altType = type;
            d.devValue = value;
            d.altValue = value;
            d.meaning = meaning;
            drafts.add(d);
            return this;
        }

        private Draft<F> last() {
            return drafts.get(drafts.size() - 1);
        }

        Builder<F> pk(String dev, String alt, Function<F, Object> value, String meaning) {
            return pk(dev, alt, SqlType.integer(), value, meaning);
        }

        Builder<F> pk(String dev, String alt, SqlType type, Function<F, Object> value, String meaning) {
            add(dev, alt, type, value, meaning);
            last().pk = true;
            return this;
        }

        /** The column declared last refers to {@code table}'s primary key. */
        Builder<F> refersTo(String table) {
            last().references = table;
            return this;
        }

        Builder<F> col(String dev, String alt, SqlType type, Function<F, Object> value, String meaning) {
            return add(dev, alt, type, value, meaning);
        }

        /** A column of DEV only (the parts of a value ALT keeps merged). */
        Builder<F> devOnly(String dev, SqlType type, Function<F, Object> value, String meaning) {
            return add(dev, null, type, value, meaning);
        }

        /** A column of ALT only (a merge of DEV columns). */
        Builder<F> altOnly(String alt, SqlType type, Function<F, Object> value, String meaning) {
            return add(null, alt, type, value, meaning);
        }

        /** A reference to another table's primary key, an INTEGER column. */
        Builder<F> ref(String dev, String alt, Function<F, Object> value, String table, String meaning) {
            add(dev, alt, SqlType.integer(), value, meaning);
            last().references = table;
            return this;
        }

        Builder<F> nullable() {
            last().nullable = true;
            return this;
        }

        /** The reference exists in ALT only by name and type: no declared foreign key. */
        Builder<F> undeclaredInAlt() {
            last().altFk = false;
            return this;
        }

        Builder<F> spelled(Map<String, String> spellings) {
            Draft<F> d = last();
            Function<F, Object> dev = d.devValue;
            d.spellings = spellings;
            d.altValue = f -> {
                Object v = dev.apply(f);
                if (v == null) {
                    return null;
                }
                String alt = spellings.get(v.toString());
                if (alt == null) {
                    throw new IllegalStateException("no ALT spelling of " + v + " in " + devName + "." + d.dev);
                }
                return alt;
            };
            return this;
        }

        /** DEV stores a BOOLEAN, ALT a CHAR(1) 'Y'/'N'. */
        Builder<F> yesNo() {
            Draft<F> d = last();
            Function<F, Object> dev = d.devValue;
            d.yesNo = true;
            d.altType = SqlType.fixedChar(1);
            d.altValue = f -> {
                Object v = dev.apply(f);
                return v == null ? null : ((Boolean) v) ? "Y" : "N";
            };
            return this;
        }

        DemoTable<F> build() {
            List<DemoColumn<F>> columns = new ArrayList<>();
            for (Draft<F> d : drafts) {
                columns.add(new DemoColumn<>(d.dev, d.alt, d.devType, d.altType, d.devValue, d.altValue, d.spellings,
                        d.yesNo, d.nullable, d.pk, d.references, d.altFk, d.meaning));
            }
            return new DemoTable<>(factClass, devName, altName, meaning, columns);
        }
    }
}
