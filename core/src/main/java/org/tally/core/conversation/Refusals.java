package org.tally.core.conversation;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.tally.core.pack.Concept;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;

/**
 * Why a follow-up cannot be answered, in the analyst's words. When it brings in a concept the last question's rows do
 * not reach on this source, it says so ("Deliveries have no ward on this source") rather than repeat the binder's
 * terms; otherwise it gives the reason, saying it was read as a follow-up.
 */
final class Refusals {

    private static final Pattern UNREACHED = Pattern.compile("no path|no foreign key|has no|have no|cannot group"
            + "|not linked|no column|not recorded|cannot be reached|does not reach");
    private static final Pattern LEADING = Pattern.compile("^Tally could not answer this exactly: ");

    private Refusals() {
    }

    /**
     * @param next   the spec the follow-up made, or null when it was not read
     * @param reason why it was not read or not answered
     */
    static String followUp(SpecWords words, QuerySpec last, QuerySpec next, String reason) {
        String why = LEADING.matcher(reason == null ? "" : reason.strip()).replaceAll("");
        if (why.endsWith(".")) {
            why = why.substring(0, why.length() - 1);
        }
        if (UNREACHED.matcher(why).find()) {
            Set<String> before = concepts(last);
            Set<String> brought = next != null ? concepts(next) : named(words, why);
            for (String c : brought) {
                if (!before.contains(c) && mentions(why, c)) {
                    return words.subject(last.subject()) + " have no " + words.singular(c) + " on this source.";
                }
            }
        }
        return "Tally could not answer that as a follow-up to the last question: " + why + ".";
    }

    private static Set<String> concepts(QuerySpec spec) {
        Set<String> out = new LinkedHashSet<>();
        out.add(spec.subject().toLowerCase(Locale.ROOT));
        for (ColumnRef c : spec.referencedColumns()) {
            out.add(c.concept().toLowerCase(Locale.ROOT));
            if (c.via() != null) {
                out.add(c.via().toLowerCase(Locale.ROOT));
            }
        }
        for (RelatedScope r : spec.related()) {
            out.add(r.concept().toLowerCase(Locale.ROOT));
            for (Filter f : r.filters()) {
                f.target().columns().forEach(c -> out.add(c.concept().toLowerCase(Locale.ROOT)));
            }
        }
        return out;
    }

    /** The pack concepts a reason names by id. */
    private static Set<String> named(SpecWords words, String why) {
        Set<String> out = new LinkedHashSet<>();
        for (Concept c : words.pack().concepts()) {
            if (mentions(why, c.id())) {
                out.add(c.id().toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static boolean mentions(String text, String concept) {
        return Pattern.compile("(?i)\\b" + Pattern.quote(concept) + "\\b").matcher(text).find();
    }
}
