package org.tally.core.binding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.tally.core.pack.DomainPack;

/**
 * The words that say which rows of a table are no records of its concept: the names of deletion, test, retirement and
 * inactivity marks, and the status values that void a row, per concept. Kept as data beside the pack
 * ({@code <pack>-row-validity.json}, whose comment says what each list means), never in the grammar or the binder.
 *
 * @param inactiveIsNoRecord the concepts on which an inactive mark (is_active = 0) says the record is not one
 * @param voidingStatuses    concept id (or {@code *} for every concept) → status values that void a row, in the
 *                           compared form ({@link #compared})
 */
record RowValidityWords(Set<String> deleted, Set<String> deletedShort, Set<String> test, Set<String> testOf,
                        Set<String> retired, Set<String> inactive, Set<String> inactiveIsNoRecord,
                        Set<String> flagWords, Set<String> timeWords, Map<String, Set<String>> voidingStatuses) {

    static final String EVERY_CONCEPT = "*";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, RowValidityWords> BY_PACK = new ConcurrentHashMap<>();

    RowValidityWords {
        deleted = Set.copyOf(deleted);
        deletedShort = Set.copyOf(deletedShort);
        test = Set.copyOf(test);
        testOf = Set.copyOf(testOf);
        retired = Set.copyOf(retired);
        inactive = Set.copyOf(inactive);
        inactiveIsNoRecord = Set.copyOf(inactiveIsNoRecord);
        flagWords = Set.copyOf(flagWords);
        timeWords = Set.copyOf(timeWords);
        voidingStatuses = Map.copyOf(voidingStatuses);
    }

    /** The words kept beside {@code pack}; none (nothing is read as a mark) when the pack has no such file. */
    static RowValidityWords of(DomainPack pack) {
        return BY_PACK.computeIfAbsent(pack.name(), RowValidityWords::load);
    }

    private static RowValidityWords load(String packName) {
        String resource = "/org/tally/core/pack/" + packName + "-row-validity.json";
        try (InputStream in = RowValidityWords.class.getResourceAsStream(resource)) {
            if (in == null) {
                return parse(JSON.createObjectNode());
            }
            return parse(JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the row validity words " + resource, e);
        }
    }

    static RowValidityWords parse(JsonNode root) {
        Map<String, Set<String>> voiding = new LinkedHashMap<>();
        root.path("voidingStatuses").fields().forEachRemaining(e -> {
            Set<String> values = new LinkedHashSet<>();
            e.getValue().forEach(v -> values.add(compared(v.asText())));
            voiding.put(e.getKey(), values);
        });
        return new RowValidityWords(words(root, "deleted"), words(root, "deletedShort"), words(root, "test"),
                words(root, "testOf"), words(root, "retired"), words(root, "inactive"),
                words(root, "inactiveIsNoRecord"), words(root, "flagWords"), words(root, "timeWords"), voiding);
    }

    private static Set<String> words(JsonNode root, String field) {
        Set<String> out = new LinkedHashSet<>();
        root.path(field).forEach(v -> out.add(v.asText()));
        return out;
    }

    /** A status value as the lists compare it: lower case, everything but letters one space ("Entered-in-error"). */
    static String compared(String value) {
        return value.toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", " ").strip();
    }

    /** Whether {@code value} of a status column voids a row of {@code concept} (null: a table bound to none). */
    boolean voids(String concept, String value) {
        String v = compared(value);
        return voidingStatuses.getOrDefault(EVERY_CONCEPT, Set.of()).contains(v)
                || concept != null && voidingStatuses.getOrDefault(concept, Set.of()).contains(v);
    }

    /** Whether an inactive mark on a table of {@code concept} says its rows are no records. */
    boolean inactiveIsNoRecord(String concept) {
        return concept != null && inactiveIsNoRecord.contains(concept);
    }
}
