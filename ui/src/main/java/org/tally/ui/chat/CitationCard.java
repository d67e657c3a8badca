package org.tally.ui.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.tally.core.answer.Citation;

/**
 * One passage a retrieval answer cites, as its card shows it: its number in the answer ("[1]"), where it was read
 * (the table, the row's key and the column, and the row's date when the table has one), and the passage itself.
 */
public record CitationCard(int number, String source, String text) {

    public CitationCard {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
    }

    /** The answer's citations as cards, numbered from 1 in the answer's order. */
    public static List<CitationCard> of(List<Citation> citations) {
        List<CitationCard> out = new ArrayList<>(citations.size());
        for (int i = 0; i < citations.size(); i++) {
            Citation c = citations.get(i);
            String where = c.table() + " · row " + c.key() + " · " + c.column()
                    + (c.date() == null ? "" : " · " + c.date());
            out.add(new CitationCard(i + 1, where, c.text()));
        }
        return List.copyOf(out);
    }

    /** "[2]" */
    public String mark() {
        return "[" + number + "]";
    }

    /** What a screen reader says for the card. */
    public String spoken() {
        return "Passage " + number + ", from " + source + ": " + text;
    }
}
