package org.tally.core.eval;

/** The suite files {@code eval} reads. */
enum SuiteFormat {
    /** Tally's golden suite: gold SQL per demo naming scheme, and traps that must not be answered. */
    GOLDEN,
    /** Tally's unseen-schema suites: gold SQL or "refuse", with other readings as alternatives. */
    UNSEEN,
    /** The EHRSQL-2024 shared task: {@code data.json} questions and {@code answer.json} answers by id. */
    EHRSQL
}
