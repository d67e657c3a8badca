package org.tally.core.pack;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.core.names.NameRules;

/** The pack's word tables for {@link org.tally.core.names.NameTokens}. */
record Vocabulary(
        Map<String, List<String>> abbreviations,
        List<String> tablePrefixes,
        List<String> tableSuffixes,
        List<String> gluedPrefixes,
        Map<String, String> irregularPlurals,
        List<String> invariantWords,
        List<String> compoundWords) {

    public Vocabulary {
        abbreviations = Lists.copy(abbreviations, "abbreviations");
        tablePrefixes = Lists.copy(tablePrefixes, "tablePrefixes");
        tableSuffixes = Lists.copy(tableSuffixes, "tableSuffixes");
        gluedPrefixes = Lists.copy(gluedPrefixes, "gluedPrefixes");
        irregularPlurals = Lists.copy(irregularPlurals, "irregularPlurals");
        invariantWords = Lists.copy(invariantWords, "invariantWords");
        compoundWords = Lists.copy(compoundWords, "compoundWords");
    }

    public NameRules toRules() {
        return new NameRules(abbreviations, Set.copyOf(tablePrefixes), Set.copyOf(tableSuffixes),
                Set.copyOf(gluedPrefixes), irregularPlurals, Set.copyOf(invariantWords), Set.copyOf(compoundWords));
    }
}
