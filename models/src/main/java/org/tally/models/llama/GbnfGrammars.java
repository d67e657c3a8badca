package org.tally.models.llama;

import de.kherud.llama.LlamaModel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JSON schema → GBNF through llama.cpp's own converter, with one fix: the converter's whitespace rule lets a model
 * write spaces and newlines between tokens for ever, and a small model then runs to its token limit without closing
 * the JSON; with no whitespace allowed ({@code space ::= ""}) every output is compact and ends. Grammars are kept per
 * schema text (a source's schema is the same for every question until its context changes).
 */
final class GbnfGrammars {

    private static final Pattern SPACE_RULE = Pattern.compile("(?m)^space ::= .*$");
    private static final int KEPT = 16;

    private final Map<String, String> kept = new LinkedHashMap<>(KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > KEPT;
        }
    };

    synchronized String of(String schema) {
        String grammar = kept.get(schema);
        if (grammar == null) {
            grammar = compact(LlamaModel.jsonSchemaToGrammar(schema));
            kept.put(schema, grammar);
        }
        return grammar;
    }

    /** The grammar with its whitespace rule replaced by the empty string. */
    static String compact(String gbnf) {
        Matcher m = SPACE_RULE.matcher(gbnf);
        if (!m.find()) {
            throw new IllegalStateException("the converted grammar has no whitespace rule to replace");
        }
        return m.replaceAll(Matcher.quoteReplacement("space ::= \"\""));
    }
}
