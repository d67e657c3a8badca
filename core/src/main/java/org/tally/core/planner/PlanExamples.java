package org.tally.core.planner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecJson;

/**
 * The worked examples of a planner prompt: golden questions read by this source's grammar, shown with their specs
 * only when the spec binds here and passes the planner's own reader (so it names only what the schema offers). At
 * most one per shape, so a handful of short lines covers the shapes the source can answer.
 */
final class PlanExamples {

    /** A question and the spec JSON it reads as on this source. */
    public record Example(String question, String specJson) {
        public Example {
            Objects.requireNonNull(question, "question");
            Objects.requireNonNull(specJson, "specJson");
        }
    }

    /** Examples shown at most. */
    static final int MAX_EXAMPLES = 6;
    private static final String RESOURCE = "example-questions.txt";

    private PlanExamples() {
    }

    /** The example questions, in file order. */
    public static List<String> questions() {
        List<String> out = new ArrayList<>();
        try (InputStream in = PlanExamples.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the planner's example questions are missing from the jar");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the planner's example questions could not be read", e);
        }
        return List.copyOf(out);
    }

    /**
     * @param parse the source's grammar
     * @param binds whether a spec binds on the source
     * @param reader the planner's reader over the vocabulary the prompt describes
     */
    public static List<Example> choose(Function<String, ParseOutcome> parse, Predicate<QuerySpec> binds,
                                       PlanReader reader) {
        List<Example> out = new ArrayList<>();
        Set<Shape> shown = EnumSet.noneOf(Shape.class);
        for (String question : questions()) {
            if (out.size() >= MAX_EXAMPLES) {
                break;
            }
            if (!(parse.apply(question) instanceof ParseOutcome.Parsed parsed)) {
                continue;
            }
            QuerySpec spec = parsed.spec().withProvenance(Provenance.NONE);
            if (shown.contains(spec.shape())) {
                continue;
            }
            String json = SpecJson.toJson(spec);
            if (reader.read(json) instanceof PlanReading.Read && binds.test(spec)) {
                shown.add(spec.shape());
                out.add(new Example(question, json));
            }
        }
        return List.copyOf(out);
    }
}
