package org.tally.ui.conversations;

import java.util.List;
import java.util.Map;
import org.tally.core.conversation.Turn;

/** Draws the charts of a conversation's answers for its report. Called on the UI thread. */
@FunctionalInterface
public interface ChartImages {

    /** A PNG per turn number, for the answers the workstation shows as a chart; turns without one are absent. */
    Map<Integer, byte[]> draw(List<Turn> turns);

    /** Draws nothing: the report has tables only. */
    ChartImages NONE = turns -> Map.of();
}
