package org.tally.core.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.core.answer.Citation;
import org.tally.core.planner.Deadline;
import org.tally.core.planner.Generation;
import org.tally.core.planner.PlanRequest;
import org.tally.core.planner.PlannerGate;

/**
 * An optional narration of a retrieval answer by the planner's local model, only when one is loaded. The model gets
 * no tools: it writes one JSON text under a schema, over the cited passages only (numbered as the answer numbers
 * them), and nothing it writes is run. Every sentence must carry citation numbers, and the code checks them: a
 * sentence citing no passage, a number outside the citations, or sharing no word with the passages it cites is
 * dropped; when no sentence is left the narration is discarded and the answer is the passages alone.
 */
public final class Narrator {

    /** Sentences a narration holds at most. */
    static final int MAX_SENTENCES = 5;
    /** Tokens a narration may use. */
    static final int MAX_TOKENS = 320;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern NUMBER = Pattern.compile("\\[(\\d+)]");
    private static final String SYSTEM = "You summarise passages of hospital records for an analyst. Use only what"
            + " the numbered passages say; add nothing else. Write at most " + MAX_SENTENCES + " short sentences."
            + " Each sentence lists the numbers of the passages it comes from in \"cites\". Never name a person.";

    private final PlannerGate gate;
    private final long deadlineMs;
    private final LongSupplier nanoTime;

    public Narrator(PlannerGate gate, long deadlineMs, LongSupplier nanoTime) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.deadlineMs = deadlineMs;
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /** One kept sentence and the passages (1-based, as the answer numbers them) it rests on. */
    public record Sentence(String text, List<Integer> cites) {
        public Sentence {
            Objects.requireNonNull(text, "text");
            cites = List.copyOf(cites);
            if (text.isBlank() || cites.isEmpty()) {
                throw new IllegalArgumentException("a narrated sentence has words and at least one citation");
            }
        }

        /** "The fall happened on the stairs [1][3]." */
        String written() {
            String body = text.strip().replaceAll("[.!?]+$", "");
            StringBuilder s = new StringBuilder(body).append(' ');
            cites.forEach(n -> s.append('[').append(n).append(']'));
            return s.append('.').toString();
        }
    }

    /**
     * What the narration gave: the kept sentences (empty when discarded), how many were dropped, and why nothing
     * came when nothing did.
     */
    public record Narration(List<Sentence> sentences, int dropped, String model, String why) {
        public Narration {
            sentences = List.copyOf(sentences);
        }

        public boolean kept() {
            return !sentences.isEmpty();
        }

        /** The sentences as one paragraph, each with its citation numbers. */
        public String text() {
            return String.join(" ", sentences.stream().map(Sentence::written).toList());
        }
    }

    /** Narrates {@code cited} for {@code question}; never throws, never waits for a busy model. */
    public Narration narrate(String question, List<Citation> cited) {
        Optional<PlannerGate.Entry> entry = gate.tryEnter();
        String model = gate.model().name();
        if (entry.isEmpty()) {
            return new Narration(List.of(), 0, model, "the local model is busy with another question");
        }
        try (PlannerGate.Entry held = entry.get()) {
            Generation g = held.generate(new PlanRequest(SYSTEM, user(question, cited), schema(cited.size()),
                    MAX_TOKENS), Deadline.in(deadlineMs, nanoTime));
            if (g.end() != Generation.End.COMPLETE) {
                return new Narration(List.of(), 0, model, g.end() == Generation.End.FAILED ? "the local model failed"
                        : "the local model did not finish its summary in time");
            }
            return checked(g.text(), cited, model);
        }
    }

    /** The model's output kept sentence by sentence, each checked against the citations. */
    static Narration checked(String output, List<Citation> cited, String model) {
        JsonNode root;
        try {
            root = JSON.readTree(output);
        } catch (IOException e) {
            return new Narration(List.of(), 0, model, "the local model's summary could not be read");
        }
        JsonNode sentences = root == null ? null : root.get("sentences");
        if (sentences == null || !sentences.isArray()) {
            return new Narration(List.of(), 0, model, "the local model's summary could not be read");
        }
        List<Sentence> kept = new ArrayList<>();
        int dropped = 0;
        for (JsonNode s : sentences) {
            Optional<Sentence> ok = sentence(s, cited);
            if (ok.isPresent() && kept.size() < MAX_SENTENCES) {
                kept.add(ok.get());
            } else {
                dropped++;
            }
        }
        return new Narration(kept, dropped, model, kept.isEmpty()
                ? "no sentence of the local model's summary kept to the cited passages" : null);
    }

    private static Optional<Sentence> sentence(JsonNode s, List<Citation> cited) {
        JsonNode text = s.get("text");
        JsonNode cites = s.get("cites");
        if (text == null || !text.isTextual() || text.asText().isBlank() || cites == null || !cites.isArray()
                || cites.isEmpty()) {
            return Optional.empty();
        }
        Set<Integer> numbers = new LinkedHashSet<>();
        for (JsonNode n : cites) {
            if (!n.isInt() || n.asInt() < 1 || n.asInt() > cited.size()) {
                return Optional.empty();
            }
            numbers.add(n.asInt());
        }
        // numbers written into the text itself must be among the cited ones too, and are then written once, at the end
        Matcher m = NUMBER.matcher(text.asText());
        while (m.find()) {
            if (!numbers.contains(Integer.parseInt(m.group(1)))) {
                return Optional.empty();
            }
        }
        String words = NUMBER.matcher(text.asText()).replaceAll("").replaceAll("\\s+", " ").strip();
        boolean grounded = numbers.stream().anyMatch(n -> SharedWords.any(words, cited.get(n - 1).text()));
        return grounded && !words.isEmpty() ? Optional.of(new Sentence(words, List.copyOf(numbers)))
                : Optional.empty();
    }

    private static String user(String question, List<Citation> cited) {
        StringBuilder s = new StringBuilder("Question: ").append(question).append("\n\nPassages:\n");
        for (int i = 0; i < cited.size(); i++) {
            Citation c = cited.get(i);
            s.append('[').append(i + 1).append("] ").append(c.date() == null ? "" : c.date() + ": ")
                    .append(c.text()).append('\n');
        }
        return s.toString();
    }

    /** The output's JSON schema: sentences, each with citation numbers within the passages given. */
    static String schema(int passages) {
        ObjectNode cite = JSON.createObjectNode().put("type", "integer").put("minimum", 1).put("maximum", passages);
        ObjectNode cites = JSON.createObjectNode().put("type", "array").put("minItems", 1);
        cites.set("items", cite);
        ObjectNode sentence = JSON.createObjectNode().put("type", "object");
        ObjectNode props = sentence.putObject("properties");
        props.putObject("text").put("type", "string");
        props.set("cites", cites);
        sentence.putArray("required").add("text").add("cites");
        sentence.put("additionalProperties", false);
        ObjectNode list = JSON.createObjectNode().put("type", "array").put("minItems", 1)
                .put("maxItems", MAX_SENTENCES);
        list.set("items", sentence);
        ObjectNode root = JSON.createObjectNode().put("type", "object");
        root.putObject("properties").set("sentences", list);
        root.putArray("required").add("sentences");
        root.put("additionalProperties", false);
        return root.toString();
    }
}
