package org.tally.core.binding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.InvalidSpecException;

/**
 * Reads an override file ({@link Overrides} describes the format) and validates it against the catalog it is meant
 * for and the pack: every problem is collected and named with its entry and the fix; one problem rejects the file.
 */
public final class OverrideFile {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build();
    private static final Set<String> COLUMN_FIELDS = Set.of("role", "pii", "aliases", "current", "entityKey",
            "placeholders", "words", "rowsOut");

    private OverrideFile() {
    }

    /**
     * Parses and validates {@code json}; {@code file} names it in messages.
     *
     * @throws OverrideException naming every problem
     */
    public static Overrides parse(String json, String file, Catalog catalog, DomainPack pack) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new OverrideException(file, List.of("not valid JSON" + where + ": " + e.getOriginalMessage()
                    + "; fix the syntax (the file must be one JSON object)"));
        }
        if (root == null || !root.isObject()) {
            throw new OverrideException(file, List.of("the file must be a JSON object {\"tables\": {…}, \"columns\":"
                    + " {…}}"));
        }
        List<String> problems = new ArrayList<>();
        Map<String, String> tables = new LinkedHashMap<>();
        Map<String, Overrides.ColumnOverride> columns = new LinkedHashMap<>();
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!field.equals("tables") && !field.equals("columns")) {
                problems.add("'" + field + "': unknown section; use \"tables\" or \"columns\"");
            }
        }
        JsonNode tableNode = root.path("tables");
        if (!tableNode.isMissingNode() && !tableNode.isObject()) {
            problems.add("tables: must be an object of table name → concept id or \"ignore\"");
        } else {
            tableNode.fields().forEachRemaining(e -> table(e.getKey(), e.getValue(), catalog, pack, problems, tables));
        }
        JsonNode columnNode = root.path("columns");
        if (!columnNode.isMissingNode() && !columnNode.isObject()) {
            problems.add("columns: must be an object of \"table.column\" → {\"role\", \"pii\", \"aliases\"}");
        } else {
            columnNode.fields().forEachRemaining(e -> column(e.getKey(), e.getValue(), catalog, problems, columns));
        }
        if (!problems.isEmpty()) {
            throw new OverrideException(file, problems);
        }
        return new Overrides(tables, columns);
    }

    private static void table(String name, JsonNode value, Catalog catalog, DomainPack pack, List<String> problems,
                              Map<String, String> out) {
        String entry = "tables." + name;
        if (catalog.table(name).isEmpty()) {
            problems.add(entry + ": no table '" + name + "' in catalog " + catalog.versionId() + " of "
                    + catalog.source() + "; fix the name (tables: " + tableNames(catalog) + ") or remove the entry");
            return;
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            problems.add(entry + ": must be a concept id, \"lookup\" or \"ignore\", not " + value);
            return;
        }
        String concept = value.asText().trim();
        if (concept.equalsIgnoreCase(Overrides.IGNORE) || concept.equalsIgnoreCase(Overrides.LOOKUP)) {
            out.put(name, concept.toLowerCase(Locale.ROOT));
            return;
        }
        Optional<Concept> known = pack.concepts().stream().filter(c -> c.id().equalsIgnoreCase(concept)).findFirst();
        if (known.isEmpty()) {
            problems.add(entry + ": '" + concept + "' is not a concept of pack '" + pack.name() + "'; use one of "
                    + pack.concepts().stream().map(Concept::id).collect(Collectors.joining(", ")) + ", \"lookup\" or \"ignore\"");
            return;
        }
        out.put(name, known.get().id());
    }

    private static void column(String key, JsonNode value, Catalog catalog, List<String> problems,
                               Map<String, Overrides.ColumnOverride> out) {
        String entry = "columns." + key;
        int dot = key.lastIndexOf('.');
        if (dot <= 0 || dot == key.length() - 1) {
            problems.add(entry + ": write the key as \"table.column\"");
            return;
        }
        String tableName = key.substring(0, dot);
        String columnName = key.substring(dot + 1);
        Optional<CatalogTable> table = catalog.table(tableName);
        if (table.isEmpty()) {
            problems.add(entry + ": no table '" + tableName + "' in catalog " + catalog.versionId() + "; fix the name"
                    + " (tables: " + tableNames(catalog) + ") or remove the entry");
            return;
        }
        Optional<CatalogColumn> column = table.get().column(columnName);
        if (column.isEmpty()) {
            problems.add(entry + ": table " + table.get().name() + " has no column '" + columnName + "'; use one of "
                    + table.get().columns().stream().map(CatalogColumn::name).toList());
            return;
        }
        if (!value.isObject()) {
            problems.add(entry + ": must be an object with \"role\", \"pii\" and/or \"aliases\"");
            return;
        }
        value.fieldNames().forEachRemaining(f -> {
            if (!COLUMN_FIELDS.contains(f)) {
                problems.add(entry + "." + f + ": unknown field; use \"role\", \"pii\", \"aliases\", \"current\","
                        + " \"entityKey\", \"placeholders\", \"words\" or \"rowsOut\"");
            }
        });
        ColumnRole role = null;
        JsonNode roleNode = value.get("role");
        if (roleNode != null) {
            try {
                role = ColumnRole.fromJson(roleNode.isTextual() ? roleNode.asText() : null);
            } catch (InvalidSpecException e) {
                problems.add(entry + ".role: '" + roleNode.asText() + "' is not a column role; use one of "
                        + Arrays.stream(ColumnRole.values()).map(ColumnRole::jsonName)
                        .collect(Collectors.joining(", ")));
            }
        }
        Boolean pii = null;
        JsonNode piiNode = value.get("pii");
        if (piiNode != null) {
            if (piiNode.isBoolean()) {
                pii = piiNode.asBoolean();
            } else {
                problems.add(entry + ".pii: must be true or false, not " + piiNode);
            }
        }
        Map<String, String> aliases = new LinkedHashMap<>();
        JsonNode aliasNode = value.get("aliases");
        if (aliasNode != null) {
            aliases(entry + ".aliases", aliasNode, column.get(), Boolean.TRUE.equals(pii), problems, aliases);
        }
        String current = null;
        Boolean versioned = null;
        JsonNode currentNode = value.get("current");
        if (currentNode != null) {
            if (currentNode.isBoolean() && !currentNode.asBoolean()) {
                versioned = false;
            } else if (currentNode.isTextual() && !currentNode.asText().isBlank()) {
                current = currentValue(entry + ".current", currentNode.asText(), column.get(), problems);
            } else {
                problems.add(entry + ".current: must be the value that marks a current row version (a flag's yes"
                        + " value, or the open end date such as \"9999-12-31\"), or false when the table keeps no"
                        + " versions; not " + currentNode);
            }
        }
        Boolean entityKey = null;
        JsonNode keyNode = value.get("entityKey");
        if (keyNode != null) {
            if (keyNode.isBoolean()) {
                entityKey = keyNode.asBoolean();
            } else {
                problems.add(entry + ".entityKey: must be true or false, not " + keyNode);
            }
        }
        List<String> placeholders = null;
        JsonNode placeholderNode = value.get("placeholders");
        if (placeholderNode != null) {
            placeholders = placeholders(entry + ".placeholders", placeholderNode, table.get(), column.get(), problems);
        }
        List<String> words = null;
        JsonNode wordsNode = value.get("words");
        if (wordsNode != null) {
            words = words(entry + ".words", wordsNode, problems);
        }
        List<String> rowsOut = null;
        JsonNode rowsOutNode = value.get("rowsOut");
        if (rowsOutNode != null) {
            rowsOut = rowsOut(entry + ".rowsOut", rowsOutNode, table.get(), column.get(), Boolean.TRUE.equals(pii),
                    problems);
        }
        out.put(table.get().name() + "." + column.get().name(), new Overrides.ColumnOverride(role, pii, aliases,
                current, versioned, entityKey, placeholders, words, rowsOut));
    }

    /**
     * The words questions name a column by: a phrase of lower-case letters and digits ("visit type"), split at spaces.
     * Null (with the problem noted) when it is not one.
     */
    private static List<String> words(String entry, JsonNode node, List<String> problems) {
        String text = node.isTextual() ? node.asText().strip().toLowerCase(Locale.ROOT) : "";
        if (!text.matches("[a-z0-9]+( [a-z0-9]+)*")) {
            problems.add(entry + ": must be the words a question names the column by, such as \"visit type\" (letters"
                    + " and digits, separated by spaces), not " + node);
            return null;
        }
        return List.of(text.split(" "));
    }

    /**
     * The values whose rows are no records: a list of values the column holds (as the profile counted them), never all
     * of them; {@code []} for none.
     */
    private static List<String> rowsOut(String entry, JsonNode node, CatalogTable table, CatalogColumn column,
                                        boolean markedPii, List<String> problems) {
        if (!node.isArray()) {
            problems.add(entry + ": must be a list of the values whose rows are no records, such as [\"cancelled\"]"
                    + " or [0] ([] for none), not " + node);
            return null;
        }
        if (table.primaryKey().contains(column.name()) || column.typeClass() == TypeClass.TEMPORAL) {
            problems.add(entry + ": rows are marked out by a status or flag value; " + column.name() + " is "
                    + (column.typeClass() == TypeClass.TEMPORAL ? "a date or time" : "the table's key")
                    + ", so it takes no rowsOut");
            return null;
        }
        ColumnProfile p = column.profile();
        if (node.size() > 0 && (markedPii || p != null && p.pii())) {
            problems.add(entry + ": " + column.name() + " holds personal data; its values are never kept, so they"
                    + " cannot be checked: remove rowsOut");
            return null;
        }
        if (node.size() > 0 && (p == null || !p.enumerated())) {
            problems.add(entry + ": the values of " + column.name() + " were not counted (more than "
                    + ColumnProfile.MAX_VALUES + " distinct, or not profiled), so rowsOut cannot be checked: remove it");
            return null;
        }
        List<String> observed = p == null ? List.of() : p.values().stream().map(ValueCount::value).toList();
        List<String> out = new ArrayList<>();
        for (JsonNode v : node) {
            if (!v.isValueNode() || v.isNull()) {
                problems.add(entry + ": " + v + " is not a value of " + column.name());
                continue;
            }
            String value = v.asText();
            Optional<String> held = observed.stream().filter(o -> o.equals(value)).findFirst()
                    .or(() -> observed.stream().filter(o -> o.equalsIgnoreCase(value.trim())).findFirst());
            if (held.isEmpty()) {
                problems.add(entry + ": '" + value + "' is not a value " + column.name() + " holds; observed values: "
                        + observed);
                continue;
            }
            if (!out.contains(held.get())) {
                out.add(held.get());
            }
        }
        if (!out.isEmpty() && out.size() == observed.size()) {
            problems.add(entry + ": every value " + column.name() + " holds is listed, so no row would be left;"
                    + " list only the values whose rows are no records");
            return null;
        }
        return out;
    }

    /** A current-version value: an observed value of a counted column, or a date of a date column. */
    private static String currentValue(String entry, String value, CatalogColumn column, List<String> problems) {
        if (column.typeClass() == TypeClass.TEMPORAL) {
            try {
                return LocalDate.parse(value.trim()).toString();
            } catch (DateTimeParseException e) {
                problems.add(entry + ": '" + value + "' is not a date (write it as YYYY-MM-DD)");
                return null;
            }
        }
        ColumnProfile p = column.profile();
        if (p != null && p.enumerated()) {
            List<String> observed = p.values().stream().map(ValueCount::value).toList();
            if (!observed.contains(value)) {
                problems.add(entry + ": '" + value + "' is not a value " + column.name() + " holds; observed values: "
                        + observed);
                return null;
            }
        }
        return value;
    }

    /** Placeholder keys: a list of key values, on the table's one-column key. */
    private static List<String> placeholders(String entry, JsonNode node, CatalogTable table, CatalogColumn column,
                                             List<String> problems) {
        if (table.primaryKey().size() != 1 || !table.primaryKey().get(0).equals(column.name())) {
            problems.add(entry + ": placeholder members are named on the table's key"
                    + (table.primaryKey().size() == 1 ? " " + table.name() + "." + table.primaryKey().get(0)
                    : ", and " + table.name() + " has no one-column key"));
            return null;
        }
        if (!node.isArray()) {
            problems.add(entry + ": must be a list of key values, such as [-1] ([] for none)");
            return null;
        }
        List<String> out = new ArrayList<>();
        for (JsonNode v : node) {
            boolean numeric = column.typeClass() == TypeClass.NUMERIC;
            if (numeric && !v.isIntegralNumber() || !numeric && !v.isTextual()) {
                problems.add(entry + ": " + v + " is not a " + (numeric ? "whole number" : "text") + " key of "
                        + column.name());
                continue;
            }
            out.add(v.asText());
        }
        return out;
    }

    private static void aliases(String entry, JsonNode node, CatalogColumn column, boolean markedPii,
                                List<String> problems, Map<String, String> out) {
        if (!node.isObject()) {
            problems.add(entry + ": must be an object of question word → observed value");
            return;
        }
        ColumnProfile p = column.profile();
        if (markedPii || p != null && p.pii()) {
            problems.add(entry + ": " + column.name() + " holds personal data; its values are never kept, so it"
                    + " takes no aliases: remove them");
            return;
        }
        if (p == null || !p.enumerated()) {
            problems.add(entry + ": the values of " + column.name() + " were not counted (more than "
                    + ColumnProfile.MAX_VALUES + " distinct, or not profiled), so an alias cannot be checked: remove it");
            return;
        }
        List<String> observed = p.values().stream().map(ValueCount::value).toList();
        node.fields().forEachRemaining(e -> {
            String word = e.getKey();
            if (!e.getValue().isTextual()) {
                problems.add(entry + "." + word + ": must be a text value of the column");
                return;
            }
            String target = e.getValue().asText();
            if (observed.contains(target)) {
                out.put(word, target);
                return;
            }
            List<String> close = observed.stream()
                    .filter(v -> ValueText.key(v).equals(ValueText.key(target))).toList();
            problems.add(entry + "." + word + ": '" + target + "' is not a value " + column.name() + " holds"
                    + (close.size() == 1 ? "; did you mean '" + close.get(0) + "'?" : "; observed values: " + observed));
        });
    }

    private static String tableNames(Catalog catalog) {
        List<String> names = catalog.tables().stream().map(CatalogTable::name).toList();
        return names.size() <= 12 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 12)) + ", … (" + names.size() + " in all)";
    }
}
