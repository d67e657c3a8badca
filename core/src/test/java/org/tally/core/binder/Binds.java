package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import org.tally.core.binding.Binding;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.testing.TestBindings;

/** A spec bound as the grammar rung binds it: canonicalized first, the hospital pack, the demo's reference day. */
final class Binds {

    private Binds() {
    }

    static BindResult bind(Binding binding, QuerySpec spec) {
        return new SpecBinder(binding, PackLoader.hospital(), TestBindings.REFERENCE_DAY)
                .bind(SpecCanonicalizer.canonicalize(spec));
    }

    /** The bound query, failing the test with the binder's reason when it did not bind. */
    static BindResult.Bound bound(Binding binding, QuerySpec spec) {
        BindResult r = bind(binding, spec);
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
        return (BindResult.Bound) r;
    }

    /** Why the spec did not bind, failing the test when it did. */
    static BindFailure failure(Binding binding, QuerySpec spec) {
        BindResult r = bind(binding, spec);
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Failed.class);
        return ((BindResult.Failed) r).failure();
    }
}
