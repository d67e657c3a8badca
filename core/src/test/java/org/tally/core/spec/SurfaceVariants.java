package org.tally.core.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Rewrites a spec into another surface form of the same intent: respelled identifiers, shuffled and duplicated
 * AND-ed lists, operator aliases, redundant conditions, a time scope spelled as filters or a leading dimension,
 * default directions left out, other provenance. Each rewrite is applied with probability one half.
 */
final class SurfaceVariants {

    private final Random r;

    SurfaceVariants(Random random) {
        this.r = random;
    }

    QuerySpec variant(QuerySpec base) {
        QuerySpec s = base;
        if (r.nextBoolean()) {
            s = new Respell().apply(s);
        }
        if (r.nextBoolean()) {
            s = new Aliases().apply(s);
        }
        if (r.nextBoolean()) {
            s = new Redundant().apply(s);
        }
        if (r.nextBoolean()) {
            s = timeScopeRespelled(s);
        }
        if (r.nextBoolean()) {
            s = duplicated(s);
        }
        if (r.nextBoolean()) {
            s = new Shuffle().apply(s);
        }
        if (r.nextBoolean()) {
            s = s.withProvenance(new Provenance("rule-" + r.nextInt(9),
                    List.of(new Provenance.Substitution("slot" + r.nextInt(3), "shown " + r.nextInt(5)))));
        }
        return s;
    }

    private String respellConcept(String c) {
        if (c == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(r.nextBoolean() ? " " : "");
        for (char ch : c.toCharArray()) {
            out.append(r.nextBoolean() ? Character.toUpperCase(ch) : Character.toLowerCase(ch));
        }
        return out.append(r.nextBoolean() ? "  " : "").toString();
    }

    private String respellHint(String hint) {
        if (hint == null) {
            return r.nextBoolean() ? null : r.nextBoolean() ? "" : " _ ";
        }
        String[] words = hint.split(" ");
        boolean camel = r.nextInt(3) == 0;
        StringBuilder out = new StringBuilder(r.nextBoolean() ? "  " : "");
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (camel) {
                out.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
                continue;
            }
            if (i > 0) {
                out.append(List.of(" ", "_", "-", "   ", " - ").get(r.nextInt(5)));
            }
            int style = r.nextInt(3);
            out.append(style == 0 ? w : style == 1 ? w.toUpperCase(Locale.ROOT)
                    : Character.toUpperCase(w.charAt(0)) + w.substring(1));
        }
        return out.append(r.nextBoolean() ? " " : "").toString();
    }

    private final class Respell extends SpecRewrite {
        @Override
        ColumnRef ref(ColumnRef c) {
            return new ColumnRef(respellConcept(c.concept()), c.role(), respellHint(c.hint()),
                    respellConcept(c.via()));
        }

        @Override
        String concept(String c) {
            return respellConcept(c);
        }
    }

    private final class Shuffle extends SpecRewrite {
        @Override
        List<Filter> filters(List<Filter> filters, boolean main, String context) {
            List<Filter> out = new ArrayList<>(filters);
            Collections.shuffle(out, r);
            return out;
        }

        @Override
        List<Literal> inValues(List<Literal> values) {
            List<Literal> out = new ArrayList<>(values);
            Collections.shuffle(out, r);
            return out;
        }

        @Override
        List<RelatedScope> related(List<RelatedScope> scopes) {
            List<RelatedScope> out = new ArrayList<>(scopes);
            Collections.shuffle(out, r);
            return out;
        }
    }

    /** Same-meaning operator spellings. */
    private final class Aliases extends SpecRewrite {
        @Override
        List<Filter> filters(List<Filter> filters, boolean main, String context) {
            List<Filter> out = new ArrayList<>();
            for (Filter f : filters) {
                out.addAll(r.nextBoolean() ? alias(f) : List.of(f));
            }
            return out;
        }

        @Override
        Direction direction(Direction d) {
            return d == Direction.ASC && r.nextBoolean() ? null : d;
        }

        private List<Filter> alias(Filter f) {
            ValueRef t = f.target();
            if (f instanceof Filter.IsTrue) {
                return List.of(r.nextBoolean() ? Filter.eq(t, Literal.of(true)) : Filter.ne(t, Literal.of(false)));
            }
            if (f instanceof Filter.IsFalse) {
                return List.of(r.nextBoolean() ? Filter.eq(t, Literal.of(false)) : Filter.ne(t, Literal.of(true)));
            }
            if (f instanceof Filter.Between) {
                Filter.Between b = (Filter.Between) f;
                return List.of(Filter.ge(t, b.low()), Filter.le(t, b.high()));
            }
            if (f instanceof Filter.In) {
                List<Literal> values = new ArrayList<>(((Filter.In) f).values());
                values.add(values.get(0));
                return List.of(new Filter.In(t, values));
            }
            if (f instanceof Filter.Compare) {
                Filter.Compare c = (Filter.Compare) f;
                switch (c.op()) {
                    case EQ:
                        return List.of(c.value().isOrdered() && r.nextBoolean() ? Filter.between(t, c.value(), c.value())
                                : Filter.in(t, c.value()));
                    case GT:
                        return List.of(Filter.ge(t, c.value()), Filter.ne(t, c.value()));
                    case LT:
                        return List.of(Filter.le(t, c.value()), Filter.ne(t, c.value()));
                    default:
                        return List.of(f);
                }
            }
            return List.of(f);
        }
    }

    /** Conditions implied by the others. */
    private final class Redundant extends SpecRewrite {
        @Override
        List<Filter> filters(List<Filter> filters, boolean main, String context) {
            List<Filter> out = new ArrayList<>(filters);
            for (Filter f : filters) {
                boolean testsValue = !(f instanceof Filter.IsNull) && !(f instanceof Filter.IsNotNull);
                if (testsValue && r.nextBoolean()) {
                    out.add(new Filter.IsNotNull(f.target()));
                }
                if (f instanceof Filter.Compare && r.nextBoolean()) {
                    Filter.Compare c = (Filter.Compare) f;
                    if (c.op() == CompareOp.GT || c.op() == CompareOp.GE) {
                        out.add(Filter.ge(f.target(), RandomSpecs.plus(c.value(), -10)));
                    } else if (c.op() == CompareOp.LT || c.op() == CompareOp.LE) {
                        out.add(Filter.le(f.target(), RandomSpecs.plus(c.value(), 10)));
                    }
                }
            }
            if (main && r.nextBoolean()) {
                out.add(new Filter.IsNotNull(ColumnRef.of(context, ColumnRole.PRIMARY_KEY)));
            }
            return out;
        }
    }

    /** A time scope spelled as ge/lt filters, and its bucket as a leading time-bucket dimension. */
    private QuerySpec timeScopeRespelled(QuerySpec s) {
        TimeScope t = s.timeScope();
        if (t == null) {
            return s;
        }
        QuerySpec.Builder b = s.toBuilder().timeScope(null);
        boolean rangeAsFilters = r.nextBoolean();
        if (rangeAsFilters) {
            if (t.from() != null) {
                b.filter(Filter.ge(t.column(), t.from()));
            }
            if (t.to() != null) {
                b.filter(Filter.lt(t.column(), t.to()));
            }
        }
        if (t.bucket() != null) {
            b.editDimensions(d -> d.add(0, Dimension.bucket(t.column(), t.bucket())));
            b.editOrder(keys -> keys.replaceAll(k -> k instanceof OrderKey.ByDimension
                    ? OrderKey.byDimension(((OrderKey.ByDimension) k).index() + 1, k.direction()) : k));
        }
        if (!rangeAsFilters && (t.from() != null || t.to() != null)) {
            b.timeScope(new TimeScope(t.column(), t.from(), t.to(), null));
        }
        return b.build();
    }

    /** Appended copies of measures, dimensions, projection entries, filters and related scopes. */
    private QuerySpec duplicated(QuerySpec s) {
        QuerySpec.Builder b = s.toBuilder();
        if (!s.measures().isEmpty()) {
            b.measure(s.measures().get(r.nextInt(s.measures().size())));
        }
        if (!s.dimensions().isEmpty()) {
            b.dimension(s.dimensions().get(r.nextInt(s.dimensions().size())));
        }
        if (!s.projection().isEmpty()) {
            b.project(s.projection().get(r.nextInt(s.projection().size())));
        }
        if (!s.filters().isEmpty()) {
            b.filter(s.filters().get(r.nextInt(s.filters().size())));
        }
        if (!s.related().isEmpty()) {
            b.related(s.related().get(r.nextInt(s.related().size())));
        }
        if (!s.order().isEmpty()) {
            OrderKey k = s.order().get(0);
            b.order(k);
        }
        return b.build();
    }
}
