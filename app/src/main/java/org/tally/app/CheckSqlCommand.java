package org.tally.app;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.answer.AnswerJson;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SourceTables;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.dialect.Dialect;
import org.tally.core.source.SourceConnector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code check-sql}: runs statements through the safety policy without executing them and prints one JSON object
 * per statement, {@code {"sql","allowed","reason","rewritten"}}. The allow-list is the source's own tables.
 */
@Command(name = "check-sql", description = "Check SQL statements against the safety policy; prints one JSON object"
        + " per statement and runs nothing.")
final class CheckSqlCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(CheckSqlCommand.class);

    @Mixin
    SourceOptions sourceOptions;

    @Option(names = "--dialect", paramLabel = "D",
            description = "postgres, mysql, sqlserver or h2. Default: the source's dialect.")
    String dialect;

    @Option(names = "--max-rows", paramLabel = "N", defaultValue = "10000",
            description = "The outer row bound. Default: ${DEFAULT-VALUE}.")
    long maxRows;

    @Option(names = "--jsonl", description = "Read statements from standard input, one per line.")
    boolean jsonl;

    @Parameters(paramLabel = "SQL", arity = "0..*", description = "The statement (when not using --jsonl).")
    List<String> words;

    private final SourceConnector sources;
    private final SqlSafetyPolicy policy;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    CheckSqlCommand(SourceConnector sources, InputStream in, PrintStream out, PrintStream err) {
        this.sources = sources;
        this.policy = new SqlSafetyPolicy();
        this.in = in;
        this.out = out;
        this.err = err;
    }

    /** One output line; the field order is the contract. */
    @JsonPropertyOrder({"sql", "allowed", "reason", "rewritten"})
    record Line(String sql, boolean allowed, String reason, String rewritten) {
    }

    @Override
    public Integer call() {
        String sql = words == null ? null : String.join(" ", words).strip();
        if (jsonl && sql != null && !sql.isEmpty()) {
            return usage("give either SQL or --jsonl, not both");
        }
        if (!jsonl && (sql == null || sql.isEmpty())) {
            return usage("give a SQL statement, or --jsonl to read statements from standard input");
        }
        if (maxRows < 1) {
            return usage("--max-rows must be at least 1, not " + maxRows);
        }
        return new SourceCommand("tally check-sql", err).run(sourceOptions, ref -> {
            Dialect target = ref.dialect();
            if (dialect != null) {
                target = Dialect.fromId(dialect).orElse(null);
                if (target == null) {
                    return usage("unknown --dialect '" + dialect + "': use postgres, mysql, sqlserver or h2");
                }
            }
            AllowedRelations allowed;
            try (Connection connection = sources.open(ref, sourceOptions.credentials(), Progress.NONE)) {
                allowed = SourceTables.of(connection, ref.dialect());
            }
            return check(sql, target, allowed);
        });
    }

    private int check(String sql, Dialect target, AllowedRelations allowed) {
        try {
            if (!jsonl) {
                print(sql, target, allowed);
                return 0;
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    print(line, target, allowed);
                }
            }
            return 0;
        } catch (IOException e) {
            err.println("tally: cannot read standard input: " + e.getMessage());
            return 1;
        }
    }

    private void print(String sql, Dialect target, AllowedRelations allowed) throws JsonProcessingException {
        SafetyVerdict v;
        try {
            v = policy.check(sql, target, allowed, maxRows);
        } catch (RuntimeException e) {
            // refused, never let through: a check that could not finish says nothing about the statement
            LOG.error("the safety check stopped on a statement", e);
            out.println(AnswerJson.mapper().writeValueAsString(new Line(sql, false, "the safety check stopped"
                    + " unexpectedly (" + e.getClass().getSimpleName() + "); the statement is refused; details in the"
                    + " log file", null)));
            out.flush();
            return;
        }
        out.println(AnswerJson.mapper().writeValueAsString(new Line(sql, v.allowed(), v.reason(), v.rewritten())));
        out.flush();
    }

    private int usage(String message) {
        err.println("tally check-sql: " + message);
        return TallyCli.USAGE;
    }
}
