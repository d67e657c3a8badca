package org.tally.core.conversation;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.TimeScope;
import org.tally.core.spec.ValueRef;

/**
 * The parts of a spec in the analyst's words, for the "using:" line and the suggestion chips: "Admissions", "2025",
 * "October 2026", "by ward", "caesarean", "not critical". Values are shown as the source stores them; concepts by the
 * pack's names; columns by the words of their hint or role, never by physical names.
 */
final class SpecWords {

    private final DomainPack pack;

    SpecWords(DomainPack pack) {
        this.pack = pack;
    }

    DomainPack pack() {
        return pack;
    }

    /** "Admissions". */
    String subject(String concept) {
        return capitalised(concept(concept).map(Concept::plural).orElse(concept));
    }

    /** "admission". */
    String singular(String concept) {
        return concept(concept).map(Concept::singular).orElse(concept).toLowerCase(Locale.ROOT);
    }

    /** "admissions". */
    String plural(String concept) {
        return concept(concept).map(Concept::plural).orElse(concept).toLowerCase(Locale.ROOT);
    }

    /** The pack's concept of an id in any case (specs spell ids in lower case once canonical). */
    Optional<Concept> concept(String id) {
        Optional<Concept> exact = pack.concept(id);
        return exact.isPresent() ? exact
                : pack.concepts().stream().filter(c -> c.id().equalsIgnoreCase(id)).findFirst();
    }

    /** The period of a time scope: "2025", "October 2026", "Q3 2026", "28 Nov 2026", "since 1 May 2026" (null: none). */
    String period(TimeScope t) {
        if (t == null || t.from() == null && t.to() == null) {
            return null;
        }
        LocalDate from = day(t.from());
        LocalDate to = day(t.to());
        if (from != null && to != null) {
            return period(from, to);
        }
        return from != null ? "since " + dayWords(from) : "before " + dayWords(to);
    }

    /** A half-open range [from, to) in words. */
    static String period(LocalDate from, LocalDate to) {
        if (from.getDayOfYear() == 1 && to.equals(from.plusYears(1))) {
            return String.valueOf(from.getYear());
        }
        if (from.getDayOfMonth() == 1 && to.equals(from.plusMonths(1))) {
            return from.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + from.getYear();
        }
        if (from.getDayOfMonth() == 1 && (from.getMonthValue() - 1) % 3 == 0 && to.equals(from.plusMonths(3))) {
            return "Q" + ((from.getMonthValue() - 1) / 3 + 1) + " " + from.getYear();
        }
        if (to.equals(from.plusDays(1))) {
            return dayWords(from);
        }
        if (from.getDayOfWeek() == DayOfWeek.MONDAY && to.equals(from.plusWeeks(1))) {
            return "week of " + dayWords(from);
        }
        return dayWords(from) + " to " + dayWords(to.minusDays(1));
    }

    private static String dayWords(LocalDate d) {
        return d.getDayOfMonth() + " " + d.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH) + " " + d.getYear();
    }

    private static LocalDate day(Literal l) {
        if (l instanceof Literal.DateValue d) {
            return d.value();
        }
        if (l instanceof Literal.DateTimeValue dt) {
            return dt.value().toLocalDate();
        }
        return null;
    }

    /** "by ward", "per month". */
    String grouping(Dimension d) {
        if (d instanceof Dimension.TimeBucket tb) {
            return "per " + tb.bucket().jsonName();
        }
        return "by " + column(d.column());
    }

    /** A column in words: its hint, else its role's word, else the concept it names. */
    String column(ColumnRef c) {
        if (c.hint() != null && !c.hint().isBlank()) {
            return c.hint().strip().toLowerCase(Locale.ROOT);
        }
        return switch (c.role()) {
            case NAME, PRIMARY_KEY, BUSINESS_ID, CODE -> singular(c.concept());
            case PATIENT_REF -> "patient";
            case PROVIDER_REF -> "clinician";
            case WARD_REF -> "ward";
            case DEPARTMENT_REF -> "department";
            case ENCOUNTER_REF -> "encounter";
            case START_TIME -> "start";
            case END_TIME -> "end";
            case EVENT_TIME -> "date";
            default -> c.role().jsonName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        };
    }

    /** A condition in words: "caesarean", "Potassium", "critical", "not active", "ended", "gestation weeks under 37". */
    String condition(Filter f) {
        String target = value(f.target());
        if (f instanceof Filter.Compare c) {
            String v = literal(c.value());
            return switch (c.op()) {
                case EQ -> v;
                case NE -> "not " + v;
                case LT -> target + " under " + v;
                case LE -> target + " at most " + v;
                case GT -> target + " over " + v;
                case GE -> target + " at least " + v;
            };
        }
        if (f instanceof Filter.In in) {
            return in.values().stream().map(SpecWords::literal).collect(Collectors.joining(" or "));
        }
        if (f instanceof Filter.Between b) {
            return target + " " + literal(b.low()) + " to " + literal(b.high());
        }
        if (f instanceof Filter.IsTrue) {
            return flag(f.target());
        }
        if (f instanceof Filter.IsFalse) {
            return "not " + flag(f.target());
        }
        if (f instanceof Filter.IsNull) {
            return f.target() instanceof ColumnRef c && c.role() == ColumnRole.END_TIME ? "not ended" : "no " + target;
        }
        if (f instanceof Filter.IsNotNull) {
            return f.target() instanceof ColumnRef c && c.role() == ColumnRole.END_TIME ? "ended" : "with " + target;
        }
        throw new AssertionError(f);
    }

    /** A related condition: "with diagnosis I10", "without prescription". */
    String related(RelatedScope r) {
        String what = singular(r.concept());
        List<String> parts = new ArrayList<>();
        r.filters().forEach(f -> parts.add(condition(f)));
        String tail = parts.isEmpty() ? "" : " " + String.join(", ", parts);
        if (r.quantifier() == Quantifier.NOT_EXISTS) {
            return "without " + what + tail;
        }
        if (r.quantifier() == Quantifier.COUNTED) {
            return "with " + r.bounds() + " " + plural(r.concept()) + tail;
        }
        return "with " + what + tail;
    }

    /** What is computed: "count", "average length of stay", "total amount". */
    String measure(Measure m) {
        if (m instanceof Measure.Count) {
            return "count";
        }
        if (m instanceof Measure.Rate) {
            return "percentage";
        }
        Measure.Aggregate a = (Measure.Aggregate) m;
        String of = value(a.of());
        return switch (a.function()) {
            case COUNT_DISTINCT -> "distinct " + (a.of() instanceof ColumnRef c && c.role() == ColumnRole.PATIENT_REF
                    ? "patients" : of);
            case SUM -> "total " + of;
            case AVG -> "average " + of;
            case MEDIAN -> "median " + of;
            case MIN -> "smallest " + of;
            case MAX -> "largest " + of;
        };
    }

    private String value(ValueRef v) {
        if (v instanceof ColumnRef c) {
            return column(c);
        }
        if (v instanceof DurationRef d) {
            return "time from " + column(d.start()) + " to " + column(d.end());
        }
        return v.describe();
    }

    private String flag(ValueRef v) {
        String words = value(v);
        return words.replaceAll("^(?:is|was|has|had) ", "");
    }

    static String literal(Literal l) {
        if (l instanceof Literal.StringValue s) {
            return s.value();
        }
        if (l instanceof Literal.NumberValue n) {
            return n.value().stripTrailingZeros().toPlainString();
        }
        if (l instanceof Literal.BooleanValue b) {
            return b.value() ? "yes" : "no";
        }
        LocalDate d = day(l);
        return d != null ? dayWords(d) : l.describe();
    }

    /**
     * The parts of {@code next} it kept from {@code last}, in the order the card shows them: period, subject,
     * conditions, related conditions, grouping.
     */
    List<String> carried(QuerySpec last, QuerySpec next) {
        List<String> out = new ArrayList<>();
        String period = period(next.timeScope());
        if (period != null && next.timeScope().equals(last.timeScope())) {
            out.add(period);
        }
        if (next.subject().equalsIgnoreCase(last.subject())) {
            out.add(subject(next.subject()));
        }
        next.filters().stream().filter(last.filters()::contains).forEach(f -> out.add(condition(f)));
        next.related().stream().filter(last.related()::contains).forEach(r -> out.add(related(r)));
        next.dimensions().stream().filter(last.dimensions()::contains).forEach(d -> out.add(grouping(d)));
        if (next.timeScope() != null && next.timeScope().bucket() != null && last.timeScope() != null
                && next.timeScope().bucket() == last.timeScope().bucket()) {
            out.add("per " + next.timeScope().bucket().jsonName());
        }
        return out;
    }

    static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
