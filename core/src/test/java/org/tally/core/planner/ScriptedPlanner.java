package org.tally.core.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A planner that answers from a script (one output per call, the last repeated) and records every request: the rung's
 * own logic tested without a model runtime. The models module's tests run the same rung on a real llama.cpp model.
 */
public final class ScriptedPlanner implements Planner {

    public static final ModelInfo MODEL = new ModelInfo("scripted-test-model",
            "0000000000000000000000000000000000000000000000000000000000000001", 1, 2048, 0, "none", false);

    private final List<Function<PlanRequest, Generation>> script;
    private final List<PlanRequest> requests = new CopyOnWriteArrayList<>();

    private ScriptedPlanner(List<Function<PlanRequest, Generation>> script) {
        this.script = List.copyOf(script);
    }

    /** Answers the outputs in turn (the last one again once they run out); none: an empty output. */
    public static ScriptedPlanner of(String... outputs) {
        List<Function<PlanRequest, Generation>> script = new ArrayList<>();
        for (String o : outputs) {
            script.add(r -> Generation.complete(o, Math.max(1, o.length() / 3), 5));
        }
        return new ScriptedPlanner(script.isEmpty() ? List.of(r -> Generation.complete("", 0, 1)) : script);
    }

    public static ScriptedPlanner answering(List<Function<PlanRequest, Generation>> script) {
        return new ScriptedPlanner(script);
    }

    @Override
    public ModelInfo model() {
        return MODEL;
    }

    @Override
    public Generation generate(PlanRequest request, Deadline deadline) {
        requests.add(request);
        return script.get(Math.min(requests.size(), script.size()) - 1).apply(request);
    }

    public List<PlanRequest> requests() {
        return List.copyOf(requests);
    }
}
