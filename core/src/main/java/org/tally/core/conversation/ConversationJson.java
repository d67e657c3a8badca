package org.tally.core.conversation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerJson;
import org.tally.core.answer.Clarify;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecJson;

/**
 * How a turn and a focus are kept in the app-state database: the turn with its whole answer, what it carried over,
 * its suggestions with their specs and the spec it answered; the focus with its specs as the reader made them and
 * the open clarifying question with the spec each option leads to. Specs are written by {@link SpecJson}, so
 * reading one back checks every invariant again.
 */
final class ConversationJson {

    private static final ObjectMapper MAPPER = AnswerJson.mapper();
    /** Result values read back as the executor made them: whole numbers as longs, others as exact decimals. */
    private static final ObjectReader READER = MAPPER.reader()
            .with(DeserializationFeature.USE_LONG_FOR_INTS, DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private ConversationJson() {
    }

    static String turn(Turn t) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("number", t.number());
        node.put("question", t.question());
        node.set("answer", tree(AnswerJson.line(t.answer())));
        if (t.answer().specJson() != null) {
            node.put("specJson", t.answer().specJson());
        }
        node.set("focus", MAPPER.valueToTree(t.focus()));
        ArrayNode chips = node.putArray("suggestions");
        for (Suggestion s : t.suggestions()) {
            ObjectNode chip = chips.addObject();
            chip.put("label", s.label());
            chip.put("question", s.question());
            chip.put("kind", s.kind());
            chip.set("spec", tree(SpecJson.toJson(s.spec())));
        }
        if (t.spec() != null) {
            node.set("spec", tree(SpecJson.toJson(t.spec())));
        }
        return write(node);
    }

    static Turn turn(String json) {
        JsonNode node = tree(json);
        Answer read = read(node.get("answer"), Answer.class);
        JsonNode specJson = node.get("specJson");
        Answer answer = specJson == null || read.specHash() == null ? read : read.withSpecJson(specJson.asText());
        FocusUse use = node.hasNonNull("focus") ? read(node.get("focus"), FocusUse.class) : null;
        List<Suggestion> chips = new ArrayList<>();
        for (JsonNode chip : node.path("suggestions")) {
            chips.add(new Suggestion(chip.get("label").asText(), chip.get("question").asText(),
                    chip.get("kind").asText(), spec(chip.get("spec"))));
        }
        return new Turn(node.get("number").asInt(), node.get("question").asText(), answer, use, chips,
                spec(node.get("spec")));
    }

    static String focus(ConversationFocus f) {
        ObjectNode node = MAPPER.createObjectNode();
        if (f.spec() != null) {
            node.set("spec", tree(SpecJson.toJson(f.spec())));
            node.put("turn", f.turn());
        }
        if (f.narrowedFrom() != null) {
            node.set("narrowedFrom", tree(SpecJson.toJson(f.narrowedFrom())));
        }
        node.put("question", f.question());
        node.put("move", f.move());
        ObjectNode digest = node.putObject("digest");
        digest.put("rows", f.digest().rows());
        f.digest().topGroups().forEach(digest.putArray("topGroups")::add);
        if (f.pending() != null) {
            PendingClarify p = f.pending();
            ObjectNode pending = node.putObject("pending");
            pending.put("turn", p.turn());
            pending.put("question", p.question());
            pending.put("ask", p.clarify().question());
            p.clarify().options().forEach(pending.putArray("options")::add);
            pending.put("slot", p.clarify().slot());
            ObjectNode prepared = pending.putObject("prepared");
            p.prepared().forEach((label, spec) -> prepared.set(label, tree(SpecJson.toJson(spec))));
        }
        node.put("scope", f.scope());
        ObjectNode named = node.putObject("named");
        named.put("patient", f.named().patient());
        named.put("place", f.named().place());
        named.put("value", f.named().value());
        node.put("unanswered", f.unanswered());
        return write(node);
    }

    static ConversationFocus focus(String json) {
        JsonNode node = tree(json);
        QuerySpec spec = spec(node.get("spec"));
        JsonNode d = node.path("digest");
        List<String> groups = new ArrayList<>();
        d.path("topGroups").forEach(g -> groups.add(g.asText()));
        PendingClarify pending = null;
        JsonNode p = node.get("pending");
        if (p != null && !p.isNull()) {
            List<String> options = new ArrayList<>();
            p.path("options").forEach(o -> options.add(o.asText()));
            Map<String, QuerySpec> prepared = new LinkedHashMap<>();
            p.path("prepared").fields().forEachRemaining(e -> prepared.put(e.getKey(), spec(e.getValue())));
            pending = new PendingClarify(p.get("turn").asInt(), p.get("question").asText(),
                    new Clarify(p.get("ask").asText(), options, text(p.get("slot"))), prepared);
        }
        JsonNode n = node.path("named");
        return new ConversationFocus(spec, spec == null ? 0 : node.get("turn").asInt(), spec(node.get("narrowedFrom")),
                text(node.get("question")), text(node.get("move")), new ResultDigest(d.path("rows").asInt(), groups),
                pending, node.get("scope").asText(),
                new ConversationFocus.Named(text(n.get("patient")), text(n.get("place")), text(n.get("value"))),
                text(node.get("unanswered")));
    }

    private static QuerySpec spec(JsonNode node) {
        return node == null || node.isNull() ? null : SpecJson.fromJson(write(node));
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }

    private static JsonNode tree(String json) {
        try {
            return READER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a kept conversation could not be read: " + e.getOriginalMessage(), e);
        }
    }

    private static <T> T read(JsonNode node, Class<T> type) {
        try {
            return READER.forType(type).readValue(node);
        } catch (IOException e) {
            throw new IllegalStateException("a kept conversation could not be read: " + e.getMessage(), e);
        }
    }

    private static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a conversation could not be written", e);
        }
    }
}
