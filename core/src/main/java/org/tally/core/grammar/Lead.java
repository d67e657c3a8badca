package org.tally.core.grammar;

/** The shape family a question's lead rule fixes. */
enum Lead { COUNT, AGGREGATE, TOP, WHICH_MOST, RATE, LIST, LOOKUP, EXISTS, BARE }
