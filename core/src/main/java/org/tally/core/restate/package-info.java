/**
 * Restatement: a spec said back to the analyst as one plain English question ("Read as: …"), in words the grammar
 * itself reads. A sentence is shown only when the source's grammar reads it back to the very same spec (the same
 * spec hash), so a restatement can be missing but never says something other than what ran. See
 * docs/architecture.md, "The ladder".
 */
package org.tally.core.restate;
