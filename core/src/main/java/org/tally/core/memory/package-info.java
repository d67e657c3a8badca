/** Bounded memories of work already done on the answer path; each user decides what it may keep. */
package org.tally.core.memory;
