package org.tally.models.llama;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.Pair;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.planner.Deadline;
import org.tally.core.planner.Generation;
import org.tally.core.planner.ModelInfo;
import org.tally.core.planner.PlanRequest;
import org.tally.core.planner.Planner;

/**
 * The planner on llama.cpp (java-llama.cpp): the request's schema becomes a GBNF grammar (whitespace fixed), the
 * instruction part and the question are put in the model's own chat template with the instructions first, so the
 * runtime's prompt cache keeps them between questions, and decoding is greedy (the same question, the same reading).
 * The deadline is checked after every token on the generating thread (the runtime hangs when a generation is
 * cancelled from another thread); reading a long uncached prompt is not interrupted, which is why the rung warms the
 * cache first. Neither prompt nor output reaches the log.
 */
final class LlamaPlanner implements Planner {

    private static final Logger LOG = LoggerFactory.getLogger(LlamaPlanner.class);

    private final LlamaModel model;
    private final ModelInfo info;
    private final LongSupplier nanoTime;
    private final GbnfGrammars grammars = new GbnfGrammars();

    LlamaPlanner(LlamaModel model, ModelInfo info, LongSupplier nanoTime) {
        this.model = Objects.requireNonNull(model, "model");
        this.info = Objects.requireNonNull(info, "info");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    @Override
    public ModelInfo model() {
        return info;
    }

    @Override
    public synchronized Generation generate(PlanRequest request, Deadline deadline) {
        long start = nanoTime.getAsLong();
        String grammar;
        String prompt;
        try {
            grammar = grammars.of(request.schema());
            prompt = prompt(request);
        } catch (RuntimeException e) {
            LOG.warn("the planner's request could not be prepared for llama.cpp", e);
            return Generation.failed("the request could not be prepared: " + e.getClass().getSimpleName(),
                    ms(start));
        }
        InferenceParameters p = new InferenceParameters(prompt).setGrammar(grammar)
                .setNPredict(request.maxTokens()).setTemperature(0f).setSeed(0).setCachePrompt(true);
        StringBuilder text = new StringBuilder();
        int tokens = 0;
        try {
            LlamaIterator it = model.generate(p).iterator();
            while (it.hasNext()) {
                text.append(it.next().text);
                tokens++;
                if (deadline.passed()) {
                    it.cancel();
                    return new Generation(text.toString(), tokens, ms(start), Generation.End.DEADLINE, null);
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("llama.cpp failed while generating", e);
            return Generation.failed("llama.cpp failed: " + e.getClass().getSimpleName(), ms(start));
        }
        Generation.End end = tokens >= request.maxTokens() ? Generation.End.TOKEN_LIMIT : Generation.End.COMPLETE;
        return new Generation(text.toString(), tokens, ms(start), end, null);
    }

    /** The model's chat template around the instructions (system) and the question (user). */
    private String prompt(PlanRequest request) {
        InferenceParameters chat = new InferenceParameters("").setMessages(request.system(),
                List.of(new Pair<>("user", request.user())));
        return model.applyTemplate(chat);
    }

    private long ms(long start) {
        return Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
    }
}
