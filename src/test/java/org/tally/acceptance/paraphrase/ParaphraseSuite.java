package org.tally.acceptance.paraphrase;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tally.acceptance.measure.SuiteFile;

/**
 * Paraphrases of the golden questions ({@code paraphrase/*.yaml}): each entry names a golden question or trap
 * ({@code of}) and gives its paraphrases by kind ({@code as}, at most one per kind). A paraphrase means what its
 * golden question means, so it has that question's gold (or must be refused like that trap).
 */
record ParaphraseSuite(String today, List<Entry> paraphrases) {

    /** The kinds of rewording, each a way analysts really type. */
    static final List<String> KINDS = List.of("terse", "lowercase", "whats", "number-of", "count-of", "show-me",
            "please", "word-order", "typo", "spelling", "synonym");

    ParaphraseSuite {
        paraphrases = List.copyOf(paraphrases);
    }

    record Entry(String of, Map<String, String> as) {
        Entry {
            as = as == null ? Map.of() : new LinkedHashMap<>(as);
        }
    }

    /** One paraphrase: its id is the golden id and the kind ({@code ward-currently-admitted/typo}). */
    record Paraphrase(String of, String kind, String text) {
        String id() {
            return of + "/" + kind;
        }
    }

    List<Paraphrase> all() {
        List<Paraphrase> all = new ArrayList<>();
        for (Entry e : paraphrases) {
            e.as().forEach((kind, text) -> all.add(new Paraphrase(e.of(), kind, text)));
        }
        return all;
    }

    static ParaphraseSuite loadAll(List<String> resources) {
        String today = null;
        List<Entry> entries = new ArrayList<>();
        for (String resource : resources) {
            ParaphraseSuite part = load(resource);
            if (today != null && !today.equals(part.today())) {
                throw new IllegalStateException(resource + ": 'today' differs from the other files");
            }
            today = part.today();
            entries.addAll(part.paraphrases());
        }
        return new ParaphraseSuite(today, entries);
    }

    private static ParaphraseSuite load(String resource) {
        return SuiteFile.read(resource, ParaphraseSuite.class);
    }
}
