/**
 * The QuerySpec: a question as a typed, source-independent intent (docs/architecture.md, "The QuerySpec").
 *
 * <p>A {@link org.tally.core.spec.QuerySpec} names a subject concept of the domain pack, a
 * {@link org.tally.core.spec.Shape}, {@link org.tally.core.spec.Measure measures},
 * {@link org.tally.core.spec.Dimension dimensions}, AND-ed {@link org.tally.core.spec.Filter filters}, a
 * {@link org.tally.core.spec.TimeScope}, {@link org.tally.core.spec.RelatedScope related scopes},
 * {@link org.tally.core.spec.OrderKey order keys}, a limit, a projection and its
 * {@link org.tally.core.spec.Provenance}. Columns are {@link org.tally.core.spec.ColumnRef concept + role (+ name
 * hint, + intermediate concept)} or {@link org.tally.core.spec.DurationRef derived durations}; constants are typed
 * {@link org.tally.core.spec.Literal literals}. Nothing here names a table or a column: a binding resolves the spec
 * per source, and refuses when it cannot do so exactly.
 *
 * <p>Every node is an immutable record that checks its invariants when built; a broken one throws
 * {@link org.tally.core.spec.InvalidSpecException} naming the field and the fix. Nodes dispatch with
 * {@code instanceof} over sealed interfaces.
 *
 * <p>{@link org.tally.core.spec.SpecJson} reads and writes the JSON form: each polymorphic node carries a stable
 * {@code "type"} name (filters: compare, in, between, isNull, isNotNull, isTrue, isFalse; measures: count, aggregate,
 * rate; values: column, duration; dimensions: column, timeBucket; order keys: measure, dimension, value; literals:
 * string, number, boolean, date, datetime). These names and the enum JSON names never change: hashes depend on them.
 *
 * <p>{@link org.tally.core.spec.SpecCanonicalizer} gives the one canonical spelling of an intent, and
 * {@link org.tally.core.spec.SpecHash} its identity: compiler version + SHA-256 of the canonical form's sorted-key
 * JSON. The compiler should compile the canonical form, so that equal hashes mean equal SQL.
 */
package org.tally.core.spec;
