package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every word a rule of the grammar matches is one of the grammar's own words ({@code grammar-words.txt}), so a word
 * a rule reads is never taken for a misspelling of another.
 */
class GrammarWordsTest {

    private static final Path SOURCES = Path.of("src/main/java/org/tally/core/grammar");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    @Test
    void everyWordARuleMatchesIsListed() throws IOException {
        Set<String> listed = Spelling.grammarWords();
        Set<String> missing = new TreeSet<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")
                    && !p.getFileName().toString().equals("package-info.java")).toList()) {
                String code = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
                Matcher m = LITERAL.matcher(code);
                while (m.find()) {
                    for (String w : m.group(1).split("\\s+")) {
                        if (w.matches("[a-z][a-z\\-/&]*") && !listed.contains(w)) {
                            missing.add(w);
                        }
                    }
                }
            }
        }
        assertThat(missing).as("words of the grammar's rules missing from grammar-words.txt").isEmpty();
    }
}
