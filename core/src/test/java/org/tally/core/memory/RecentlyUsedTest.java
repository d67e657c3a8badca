package org.tally.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The bounded memory keeps what was used most recently, drops the rest, and counts what it found. */
class RecentlyUsedTest {

    @Test
    void theLeastRecentlyUsedEntryGoesFirst() {
        RecentlyUsed<String, Integer> memory = new RecentlyUsed<>(2);
        memory.put("a", 1);
        memory.put("b", 2);
        assertThat(memory.get("a")).isEqualTo(1); // a is now the most recently used
        memory.put("c", 3);

        assertThat(memory.size()).isEqualTo(2);
        assertThat(memory.get("b")).isNull();
        assertThat(memory.get("a")).isEqualTo(1);
        assertThat(memory.get("c")).isEqualTo(3);
        assertThat(memory.hits()).isEqualTo(3);
    }

    @Test
    void removingAndReplacingKeepTheBound() {
        RecentlyUsed<String, Integer> memory = new RecentlyUsed<>(1);
        memory.put("a", 1);
        memory.put("a", 2);
        assertThat(memory.get("a")).isEqualTo(2);
        memory.remove("a");
        assertThat(memory.get("a")).isNull();
        assertThat(memory.size()).isZero();
        assertThat(memory.hits()).isEqualTo(1);
    }

    @Test
    void aMemoryHoldsAtLeastOneEntryAndNoNulls() {
        assertThatThrownBy(() -> new RecentlyUsed<String, Integer>(0)).hasMessageContaining("at least 1");
        RecentlyUsed<String, Integer> memory = new RecentlyUsed<>(1);
        assertThatThrownBy(() -> memory.put("a", null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> memory.get(null)).isInstanceOf(NullPointerException.class);
    }
}
