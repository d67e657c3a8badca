/** Adapters from local model runtimes to core interfaces (filled by the planner and embeddings issues). */
package org.tally.models;
