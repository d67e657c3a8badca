package org.tally.core.pack;

import java.util.List;

/**
 * A question word knowingly claimed by several concepts ({@code inv}: invoice, inventory, investigation). Alone it
 * decides nothing: the binder and grammar need other evidence or ask.
 */
public record AmbiguousToken(String token, List<String> concepts, String why) {
    public AmbiguousToken {
        token = Lists.text(token);
        concepts = Lists.copy(concepts, "concepts");
        why = Lists.text(why);
    }
}
