package org.tally.app;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.tally.core.catalog.CatalogJson;
import org.tally.core.conversation.BacklogText;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.conversation.UnansweredReport;
import org.tally.core.source.SourceRef;
import org.tally.core.source.UnknownSourceException;
import org.tally.core.state.StateDatabase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code backlog}: the administrator's view of what Tally could not answer on a source, from the conversations the
 * workstation kept: refusals and clarifying questions by reason class, per day, the words they quote, the questions
 * themselves with how often they were asked, the answers that found no rows by the parts of the question they used,
 * and the drift alarms of the source's last catalog refresh. Question wording, reasons and catalog names only: never
 * a result row. Reads the app-state database only (the source is not opened). Exit 0, 2 for bad input, 1 when the
 * app-state database cannot be read.
 */
@Command(name = "backlog", description = "Show what Tally could not answer on a source (from kept conversations).")
final class BacklogCommand implements Callable<Integer> {

    private final Supplier<StateDatabase> state;
    private final Clock clock;
    private final PrintStream out;
    private final PrintStream err;

    @Option(names = "--source", paramLabel = "SRC", defaultValue = "demo:dev",
            description = "The source whose questions to show: a JDBC URL, or demo:dev / demo:alt. Default: ${DEFAULT-VALUE}.")
    String source;
    @Option(names = "--since", paramLabel = "YYYY-MM-DD", description = "Only questions asked from this day (UTC) on.")
    String since;
    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    BacklogCommand(Supplier<StateDatabase> state, Clock clock, PrintStream out, PrintStream err) {
        this.state = state;
        this.clock = clock;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        SourceRef ref;
        Instant from;
        try {
            ref = SourceRef.parse(source);
            from = since == null ? null : LocalDate.parse(since).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (UnknownSourceException e) {
            err.println("tally backlog: " + e.getMessage());
            return TallyCli.USAGE;
        } catch (DateTimeParseException e) {
            err.println("tally backlog: --since takes a day as YYYY-MM-DD, not '" + since + "'");
            return TallyCli.USAGE;
        }
        try (StateDatabase db = state.get()) {
            UnansweredReport report = new ConversationStore(db, clock).unanswered(ref.name(), from);
            out.println(json ? CatalogJson.write(toMap(ref.name(), since, report)) : BacklogText.of(ref.name(), since, report));
            out.flush();
            return 0;
        } catch (StateDatabase.StateException e) {
            err.println("tally: " + e.getMessage());
            return 1;
        }
    }

    static Map<String, Object> toMap(String source, String since, UnansweredReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("since", since);
        m.put("byReason", r.byClass().stream().map(c -> entry("reasonClass", c.reasonClass(), "refused", c.refused(),
                "clarified", c.clarified())).toList());
        m.put("byDay", r.byDay().stream().map(d -> entry("day", d.day().toString(), "reasonClass", d.reasonClass(),
                "count", d.count())).toList());
        m.put("words", r.words().stream().map(w -> entry("word", w.what(), "count", w.count())).toList());
        m.put("questions", r.examples().stream().map(e -> entry("reasonClass", e.reasonClass(), "question",
                e.question(), "reason", e.reason(), "times", e.times())).toList());
        m.put("emptyAnswersByField", r.emptyAnswersByField().stream().map(f -> entry("field", f.what(), "count",
                f.count())).toList());
        m.put("drift", r.drift().stream().map(d -> entry("what", d.what(), "changedAt", d.changedAt().toString(),
                "notAnswered", d.notAnswered(), "emptyAnswers", d.emptyAnswers())).toList());
        return m;
    }

    /** An ordered object of name, value pairs. */
    private static Map<String, Object> entry(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }
}
