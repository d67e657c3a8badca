package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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

    RankingRules(Rules rules) {
        super(rules);
    }

    /** "which ward had the most admissions": dimension concept, then the counted subject. Matched: n of 1. */
    Result<Read> whichMost(int i, Reading r) {
        return rankedFrom(i + 1, tokens.word(i, "top"), r);
    }

    /**
     * "ward with the most admissions": a ranking said as a noun phrase, from its first word. Matched: n of 1.
     */
    Result<Read> rankedFrom(int at, Reading r) {
        return rankedFrom(at, false, r);
    }

    /**
     * The ranking from {@code at} (after "which", "the" or "top", or the question's first word); {@code byCount}: "by"
     * may say what is counted ("top 3 wards by admissions", "top 3 surgeons by number of operations").
     */
    private Result<Read> rankedFrom(int start, boolean byCount, Reading r) {
        int at = start;
        Integer n0 = null;
        if (at < tokens.size() && tokens.get(at).isNumber()) {
            n0 = tokens.get(at).number(); // "which 3 wards had the most …"
            at++;
        }
        Result<ConceptTerm> xRead = rules.conceptTerms.term(at);
        if (xRead.stopped()) {
            return xRead.stop();
        }
        ConceptTerm x = xRead.value();
        String groupPhrase = null;
        int k = x == null ? -1 : at + x.length();
        // "which 3 surgeons …", "which payment method …": a role phrase of some concept (longer than any concept
        // term there), resolved once the counted subject is known
        for (int j = Math.min(tokens.size() - 1, at + 3); j > (x == null ? at : at + x.length()); j--) {
            String phrase = singularPhrase(tokens.words(at, j));
            boolean named = !lexicon.conceptsWithRoleHint(phrase).isEmpty();
            if (!named && x == null) {
                Result<Map<String, List<ValueCandidate>>> owners = rules.subjectRules.valueOwners(phrase);
                if (owners.stopped()) {
                    return owners.stop();
                }
                named = !owners.value().isEmpty();
            }
            if (named) {
                groupPhrase = phrase;
                x = null;
                k = j;
                break;
            }
        }
        if (k < 0) {
            return Read.noneOk(r);
        }
        int limit = n0 == null ? 1 : n0;
        if (tokens.word(k, "who") || tokens.word(k, "that") || tokens.word(k, "which")) {
            k++; // "the 3 surgeons who have performed the most operations"
        }
        if (rules.lookupRules.isBe(k)) {
            if (x != null) {
                Result<Read> passive = passiveMostVerbed(k, x, r);
                if (passive.stopped()) {
                    return passive;
                }
                if (passive.value().matched()) {
                    return Read.ok(1, passive.value().reading().with(new Fragment.Limit(limit),
                            new Fragment.ResumeAt(k + passive.value().n())));
                }
            }
            Reading role = whichWasTheRoleFor(k, x, groupPhrase, limit, r);
            return Read.ok(role == null ? 0 : 1, role == null ? r : role);
        }
        int earned = earnedTheMost(k);
        if (earned > 0) {
            if (groupPhrase == null) {
                return Read.noneOk(r);
            }
            String ranked = groupPhrase;
            List<String> owners = lexicon.conceptsWithRoleHint(ranked);
            Result<String> subject = clarify.one("subject", ranked, "The " + ranked + " of what?", owners);
            if (subject.stopped()) {
                return subject.stop();
            }
            int resume = k + earned;
            return rules.measureRules.uniqueRole(subject.value(), ColumnRole.AMOUNT, "amount").map(amount -> new Read(1,
                    r.with(new Fragment.Subject(subject.value()), new Fragment.MeasureOf(amount),
                            new Fragment.RankedSum(), new Fragment.RankedGroup(ranked), new Fragment.Limit(limit),
                            new Fragment.LeadWords(Lead.WHICH_MOST, "top.which-x-earned-most"),
                            new Fragment.ResumeAt(resume))));
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
        if (byCount && tokens.word(k, "by") && verbAt < 0) {
            n = 1 + Math.max(tokens.match(k + 1, "the", "number", "of"), Math.max(tokens.match(k + 1, "number", "of"),
                    tokens.match(k + 1, "count", "of")));
            // only a count of records named by a concept term ("by admissions"): "by total paid" or "by revenue"
            // ranks by a sum, which this reading is not
            Result<ConceptTerm> counted = rules.conceptTerms.term(k + n);
            if (counted.stopped() || counted.value() == null
                    || counted.value().concepts().stream().noneMatch(vocab.concepts()::contains)) {
                return Read.noneOk(r);
            }
            Result<String> group = x != null ? rules.conceptTerms.boundOne(x, "which") : Result.ok(groupPhrase);
            if (group.stopped()) {
                return group.stop();
            }
            return Read.ok(1, r.with(new Fragment.RankedGroup(group.value()), new Fragment.Limit(limit),
                    new Fragment.WhichVerb(-1), new Fragment.LeadWords(Lead.WHICH_MOST, "top.top-n-by"),
                    new Fragment.ResumeAt(k + n)));
        }
        if ((n = tokens.match(k, "the", "most")) > 0 || (n = tokens.match(k, "the", "highest", "number", "of")) > 0
                || (n = tokens.match(k, "the", "largest", "number", "of")) > 0 || (n = tokens.match(k, "most")) > 0) {
            Result<String> group = x != null ? rules.conceptTerms.boundOne(x, "which") : Result.ok(groupPhrase);
            if (group.stopped()) {
                return group.stop();
            }
            return Read.ok(1, r.with(new Fragment.RankedGroup(group.value()), new Fragment.Limit(limit),
                    new Fragment.WhichVerb(verbAt), new Fragment.LeadWords(Lead.WHICH_MOST, "top.which-x-most-y"),
                    new Fragment.ResumeAt(k + n)));
        }
        return Read.noneOk(r);
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
     * further: X says what R's rows are). The reading, or null when the words are not that.
     */
    private Reading whichWasTheRoleFor(int be, ConceptTerm x, String xPhrase, int limit, Reading r) {
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
            return r.with(new Fragment.ReferenceNamer(named), new Fragment.RankedGroup(role), new Fragment.Limit(limit),
                    new Fragment.LeadWords(Lead.WHICH_MOST, "top.which-x-was-r-for-most-y"),
                    new Fragment.ResumeAt(m + 1));
        }
        return null;
    }

    /** A plural phrase in its singular form ("presenting complaints" → "presenting complaint"). */
    private static String singularPhrase(String phrase) {
        return phrase.endsWith("s") && !phrase.endsWith("ss") ? phrase.substring(0, phrase.length() - 1) : phrase;
    }

    /**
     * "the 5 most prescribed medications": VERB is a time verb of a concept that references the named concept; the
     * ranking counts the verb's concept grouped by the named one, over the verb's time. Matched: n of 1.
     */
    Result<Read> mostVerbed(int k, Reading r) {
        if (tokens.word(k, "commonly") || tokens.word(k, "frequently") || tokens.word(k, "often")) {
            k++; // "the 5 most commonly prescribed drugs": how often is what is counted anyway
        }
        if (k >= tokens.size() || !lexicon.namesSomeTime(tokens.get(k).text())) {
            return Read.noneOk(r);
        }
        Result<ConceptTerm> y = rules.conceptTerms.term(k + 1);
        if (y.stopped()) {
            return y.stop();
        }
        if (y.value() == null) {
            return Read.noneOk(r);
        }
        int resume = k + 1 + y.value().length();
        return rankByVerb(tokens.get(k).text(), y.value(), r)
                .map(ranked -> new Read(1, ranked.with(new Fragment.ResumeAt(resume))));
    }

    /**
     * "which 3 drugs were prescribed most often last year": the passive form of "the 3 most prescribed drugs". The
     * tokens read from {@code be} (the "were"), or 0 when the words are not that.
     */
    private Result<Read> passiveMostVerbed(int be, ConceptTerm y, Reading r) {
        int k = be + 1;
        if (y == null || k >= tokens.size() || !lexicon.namesSomeTime(tokens.get(k).text())) {
            return Read.noneOk(r);
        }
        int m = k + 1 + (tokens.word(k + 1, "the") ? 1 : 0);
        if (!tokens.word(m, "most")) {
            return Read.noneOk(r);
        }
        m++;
        m += tokens.word(m, "often") || tokens.word(m, "frequently") || tokens.word(m, "commonly") ? 1 : 0;
        int read = m - be;
        return rankByVerb(tokens.get(k).text(), y, r).map(ranked -> new Read(read, ranked));
    }

    /** Counts the records {@code verb} dates, grouped by the rows (or the column) {@code y} names. */
    private Result<Reading> rankByVerb(String verb, ConceptTerm y, Reading r) {
        if (y.concepts().stream().noneMatch(vocab.concepts()::contains)) {
            Result<Reading> byColumn = mostVerbedColumn(verb, y, r);
            if (byColumn.stopped() || byColumn.value() != null) {
                return byColumn;
            }
        }
        Result<String> rankedRead = rules.conceptTerms.boundOne(y, "which");
        if (rankedRead.stopped()) {
            return rankedRead.stop();
        }
        String ranked = rankedRead.value();
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
            return Result.miss("'" + verb + "' names nothing recorded about " + ranked + " on this source");
        }
        Result<String> subject = counted.size() == 1 ? Result.ok(counted.get(0))
                : clarify.choose("subject", verb + " " + y.phrase(), "Count which records?", counted);
        if (subject.stopped()) {
            return subject.stop();
        }
        return rules.timeRules.verbTimeColumn(subject.value(), verb).map(time -> r.with(
                new Fragment.Subject(subject.value()), new Fragment.NamedTime(time), new Fragment.RankedGroup(y.phrase()),
                new Fragment.LeadWords(Lead.WHICH_MOST, "top.most-verbed")));
    }

    /**
     * "the 5 most prescribed drugs" where no table holds drugs but the prescriptions name theirs: the one concept the
     * verb dates that has a column for the named thing is counted, grouped by that column. Null when none or several.
     */
    private Result<Reading> mostVerbedColumn(String verb, ConceptTerm y, Reading r) {
        List<String> owners = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (lexicon.timeHints(c, verb).isEmpty()) {
                continue;
            }
            Result<Dimension> d = rules.groupingRules.dimension(y.phrase(), c);
            // not a single column of this concept (a miss or a question): not a reading to offer
            if (!d.stopped() && d.value() instanceof Dimension.Column column2
                    && column2.column().concept().equals(c)) {
                owners.add(c);
            }
        }
        if (owners.size() != 1) {
            return Result.ok(null);
        }
        String subject = owners.get(0);
        return rules.timeRules.verbTimeColumn(subject, verb).map(time -> r.with(new Fragment.Subject(subject),
                new Fragment.NamedTime(time), new Fragment.RankedGroup(y.phrase()),
                new Fragment.LeadWords(Lead.WHICH_MOST, "top.most-verbed-column")));
    }

    /**
     * "the 5 most common diagnosis codes", "top 3 lab tests": ranking rows that other records point at (a catalogue,
     * a ward) by their own count would give every row 1, so the records that refer to them are counted, grouped by
     * the named rows; several such records ask which. Only rows without a time of their own (a catalogue, a place).
     */
    Result<Reading> rankReferrers(String phrase, Reading r) {
        String named = r.subject();
        if (vocab.columns(named).stream().anyMatch(c -> c.role().isTemporal())) {
            return Result.ok(r); // records with a time of their own are events, each counted as itself ("top 5 admissions")
        }
        List<String> referrers = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(named) && rules.relatedScopeRules.refersTo(c, named)) {
                referrers.add(c);
            }
        }
        if (referrers.isEmpty()) {
            return Result.ok(r);
        }
        Result<String> subject = referrers.size() == 1 ? Result.ok(referrers.get(0))
                : clarify.choose("subject", phrase, "Rank " + phrase + " by how many of which records?", referrers);
        if (subject.stopped()) {
            return subject.stop();
        }
        Reading out = r.with(new Fragment.Subject(subject.value()), new Fragment.RankedGroup(named));
        if (r.limit() == null) {
            out = out.with(new Fragment.Limit(r.rule().equals("top.most-common") && r.topSingular() ? 1 : 10));
        }
        return Result.ok(out.with(new Fragment.LeadWords(Lead.WHICH_MOST, r.rule() + "-referrers")));
    }

    /**
     * "the 3 most common presenting complaints": a role phrase (or its plural) naming a grouping column of exactly one
     * bound concept makes that concept the subject and the column what is ranked. Returns the index after the phrase,
     * or -1 when no role phrase starts at {@code i}.
     */
    Result<Read> rankedColumn(int i, Reading r) {
        for (int n = Math.min(4, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            Map<String, List<ColumnRef>> owners = new LinkedHashMap<>();
            for (String form : phrase.endsWith("s") ? List.of(phrase, phrase.substring(0, phrase.length() - 1))
                    : List.of(phrase)) {
                for (String c : lexicon.conceptsWithRoleHint(form)) {
                    List<ColumnRef> cols = new ArrayList<>();
                    rules.groupingRules.collectDimensionColumns(c, null, form, cols);
                    if (!cols.isEmpty()) {
                        owners.put(c, cols);
                    }
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            Result<String> subject = clarify.one("subject", phrase, "The " + phrase + " of what?", owners.keySet());
            if (subject.stopped()) {
                return subject.stop();
            }
            int end = i + n;
            return clarify.oneRef("column", phrase, owners.get(subject.value())).map(ranked -> new Read(end,
                    r.with(new Fragment.Subject(subject.value()), new Fragment.RankedColumn(ranked))));
        }
        return Result.ok(new Read(-1, r));
    }

    /**
     * "which doctors were the attending doctor for …": the words before "were" must name the rows the ranked
     * reference points to (a term of that concept, or a recorded kind of it, such as doctors of staff).
     */
    Result<Reading> checkReferenceNamer(ColumnRef ranked, Reading r) {
        String target = ranked.via() == null && ranked.role().isReference() ? REFERENCED.get(ranked.role())
                : ranked.concept();
        if (target == null) {
            return Result.miss("'" + r.groupConcept() + "' does not name a reference to rank by");
        }
        Result<List<String>> named = lexicon.conceptsNamedBy(r.referenceNamer());
        if (named.stopped()) {
            return named.stop();
        }
        if (named.value().contains(target)) {
            return Result.ok(r); // "which staff were …": the concept itself
        }
        for (String form : List.of(r.referenceNamer(), singularPhrase(r.referenceNamer()))) {
            Result<Map<String, List<ValueCandidate>>> owners = rules.subjectRules.valueOwners(form);
            if (owners.stopped()) {
                return owners.stop();
            }
            List<ValueCandidate> kinds = owners.value().get(target);
            if (kinds != null && kinds.size() == 1) {
                // "which nurses were the attending doctor": only nurses count
                return Result.ok(r.with(new Fragment.SubjectFilter(kinds.get(0).filter())));
            }
        }
        return Result.miss("'" + r.referenceNamer() + "' does not name what '" + r.groupConcept() + "' refers to");
    }
}
