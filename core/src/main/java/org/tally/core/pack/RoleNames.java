package org.tally.core.pack;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.tally.core.spec.ColumnRole;

/** The column role names a pack may use: exactly the JSON names of {@link ColumnRole}, in its order. */
final class RoleNames {
    private RoleNames() {
    }

    static final List<String> ORDERED = Arrays.stream(ColumnRole.values()).map(ColumnRole::jsonName).toList();

    static final Set<String> KNOWN = Set.copyOf(ORDERED);

    static boolean isKnown(String role) {
        return KNOWN.contains(role);
    }

    static String known() {
        return String.join(", ", ORDERED);
    }
}
