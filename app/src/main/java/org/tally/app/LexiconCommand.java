package org.tally.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tally.core.Progress;
import org.tally.core.binder.BindingVocabulary;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.catalog.CatalogJson;
import org.tally.core.grammar.Lexicon;
import org.tally.core.grammar.LexiconEntry;
import org.tally.core.pack.DomainPack;
import org.tally.core.source.SourceConnector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lexicon}: what a word or phrase means on a source and why — a concept, a column, a recorded value, a
 * condition, an alias or a word of the questions themselves. Without words, every phrase the source understands.
 * Uses the source's active catalog (refreshed first when it has none) and its override file, as {@code ask} does.
 * Exit 0 on success (also when the word means nothing here), 2 for bad input, 3 when the source cannot be reached.
 */
@Command(name = "lexicon", description = "Show what a word means on a source, and why.")
final class LexiconCommand implements Callable<Integer> {

    private final SourceConnector connector;
    private final SourceBindings bindings;
    private final DomainPack pack;
    private final PrintStream out;
    private final PrintStream err;

    @Mixin
    SourceOptions sourceOptions;
    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;
    @Parameters(paramLabel = "WORD", arity = "0..*", description = "The word or phrase (several words are one phrase).")
    List<String> words = new ArrayList<>();

    LexiconCommand(SourceConnector connector, SourceBindings bindings, DomainPack pack, PrintStream out,
                   PrintStream err) {
        this.connector = connector;
        this.bindings = bindings;
        this.pack = pack;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        return new SourceCommand("tally lexicon", err).run(sourceOptions, ref -> {
            try (Connection connection = connector.open(ref, sourceOptions.credentials(), Progress.NONE)) {
                Binding binding = bindings.bind(bindings.activeOrRefresh(ref.name(), ref.dialect(), connection))
                        .binding();
                Lexicon lexicon = new Lexicon(pack, new BindingVocabulary(binding, pack.nameTokens()));
                String phrase = String.join(" ", words).trim();
                List<LexiconEntry> found = phrase.isEmpty() ? lexicon.entries() : lexicon.meanings(phrase);
                if (found.isEmpty() && words.size() > 1) {
                    found = new ArrayList<>(); // no meaning as a whole: what each word means
                    for (String w : words) {
                        found.addAll(lexicon.meanings(w));
                    }
                }
                out.println(json ? CatalogJson.write(toMap(ref.name(), phrase, found))
                        : text(ref.name(), phrase, found));
                out.flush();
                return 0;
            }
        });
    }

    static String text(String source, String phrase, List<LexiconEntry> entries) {
        StringBuilder s = new StringBuilder();
        if (phrase.isEmpty()) {
            s.append("Lexicon of ").append(source).append(": ").append(entries.size()).append(" meanings.\n");
        } else if (entries.isEmpty()) {
            return "'" + phrase + "' means nothing on " + source + ".";
        } else {
            s.append("'").append(phrase).append("' on ").append(source).append(":\n");
        }
        boolean parts = !phrase.isEmpty() && entries.stream().anyMatch(e -> !e.phrase().equals(phrase.toLowerCase(
                Locale.ROOT)));
        for (LexiconEntry e : entries) {
            s.append(phrase.isEmpty() ? e.phrase() + "\t" : parts ? "  " + e.phrase() + ": " : "  ").append(e.meaning().kind()).append(": ")
                    .append(e.meaning().describe()).append(" — ").append(e.why()).append('\n');
        }
        return s.toString().stripTrailing();
    }

    static Map<String, Object> toMap(String source, String phrase, List<LexiconEntry> entries) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("phrase", phrase.isEmpty() ? null : phrase);
        List<Map<String, Object>> list = new ArrayList<>();
        for (LexiconEntry e : entries) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("phrase", e.phrase());
            one.put("kind", e.meaning().kind());
            one.put("means", e.meaning().describe());
            one.put("why", e.why());
            list.add(one);
        }
        m.put("meanings", list);
        return m;
    }
}
