package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;

/** Rankings: "which ward had the most ...", "the 5 most prescribed ...", and what a top-N groups by. */
final class RankingRules extends RuleFamily {

    /** Concepts a reference role points at, by the role's meaning. */
    private static final Map<ColumnRole, String> REFERENCED = Map.of(ColumnRole.PROVIDER_REF, "Provider",
            ColumnRole.WARD_REF, "Ward", ColumnRole.DEPARTMENT_REF, "Department", ColumnRole.PATIENT_REF, SubjectRules.PATIENT);

    RankingRules(QuestionParser parse) {
        super(parse);
    }

    /** "which ward had the most admissions": dimension concept, then the counted subject. */
    boolean whichMost(int i) {
        int at = i + 1;
        Integer n0 = null;
        if (at < tokens.size() && tokens.get(at).isNumber()) {
            n0 = tokens.get(at).number(); // "which 3 wards had the most …"
            at++;
        }
        ConceptTerm x = parse.conceptTerms.term(at);
        String groupPhrase = null;
        int k = x == null ? -1 : at + x.length();
        // "which 3 surgeons …", "which payment method …": a role phrase of some concept (longer than any concept
        // term there), resolved once the counted subject is known
        for (int j = Math.min(tokens.size() - 1, at + 3); j > (x == null ? at : at + x.length()); j--) {
            String phrase = singularPhrase(tokens.words(at, j));
            if (!lexicon.conceptsWithRoleHint(phrase).isEmpty() || x == null && !parse.subjectRules.valueOwners(phrase).isEmpty()) {
                groupPhrase = phrase;
                x = null;
                k = j;
                break;
            }
        }
        if (k < 0) {
            return false;
        }
        if (parse.lookupRules.isBe(k)) {
            int passive = x != null ? passiveMostVerbed(k, x) : 0;
            if (passive > 0) {
                state.limit = n0 == null ? 1 : n0;
                state.whichNext = k + passive;
                return true;
            }
            return whichWasTheRoleFor(i, k, x, groupPhrase, n0);
        }
        int earned = earnedTheMost(k);
        if (earned > 0) {
            if (groupPhrase == null) {
                return false;
            }
            List<String> owners = lexicon.conceptsWithRoleHint(groupPhrase);
            state.subject = clarify.one("subject", groupPhrase, "The " + groupPhrase + " of what?", owners);
            state.measureOf = parse.measureRules.uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
            state.rankedSum = true;
            state.groupConcept = groupPhrase;
            state.limit = n0 == null ? 1 : n0;
            state.lead = Lead.WHICH_MOST;
            state.rule = "top.which-x-earned-most";
            state.whichNext = k + earned;
            return true;
        }
        int n = 0;
        if (tokens.word(k, "had") || tokens.word(k, "has") || tokens.word(k, "have") || tokens.word(k, "saw") || tokens.word(k, "with")
                || recordingVerb(k)) {
            k++;
        }
        int verbAt = -1;
        if (k < tokens.size() && !tokens.word(k, "the") && !tokens.word(k, "most") && lexicon.namesSomeTime(tokens.get(k).text())) {
            verbAt = k; // "which surgeons have performed the most operations": checked once the subject is known
            k++;
        }
        if ((n = tokens.match(k, "the", "most")) > 0 || (n = tokens.match(k, "the", "highest", "number", "of")) > 0
                || (n = tokens.match(k, "the", "largest", "number", "of")) > 0 || (n = tokens.match(k, "most")) > 0) {
            state.groupConcept = x != null ? parse.conceptTerms.boundOne(x, "which") : groupPhrase;
            state.limit = n0 == null ? 1 : n0;
            state.whichVerbAt = verbAt;
            state.lead = Lead.WHICH_MOST;
            state.rule = "top.which-x-most-y";
            state.whichNext = k + n;
            return true;
        }
        return false;
    }

    /**
     * "which clinic recorded the most diagnoses": a verb that only says the rows were written down reads as "had",
     * unless this source dates something by it (then it is checked as a time verb).
     */
    private boolean recordingVerb(int k) {
        return k < tokens.size() && (tokens.word(k, "recorded") || tokens.word(k, "logged") || tokens.word(k, "documented"))
                && !lexicon.namesSomeTime(tokens.get(k).text());
    }

    /** "brought in the most money", "took in the most revenue": the tokens read, 0 when it is not that. */
    private int earnedTheMost(int k) {
        int n;
        if ((n = tokens.match(k, "brought", "in")) > 0 || (n = tokens.match(k, "took", "in")) > 0 || (n = tokens.match(k, "received")) > 0
                || (n = tokens.match(k, "generated")) > 0 || (n = tokens.match(k, "earned")) > 0 || (n = tokens.match(k, "made")) > 0
                || (n = tokens.match(k, "collected")) > 0 || (n = tokens.match(k, "raised")) > 0) {
            int m = k + n;
            m += tokens.word(m, "the") ? 1 : 0;
            if (tokens.word(m, "most") && (tokens.word(m + 1, "money") || tokens.word(m + 1, "revenue") || tokens.word(m + 1, "income")
                    || tokens.word(m + 1, "cash"))) {
                return m + 2 - k;
            }
        }
        return 0;
    }

    /**
     * "which 3 doctors were the attending doctor for the most admissions": rank by the reference the role phrase R
     * names on the counted concept; X must name the concept that reference points to (its rows are not filtered
     * further: X says what R's rows are).
     */
    private boolean whichWasTheRoleFor(int i, int be, ConceptTerm x, String xPhrase, Integer n0) {
        int k = be + 1 + (tokens.word(be + 1, "the") ? 1 : 0);
        for (int forAt = k + 1; forAt < Math.min(tokens.size() - 1, k + 4); forAt++) {
            if (!tokens.word(forAt, "for")) {
                continue;
            }
            int m = forAt + 1 + (tokens.word(forAt + 1, "the") ? 1 : 0);
            if (!tokens.word(m, "most")) {
                continue;
            }
            String role = tokens.words(k, forAt);
            String named = x != null ? x.phrase() : xPhrase;
            state.referenceNamer = named;
            state.groupConcept = role;
            state.limit = n0 == null ? 1 : n0;
            state.lead = Lead.WHICH_MOST;
            state.rule = "top.which-x-was-r-for-most-y";
            state.whichNext = m + 1;
            return true;
        }
        return false;
    }

    /** A plural phrase in its singular form ("presenting complaints" → "presenting complaint"). */
    private static String singularPhrase(String phrase) {
        return phrase.endsWith("s") && !phrase.endsWith("ss") ? phrase.substring(0, phrase.length() - 1) : phrase;
    }

    /**
     * "the 5 most prescribed medications": VERB is a time verb of a concept that references the named concept; the
     * ranking counts the verb's concept grouped by the named one, over the verb's time.
     */
    boolean mostVerbed(int k) {
        if (tokens.word(k, "commonly") || tokens.word(k, "frequently") || tokens.word(k, "often")) {
            k++; // "the 5 most commonly prescribed drugs": how often is what is counted anyway
        }
        if (k >= tokens.size() || !lexicon.namesSomeTime(tokens.get(k).text())) {
            return false;
        }
        ConceptTerm y = parse.conceptTerms.term(k + 1);
        if (y == null) {
            return false;
        }
        rankByVerb(tokens.get(k).text(), y);
        state.whichNext = k + 1 + y.length();
        return true;
    }

    /**
     * "which 3 drugs were prescribed most often last year": the passive form of "the 3 most prescribed drugs". The
     * tokens read from {@code be} (the "were"), or 0 when the words are not that.
     */
    private int passiveMostVerbed(int be, ConceptTerm y) {
        int k = be + 1;
        if (y == null || k >= tokens.size() || !lexicon.namesSomeTime(tokens.get(k).text())) {
            return 0;
        }
        int m = k + 1 + (tokens.word(k + 1, "the") ? 1 : 0);
        if (!tokens.word(m, "most")) {
            return 0;
        }
        m++;
        m += tokens.word(m, "often") || tokens.word(m, "frequently") || tokens.word(m, "commonly") ? 1 : 0;
        rankByVerb(tokens.get(k).text(), y);
        return m - be;
    }

    /** Counts the records {@code verb} dates, grouped by the rows (or the column) {@code y} names. */
    private void rankByVerb(String verb, ConceptTerm y) {
        if (y.concepts().stream().noneMatch(vocab.concepts()::contains) && mostVerbedColumn(verb, y)) {
            return;
        }
        String ranked = parse.conceptTerms.boundOne(y, "which");
        List<String> counted = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (lexicon.timeHints(c, verb).isEmpty()) {
                continue;
            }
            for (GrammarVocabulary.Path p : vocab.forward(c)) {
                if (p.concept().equals(ranked) && p.via() == null && !counted.contains(c)) {
                    counted.add(c);
                }
            }
        }
        if (counted.isEmpty()) {
            throw new GrammarMiss("'" + verb + "' names nothing recorded about " + ranked + " on this source");
        }
        state.subject = counted.size() == 1 ? counted.get(0)
                : clarify.choose("subject", verb + " " + y.phrase(), "Count which records?", counted);
        state.namedTime = parse.timeRules.verbTimeColumn(state.subject, verb);
        state.groupConcept = y.phrase();
        state.lead = Lead.WHICH_MOST;
        state.rule = "top.most-verbed";
    }

    /**
     * "the 5 most prescribed drugs" where no table holds drugs but the prescriptions name theirs: the one concept the
     * verb dates that has a column for the named thing is counted, grouped by that column. False when none or several.
     */
    private boolean mostVerbedColumn(String verb, ConceptTerm y) {
        List<String> owners = new ArrayList<>();
        String before = state.subject;
        for (String c : vocab.concepts()) {
            if (lexicon.timeHints(c, verb).isEmpty()) {
                continue;
            }
            state.subject = c;
            try {
                Dimension d = parse.groupingRules.dimension(y.phrase());
                if (d instanceof Dimension.Column && ((Dimension.Column) d).column().concept().equals(c)) {
                    owners.add(c);
                }
            } catch (GrammarMiss | GrammarAsk notOne) {
                // not a single column of this concept: not a reading to offer
            } finally {
                state.subject = before;
            }
        }
        if (owners.size() != 1) {
            return false;
        }
        state.subject = owners.get(0);
        state.namedTime = parse.timeRules.verbTimeColumn(state.subject, verb);
        state.groupConcept = y.phrase();
        state.lead = Lead.WHICH_MOST;
        state.rule = "top.most-verbed-column";
        return true;
    }

    /**
     * "the 5 most common diagnosis codes", "top 3 lab tests": ranking rows that other records point at (a catalogue,
     * a ward) by their own count would give every row 1, so the records that refer to them are counted, grouped by
     * the named rows; several such records ask which. Only rows without a time of their own (a catalogue, a place).
     */
    void rankReferrers(String phrase) {
        if (vocab.columns(state.subject).stream().anyMatch(c -> c.role().isTemporal())) {
            return; // records with a time of their own are events, each counted as itself ("top 5 admissions")
        }
        List<String> referrers = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(state.subject) && parse.relatedScopeRules.refersTo(c, state.subject)) {
                referrers.add(c);
            }
        }
        if (referrers.isEmpty()) {
            return;
        }
        String named = state.subject;
        state.subject = referrers.size() == 1 ? referrers.get(0)
                : clarify.choose("subject", phrase, "Rank " + phrase + " by how many of which records?", referrers);
        state.groupConcept = named;
        if (state.limit == null) {
            state.limit = state.rule.equals("top.most-common") && state.topSingular ? 1 : 10;
        }
        state.lead = Lead.WHICH_MOST;
        state.rule = state.rule + "-referrers";
    }

    /**
     * "the 3 most common presenting complaints": a role phrase (or its plural) naming a grouping column of exactly one
     * bound concept makes that concept the subject and the column what is ranked. Returns the index after the phrase,
     * or -1 when no role phrase starts at {@code i}.
     */
    int rankedColumn(int i) {
        for (int n = Math.min(4, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            Map<String, List<ColumnRef>> owners = new java.util.LinkedHashMap<>();
            for (String form : phrase.endsWith("s") ? List.of(phrase, phrase.substring(0, phrase.length() - 1))
                    : List.of(phrase)) {
                for (String c : lexicon.conceptsWithRoleHint(form)) {
                    List<ColumnRef> cols = new ArrayList<>();
                    parse.groupingRules.collectDimensionColumns(c, null, form, cols);
                    if (!cols.isEmpty()) {
                        owners.put(c, cols);
                    }
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            state.subject = clarify.one("subject", phrase, "The " + phrase + " of what?", owners.keySet());
            List<ColumnRef> cols = owners.get(state.subject);
            state.rankedBy = cols.size() == 1 ? cols.get(0) : clarify.pickRef("column", phrase, cols);
            return i + n;
        }
        return -1;
    }

    /**
     * "which doctors were the attending doctor for …": the words before "were" must name the rows the ranked
     * reference points to (a term of that concept, or a recorded kind of it, such as doctors of staff).
     */
    void checkReferenceNamer(ColumnRef ranked) {
        String target = ranked.via() == null && ranked.role().isReference() ? REFERENCED.get(ranked.role())
                : ranked.concept();
        if (target == null) {
            throw new GrammarMiss("'" + state.groupConcept + "' does not name a reference to rank by");
        }
        if (lexicon.conceptsNamedBy(state.referenceNamer).contains(target)) {
            return; // "which staff were …": the concept itself
        }
        for (String form : List.of(state.referenceNamer, singularPhrase(state.referenceNamer))) {
            List<ValueCandidate> kinds = parse.subjectRules.valueOwners(form).get(target);
            if (kinds != null && kinds.size() == 1) {
                state.filters.add(kinds.get(0).filter()); // "which nurses were the attending doctor": only nurses count
                return;
            }
        }
        throw new GrammarMiss("'" + state.referenceNamer + "' does not name what '" + state.groupConcept + "' refers to");
    }}
