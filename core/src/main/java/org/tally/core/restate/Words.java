package org.tally.core.restate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.Predicate;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueClass;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.ValueRef;

/**
 * Candidate words for the parts of a spec, all taken from the pack (concept terms, role-hint phrases, predicate
 * phrases, value-class phrases) or from the spec's own recorded values. A candidate is only a guess: a sentence
 * built from it is shown only when the grammar reads it back to the same spec.
 */
final class Words {

    private final DomainPack pack;

    Words(DomainPack pack) {
        this.pack = pack;
    }

    /** The pack's concept of a spec's id (the canonical form spells ids in lower case). */
    Optional<Concept> concept(String id) {
        return pack.concepts().stream().filter(c -> same(c.id(), id)).findFirst();
    }

    /** The concept a reference column's role points to (PatientRef: the patient), when the pack has it. */
    Optional<Concept> referenced(ColumnRef column) {
        String role = column.role().jsonName();
        return column.role().isReference() && role.endsWith("Ref") && !role.equals("ForeignRef")
                ? concept(role.substring(0, role.length() - "Ref".length())) : Optional.empty();
    }

    /** Concept ids compare ignoring case and surrounding space, as the spec's own do. */
    static boolean same(String a, String b) {
        return a.strip().equalsIgnoreCase(b.strip());
    }

    /** "a laparoscopic cholecystectomy", "an operation". */
    static String indefinite(String noun) {
        return ("aeiou".indexOf(Character.toLowerCase(noun.charAt(0))) >= 0 ? "an " : "a ") + noun;
    }

    /** What may say one condition: its values and their classes' phrases, predicates, the column's role phrases. */
    List<String> forFilter(Filter f, boolean onSubject) {
        if (!(f.target() instanceof ColumnRef column)) {
            return List.of();
        }
        Concept owner = concept(column.concept()).orElse(null);
        if (owner == null) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        List<String> roles = rolePhrases(owner, column);
        if (f instanceof Filter.Compare c && c.op() == CompareOp.EQ && c.value() instanceof Literal.StringValue s) {
            for (String v : values(s.value(), column)) {
                out.add(v);
                roles.forEach(r -> out.add(r + " " + v));
            }
        } else if (f instanceof Filter.In in && in.values().stream().allMatch(Literal.StringValue.class::isInstance)) {
            List<String> each = in.values().stream().map(v -> ((Literal.StringValue) v).value()).toList();
            String listed = listed(each, "or");
            out.add(listed);
            roles.forEach(r -> out.add(r + " " + listed));
        } else if (f instanceof Filter.Compare c && c.value() instanceof Literal.NumberValue n && c.op() != CompareOp.EQ
                && c.op() != CompareOp.NE) {
            String number = n.value().stripTrailingZeros().toPlainString();
            for (String r : roles) {
                for (String op : comparisons(c.op())) {
                    out.add(r + " " + op + " " + number);
                    unit(column).ifPresent(u -> out.add(r + " " + op + " " + number + " " + u));
                }
            }
        } else if (f instanceof Filter.IsTrue && column.hint() != null) {
            out.add(column.hint().replaceFirst("^is ", ""));
        } else if (f instanceof Filter.IsNotNull) {
            out.addAll(roles);
        }
        out.addAll(predicatePhrases(owner));
        if (!onSubject) {
            // a condition on another concept reads best after a preposition ("admissions in Surgical Ward 1")
            List<String> plain = List.copyOf(out);
            out.clear();
            for (String p : plain) {
                out.add("in " + p);
                out.add("for " + indefinite(p));
                out.add("with " + p);
            }
            out.addAll(plain);
        } else if (f instanceof Filter.Compare c && c.value() instanceof Literal.StringValue s) {
            values(s.value(), column).forEach(v -> out.add("in " + v));
        }
        return List.copyOf(out);
    }

    /** A recorded value as typed, then the phrases of each value class that holds it (codes by their prefix). */
    List<String> values(String value, ColumnRef column) {
        Set<String> phrases = new LinkedHashSet<>();
        String plain = squash(value);
        for (ValueClass vc : pack.valueClasses()) {
            if (!vc.roles().isEmpty() && !vc.roles().contains(column.role().jsonName())) {
                continue;
            }
            boolean spelled = vc.spellings().stream().anyMatch(s -> squash(s).equals(plain));
            boolean coded = vc.codes().stream().anyMatch(code -> {
                String prefix = squash(code);
                return plain.startsWith(prefix) && (plain.length() == prefix.length()
                        || Character.isDigit(plain.charAt(prefix.length())));
            });
            if (spelled || coded) {
                phrases.addAll(vc.phrases());
            }
        }
        // a code is said by what it stands for ("type 2 diabetes", not "E11.9"); other values as recorded first
        Set<String> out = new LinkedHashSet<>();
        if (column.role() != ColumnRole.CODE) {
            out.add(value);
        }
        out.addAll(phrases);
        out.add(value);
        return List.copyOf(out);
    }

    /** The phrases of every pack predicate defined on the concept. */
    List<String> predicatePhrases(Concept owner) {
        List<String> out = new ArrayList<>();
        for (Predicate p : pack.predicates()) {
            if (p.definitions().stream().anyMatch(d -> same(d.concept(), owner.id()))) {
                out.addAll(p.phrases());
            }
        }
        return out;
    }

    /** Role-hint phrases of the concept that name the column's role (its hint words first). */
    List<String> rolePhrases(Concept owner, ColumnRef column) {
        Set<String> out = new LinkedHashSet<>();
        if (column.hint() != null) {
            out.add(column.hint());
        }
        for (RoleHint hint : owner.roleHints()) {
            if (hint.roles().contains(column.role().jsonName())) {
                out.addAll(hint.phrases());
            }
        }
        return new ArrayList<>(out);
    }

    /** "discharged", "born", "reported": the phrases of the owner's role hints that are all about times. */
    List<String> timeVerbs(Concept owner, ColumnRef column) {
        List<String> out = new ArrayList<>();
        for (RoleHint hint : owner.roleHints()) {
            if (hint.roles().contains(column.role().jsonName()) && !hint.phrases().isEmpty()) {
                out.addAll(hint.phrases());
            }
        }
        return out;
    }

    /** Verbs of every time column of the concept ("diagnosed", "prescribed", "visited"). */
    List<String> conceptVerbs(Concept owner) {
        Set<String> out = new LinkedHashSet<>();
        for (RoleHint hint : owner.roleHints()) {
            if (!hint.roles().isEmpty() && hint.roles().stream().allMatch(r -> r.endsWith("Time") || r.endsWith("Date"))) {
                out.addAll(hint.phrases());
            }
        }
        return List.copyOf(out);
    }

    /** How a grouping or shown column may be named: its hint, role phrases, the concept it lives on, its role. */
    List<String> columnPhrases(Concept subject, ColumnRef column) {
        Concept owner = concept(column.concept()).orElse(null);
        if (owner == null) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        if (column.role().isTemporal()) {
            timeVerbs(owner, column).forEach(v -> out.add("date " + v));
            out.add("date");
            out.add("time");
        }
        out.addAll(rolePhrases(owner, column));
        if (!same(owner.id(), subject.id())) {
            out.add(owner.singular());
        }
        out.add(roleWord(column));
        return List.copyOf(out);
    }

    /** How a measure may be named: a duration's "length"/"duration" and role phrases, a column's role phrases. */
    List<String> measurePhrases(Concept subject, ValueRef of) {
        Set<String> out = new LinkedHashSet<>();
        if (of instanceof DurationRef d) {
            Concept owner = concept(d.start().concept()).orElse(subject);
            for (RoleHint hint : owner.roleHints()) {
                if (hint.roles().contains("Duration")) {
                    out.addAll(hint.phrases());
                }
            }
            out.add("duration");
            out.add("length");
        } else if (of instanceof ColumnRef c) {
            // the hint names this very column; the role's phrases may name another column of the same role
            Concept owner = concept(c.concept()).orElse(subject);
            if (c.hint() != null) {
                out.add(c.hint());
            }
            out.add(roleWord(c));
            out.addAll(rolePhrases(owner, c));
        } else {
            throw new AssertionError(of);
        }
        return List.copyOf(out);
    }

    /** "average", "total", …: the word the grammar reads for each aggregation; none for a distinct count. */
    static Optional<String> aggregationWord(Aggregation function) {
        return switch (function) {
            case AVG -> Optional.of("average");
            case SUM -> Optional.of("total");
            case MIN -> Optional.of("minimum");
            case MAX -> Optional.of("maximum");
            case MEDIAN -> Optional.of("median");
            case COUNT_DISTINCT -> Optional.empty();
        };
    }

    /** "moderate, severe or fatal": values joined as a list. */
    static String listed(List<String> items, String last) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " " + last + " " + items.get(items.size() - 1);
    }

    private static List<String> comparisons(CompareOp op) {
        return switch (op) {
            case LT -> List.of("under", "less than");
            case GT -> List.of("over", "more than");
            case GE -> List.of("at least");
            case LE -> List.of("at most");
            case EQ, NE -> List.of();
        };
    }

    /** The unit a column's own name ends in ("birth weight gram" → "grams"), when its hint says one. */
    private static Optional<String> unit(ColumnRef column) {
        if (column.hint() == null) {
            return Optional.empty();
        }
        String[] words = column.hint().split(" ");
        String last = words[words.length - 1];
        return Set.of("gram", "kg", "week", "day", "hour", "minute", "year", "mmol", "ml").contains(last)
                ? Optional.of(last + "s") : Optional.empty();
    }

    /** "complaint" → "complaints", "category" → "categories". */
    static String plural(String phrase) {
        if (phrase.endsWith("s")) {
            return phrase;
        }
        return phrase.matches(".*[^aeiou]y") ? phrase.substring(0, phrase.length() - 1) + "ies" : phrase + "s";
    }

    /** "Category" → "category", "WardRef" → "ward ref". */
    static String roleWord(ColumnRef column) {
        return column.role().jsonName().replaceAll("(?<=[a-z])(?=[A-Z])", " ").toLowerCase(Locale.ROOT);
    }

    private static String squash(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[\\s_\\-/.]", "");
    }
}
