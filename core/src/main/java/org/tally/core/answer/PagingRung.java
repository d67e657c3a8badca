package org.tally.core.answer;

import java.util.Optional;

/** A rung whose list answers come in keyset pages; it reads the page after a cursor it handed out. */
public interface PagingRung extends Rung {

    /** The page after {@code cursor}, or empty when this rung did not list that spec (or no longer remembers it). */
    Optional<PageResult> nextPage(PageCursor cursor);
}
