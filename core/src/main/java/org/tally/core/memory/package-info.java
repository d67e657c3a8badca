/**
 * Every memory of the answer path, all with one eviction policy ({@link org.tally.core.memory.RecentlyUsed}: least
 * recently used out first at capacity, and an age limit where what is kept goes stale): compiled statements
 * ({@link org.tally.core.memory.CompileMemory}), the safety policy's allowed verdicts
 * ({@link org.tally.core.memory.VerdictMemory}), cost estimates ({@link org.tally.core.memory.PreflightMemory}); the
 * grammar rung's readings and list pages are {@code RecentlyUsed} of their own. Each is keyed by the exact input of a
 * pure computation (or bounded in time) and none keeps a result row. The stages they remember for know nothing of
 * them (docs/architecture.md, "One question, step by step").
 */
package org.tally.core.memory;
