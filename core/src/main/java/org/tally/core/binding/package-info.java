/**
 * The binding: which table of a source is which concept of the domain pack, and what each column means.
 *
 * <h2>Model (immutable records)</h2>
 * <ul>
 *   <li>{@link org.tally.core.binding.Binding}: one source at one catalog version — every table (bound, unbound,
 *       ignored), the foreign-key graph ({@link org.tally.core.binding.Link}s, declared and inferred) and notes.</li>
 *   <li>{@link org.tally.core.binding.TableBinding}: concept or none, confidence, reasons, every candidate concept
 *       with its score ({@link org.tally.core.binding.Scored}), display column, columns, patient path.</li>
 *   <li>{@link org.tally.core.binding.ColumnBinding}: role ({@link org.tally.core.spec.ColumnRole}), confidence,
 *       reasons, runner-up roles, name tokens (for name hints), PII mark, observed values with counts (null for PII and
 *       for columns not counted exactly), the key it references, administrator aliases.</li>
 *   <li>{@link org.tally.core.binding.Refinement}: a concept the pack holds as a kind of another
 *       ({@link org.tally.core.pack.KindOf}), realised on this source or not (with why): its base table, the resolved
 *       condition ({@link org.tally.core.binding.Restriction}s on physical columns with observed values) and a view of
 *       the base table's columns under the concept's own time roles. The view is never one of the binding's tables.</li>
 * </ul>
 *
 * <h2>Look-ups for the grammar and the spec binder</h2>
 * {@code tableOf(concept)}; {@code columns(concept, role)} (all candidates, table order);
 * {@code column(concept, role, hint, nameTokens)} → {@link org.tally.core.binding.ColumnLookup} Found / Missing(reason)
 * / Ambiguous(candidates) — several fitting columns are never resolved to the first; {@code ColumnBinding.values()}
 * and {@code aliases()} for enum vocabulary; {@code linksFrom/linksTo(table)}, {@code paths(from, to, maxHops)} (every
 * shortest forward chain) and {@code patientPath(concept)} (≤ {@link org.tally.core.binding.Binding#MAX_HOPS} links,
 * only when unique). {@code tableOf} finds a concept's own table only; {@code refinementOf(concept)} and
 * {@code rowsOf(concept)} (own table, else the refinement's view) are for callers that apply the restrictions too.
 *
 * <h2>How it decides</h2>
 * {@link org.tally.core.binding.Binder} scores each table against each concept: 0.5 × name (a two-word pattern 1.0, a
 * concept token as the head word 0.8, elsewhere 0.7, a token several concepts share 0.4, +0.1 when the primary key is
 * named after the concept) + 0.25 × column vocabulary + 0.15 × required roles met + 0.1 × FK shape; a missing
 * required role multiplies by 0.6. Below {@link org.tally.core.binding.Binder#MIN_CONFIDENCE} or within
 * {@link org.tally.core.binding.Binder#TIE_MARGIN} of the runner-up a table stays unbound; two tables claiming one
 * concept keep it only when one is clearly better. Column roles follow override → key metadata → name tokens with
 * type class → profile; then one EventTime per table (bookkeeping times such as "booked" give way; record-keeping times such as
 * "created", "updated", "modified" never hold a time role, even as the table's only time),
 * start/end pairs (one start word and one end word among the times: start/end, admission/discharge,
 * arrival/departure, onset/resolution …), PII and the display column; then the columns that mark deleted or retired rows
 * ({@link org.tally.core.binding.SoftDelete}: voided, is_deleted, deleted_at, retired), used only when their values
 * are plainly yes/no (else the table's reasons say why not). A table that keeps versions of its rows ({@link org.tally.core.binding.RowVersions}: a validity
 * pair named valid/effective from/to, with a current flag or an open end date) holds no time of its own in that pair and
 * is read by its current rows, related records matched through its entity key; the rows of a referenced table under a
 * key of zero or less whose label says nothing is known ({@link org.tally.core.binding.Placeholder}, read while
 * profiling) are no entities of it. Overrides can state either ({@code current}, {@code entityKey},
 * {@code placeholders}) or turn it off; a column override's {@code words} gives the words questions name the column
 * by in place of its physical name's (the OMOP preset names {@code visit_concept_id} "visit type"). A table that another table named exactly for the concept
 * extends by its own key (a patient table keyed on a person table) is not bound to that concept. Last, each concept declared as a kind of another is realised on its
 * base table when no table binds to it and every column condition of its {@code where} finds exactly one column (a
 * value class: one column whose observed values hold it); several candidates, none, or a view lacking the concept's
 * required roles leave it unrealised with the reason.
 *
 * <h2>Storage: rebuilt, not stored</h2>
 * A binding is a pure function of the active catalog, the pack and the override file and takes milliseconds (≈ 0.15 s
 * for 100 tables), so it is rebuilt on demand ({@link org.tally.core.binding.BindingService}) and never goes stale
 * against its catalog version. Overrides live in {@code DataFolder.overrides()/<source>.json}
 * ({@link org.tally.core.binding.Overrides} documents the format; {@link org.tally.core.binding.OverrideFile}
 * validates it). Each file that validates is copied to {@code <source>.json.last-good}; a broken file leaves the
 * binding made with that copy in force and reports every problem.
 */
package org.tally.core.binding;
