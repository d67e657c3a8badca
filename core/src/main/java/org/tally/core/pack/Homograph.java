package org.tally.core.pack;

import java.util.List;

/**
 * A spelling knowingly listed in several value classes that can meet on one column ({@code N}: "no" on a flag,
 * "normal" on a lab flag). The resolver never decides between them by itself: the question's phrase picks the class.
 */
record Homograph(String spelling, List<String> classes, String why) {
    public Homograph {
        spelling = Lists.text(spelling);
        classes = Lists.copy(classes, "classes");
        why = Lists.text(why);
    }
}
