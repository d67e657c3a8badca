package org.tally.core.demo;

import java.util.Map;
import java.util.function.Function;
import org.tally.core.source.DemoSchema;

/**
 * One column of a demo table in both schemas. A column may exist in only one schema (a merged or split display
 * column); its ALT value may differ from the DEV value only by a one-to-one spelling or a Y/N flag.
 */
public final class DemoColumn<F extends Fact> {

    private final String devName;
    private final String altName;
    private final SqlType devType;
    private final SqlType altType;
    private final Function<F, Object> devValue;
    private final Function<F, Object> altValue;
    private final Map<String, String> spellings;
    private final boolean yesNoInAlt;
    private final boolean nullable;
    private final boolean primaryKey;
    private final String references;
    private final boolean foreignKeyDeclaredInAlt;
    private final String meaning;

    DemoColumn(String devName, String altName, SqlType devType, SqlType altType, Function<F, Object> devValue,
               Function<F, Object> altValue, Map<String, String> spellings, boolean yesNoInAlt, boolean nullable,
               boolean primaryKey, String references, boolean foreignKeyDeclaredInAlt, String meaning) {
        if (devName == null && altName == null) {
            throw new IllegalArgumentException("a column needs a name in at least one schema");
        }
        if (meaning == null || meaning.isBlank()) {
            throw new IllegalArgumentException("column " + (devName != null ? devName : altName) + " needs a meaning");
        }
        this.devName = devName;
        this.altName = altName;
        this.devType = devType;
        this.altType = altType;
        this.devValue = devValue;
        this.altValue = altValue;
        this.spellings = spellings == null ? Map.of() : spellings;
        this.yesNoInAlt = yesNoInAlt;
        this.nullable = nullable;
        this.primaryKey = primaryKey;
        this.references = references;
        this.foreignKeyDeclaredInAlt = foreignKeyDeclaredInAlt;
        this.meaning = meaning;
    }

    /** The physical name in {@code schema}, or null when the column does not exist there. */
    public String name(DemoSchema schema) {
        return schema == DemoSchema.DEV ? devName : altName;
    }

    public boolean existsIn(DemoSchema schema) {
        return name(schema) != null;
    }

    public SqlType type(DemoSchema schema) {
        return schema == DemoSchema.DEV ? devType : altType;
    }

    /** The value of this column for {@code fact} as stored in {@code schema}. */
    public Object value(DemoSchema schema, F fact) {
        return schema == DemoSchema.DEV ? devValue.apply(fact) : altValue.apply(fact);
    }

    /** DEV spelling → ALT spelling of an enumerated column; empty when both schemas spell values alike. */
    public Map<String, String> spellings() {
        return spellings;
    }

    public boolean yesNoInAlt() {
        return yesNoInAlt;
    }

    public boolean nullable() {
        return nullable;
    }

    public boolean primaryKey() {
        return primaryKey;
    }

    /** The DEV name of the referenced table, or null. The reference is always to that table's primary key. */
    public String references() {
        return references;
    }

    /** Whether the foreign key is declared in {@code schema} (always in DEV; only some in ALT). */
    public boolean foreignKeyDeclared(DemoSchema schema) {
        return references != null && (schema == DemoSchema.DEV || foreignKeyDeclaredInAlt);
    }

    public String meaning() {
        return meaning;
    }
}
