/**
 * The llama.cpp adapter of the planner (de.kherud:llama, java-llama.cpp): {@link org.tally.models.llama.LlamaRuntime}
 * loads the process's one model after checking its SHA-256, and its planner fills the core's
 * {@link org.tally.core.planner.Planner} contract with grammar-constrained, greedy decoding.
 */
package org.tally.models.llama;
