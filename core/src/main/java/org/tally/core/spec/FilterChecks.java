package org.tally.core.spec;

/** Shared invariant checks of the filter records. */
final class FilterChecks {

    private FilterChecks() {
    }

    static void requireTarget(ValueRef target) {
        if (target == null) {
            throw new InvalidSpecException("target", "is missing", "give the column or duration the filter tests");
        }
    }

    static void requireFlag(ValueRef target) {
        requireTarget(target);
        if (!LiteralOrder.isFlag(target)) {
            throw new InvalidSpecException("target", target.describe() + " is not a Flag",
                    "use isTrue/isFalse only on a column with role Flag; compare other columns with eq");
        }
    }
}
