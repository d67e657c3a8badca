package org.tally.core.conversation;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;

/**
 * Why Tally could not answer a question, as the administrator's backlog groups it: a word no rule reads, a concept
 * the source does not hold, a column role a table lacks, several readings, or outside the service line. Read from
 * the answer's path and message, which name the failure; never from result rows.
 */
enum ReasonClass {
    UNREAD_WORD("unread word"),
    UNBOUND_CONCEPT("unbound concept"),
    MISSING_ROLE("missing role"),
    AMBIGUITY("ambiguity"),
    OUT_OF_SCOPE("out of scope"),
    OTHER("other");

    private static final Pattern QUOTED = Pattern.compile("'([^']{1,60})'");

    private final String label;

    ReasonClass(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The class of an answer that was not answered; null for an answer. */
    static ReasonClass of(Answer a) {
        if (a.status() == AnswerStatus.ANSWERED) {
            return null;
        }
        if (a.status() == AnswerStatus.CLARIFY) {
            return AMBIGUITY;
        }
        String text = reasons(a).toLowerCase(Locale.ROOT);
        for (PathStep s : a.path()) {
            if (s.rung().equals("scope") && s.outcome() == Outcome.MISS) {
                return OUT_OF_SCOPE;
            }
        }
        if (text.contains("outofscope") || text.contains("personal") || text.contains("outside")) {
            return OUT_OF_SCOPE;
        }
        if (text.contains("ambiguous") || text.contains("several readings")) {
            return AMBIGUITY;
        }
        if (text.contains("norole") || text.contains(" has no ") || text.contains(" have no ")
                || text.contains("no column") || text.contains("no date")) {
            return MISSING_ROLE;
        }
        if (text.contains("nosubject") || text.contains("nopath") || text.contains("does not hold")
                || text.contains("no table") || text.contains("no concept") || text.contains("not bound")) {
            return UNBOUND_CONCEPT;
        }
        if (text.contains("not understood") || text.contains("no question rule") || text.contains("not read")
                || text.contains("cannot group") || text.contains("names no")) {
            return UNREAD_WORD;
        }
        return OTHER;
    }

    /** The words a refusal or clarification quotes (what was not read, or what was ambiguous). */
    static List<String> words(Answer a) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = QUOTED.matcher(reasons(a));
        while (m.find()) {
            out.add(m.group(1).strip());
        }
        return new ArrayList<>(out);
    }

    private static String reasons(Answer a) {
        StringBuilder s = new StringBuilder(a.message() == null ? "" : a.message());
        for (PathStep step : a.path()) {
            if (step.reason() != null && step.outcome() != Outcome.OK) {
                s.append(" | ").append(step.reason());
            }
        }
        if (a.clarify() != null) {
            s.append(" | ").append(a.clarify().question());
        }
        return s.toString();
    }
}
