package org.tally.core.pack;

import java.util.List;

/** The pack file as written: the Jackson target, validated by {@link PackValidator} before use. */
record PackDocument(
        String pack,
        int version,
        String description,
        Vocabulary vocabulary,
        List<ServiceLine> serviceLines,
        List<Concept> concepts,
        List<ValueClass> valueClasses,
        List<Predicate> predicates,
        List<AmbiguousToken> ambiguousTokens,
        List<Homograph> homographs) {

    PackDocument {
        pack = Lists.text(pack);
        description = Lists.text(description);
        if (vocabulary == null) {
            vocabulary = new Vocabulary(null, null, null, null, null, null, null);
        }
        serviceLines = Lists.copy(serviceLines, "serviceLines");
        concepts = Lists.copy(concepts, "concepts");
        valueClasses = Lists.copy(valueClasses, "valueClasses");
        predicates = Lists.copy(predicates, "predicates");
        ambiguousTokens = Lists.copy(ambiguousTokens, "ambiguousTokens");
        homographs = Lists.copy(homographs, "homographs");
    }
}
