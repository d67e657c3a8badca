package org.tally.core.answer;

import java.util.Map;
import java.util.Optional;
import org.tally.core.grammar.GrammarVocabulary;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.QuerySpec;

/**
 * A rung that reads questions into specs and can answer a spec it is handed: what a conversation needs to read a
 * follow-up against the last spec, to answer a suggestion chip without reading it again, and to check that a
 * suggestion would answer before it is offered.
 */
public interface SpecRung extends Rung {

    /** The question read alone, with earlier answers to its clarifications; nothing runs. */
    ParseOutcome read(String question, Map<String, String> choices);

    /**
     * A follow-up's words read against {@code last}, which refined {@code narrowedFrom} (null: it stood alone); see
     * the grammar's refine. Nothing runs.
     */
    ParseOutcome refine(QuerySpec last, QuerySpec narrowedFrom, String followUp, Map<String, String> choices);

    /** Binds, compiles, validates and runs {@code spec} as the answer to {@code question}, each step told to live. */
    Attempt answer(String question, QuerySpec spec, StepListener live);

    /**
     * Whether {@code spec} binds, compiles and passes the safety policy on this source, without running it.
     *
     * @return empty when it does; else why not, in plain words
     */
    Optional<String> check(QuerySpec spec);

    /** The concepts, columns and values this rung reads questions with. */
    GrammarVocabulary vocabulary();

    DomainPack pack();
}
