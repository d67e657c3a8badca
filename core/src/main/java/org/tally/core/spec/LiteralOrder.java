package org.tally.core.spec;

import java.math.BigDecimal;

/** Families of literals that can be compared with each other, and their order. */
final class LiteralOrder {

    enum Family { STRING, NUMBER, TEMPORAL, BOOLEAN }

    private LiteralOrder() {
    }

    static Family family(Literal literal) {
        if (literal instanceof Literal.StringValue) {
            return Family.STRING;
        }
        if (literal instanceof Literal.NumberValue) {
            return Family.NUMBER;
        }
        if (literal instanceof Literal.BooleanValue) {
            return Family.BOOLEAN;
        }
        if (literal.isTemporal()) {
            return Family.TEMPORAL;
        }
        throw new AssertionError(literal);
    }

    /** Compares two literals of one family; a date compares as its midnight, as SQL promotes it. */
    static int compare(Literal a, Literal b) {
        Family family = family(a);
        if (family != family(b)) {
            throw new IllegalArgumentException("cannot order " + a.describe() + " against " + b.describe());
        }
        switch (family) {
            case STRING:
                return ((Literal.StringValue) a).value().compareTo(((Literal.StringValue) b).value());
            case NUMBER:
                BigDecimal x = ((Literal.NumberValue) a).value();
                return x.compareTo(((Literal.NumberValue) b).value());
            case TEMPORAL:
                return Literal.DateTimeValue.promote(a).compareTo(Literal.DateTimeValue.promote(b));
            case BOOLEAN:
                return Boolean.compare(((Literal.BooleanValue) a).value(), ((Literal.BooleanValue) b).value());
            default:
                throw new AssertionError(family);
        }
    }

    /** Whether a literal may be compared with the target at all; throws naming the field and the fix if not. */
    static void checkCompatible(ValueRef target, Literal value, String field) {
        Family family = family(value);
        if (target instanceof DurationRef && family != Family.NUMBER) {
            throw new InvalidSpecException(field, "a duration is compared with " + value.describe(),
                    "compare a duration with a number in its unit");
        }
        if (target.isTemporal() != (family == Family.TEMPORAL)) {
            throw new InvalidSpecException(field, target.describe() + " is compared with " + value.describe(),
                    target.isTemporal() ? "compare a date or time column with a date or datetime literal"
                            : "use a date or datetime literal only with a date or time column");
        }
        if (target.isNumeric() && family != Family.NUMBER) {
            throw new InvalidSpecException(field, "the number " + target.describe() + " is compared with "
                    + value.describe(), "use a number literal");
        }
        if (family == Family.BOOLEAN && !isFlag(target)) {
            throw new InvalidSpecException(field, "true/false is compared with " + target.describe(),
                    "compare true/false only with a Flag column");
        }
    }

    static boolean isFlag(ValueRef target) {
        return target instanceof ColumnRef columnRef && columnRef.role() == ColumnRole.FLAG;
    }
}
