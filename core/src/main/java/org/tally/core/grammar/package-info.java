/**
 * The deterministic grammar (see docs/architecture.md): {@link org.tally.core.grammar.Grammar#parse} turns question
 * text into a {@link org.tally.core.grammar.ParseOutcome}: {@code Parsed(QuerySpec)}, {@code NeedsClarification(slot,
 * question, options)} or {@code NoParse(reason)}. No model, no randomness: the same text, vocabulary and clock give
 * the same outcome. Words resolve only through the domain pack (concept terms, role-hint phrases, predicate phrases,
 * value classes) and the source's {@link org.tally.core.grammar.GrammarVocabulary} (observed values, admin aliases,
 * bound table words), both read through the source's {@link org.tally.core.grammar.Lexicon}. Nothing here names a
 * table or a column.
 *
 * <h2>How it is built</h2>
 * Each rule family is a plain function of the question's tokens, a position and the reading so far: it returns a
 * {@code Result} that is either a {@code Read} (how many tokens it read, and the reading with the typed {@code
 * Fragment}s it read folded in) or a {@code Halt} (a miss with its reason, or one question back with its options).
 * No rule keeps state or throws to steer: a reading ({@code Reading}) is immutable, a rule that tries a reading and
 * drops it leaves nothing behind, and the fragments are folded in one place ({@code Reading#with}). {@code
 * SpecAssembly} turns the whole reading into the spec, checking what only the whole question can tell. An ambiguity
 * is a {@code Halt.Ask} whose labels are the readings; {@link org.tally.core.grammar.Grammar} parses once more per
 * label to give each option its spec. Rule order and full consumption are kept: a word no rule reads is a miss.
 *
 * <h2>1. Tokens</h2>
 * Lower case; final {@code ?.!} and commas dropped; possessives removed; hyphens, slashes and ampersands kept inside
 * words ("no-show", "c/s", "a&amp;e"); number words become digits ("twenty one" → 21); ordinals are read ("1st",
 * "third"); round and square brackets are word boundaries, like commas ("ferrous sulfate (liquid)" reads as
 * "ferrous sulfate liquid"); a percent sign right after a number, or "N percent", is one word "N%" that is never a
 * count; "what's", "whats", "how's", "there's" … are the question word and "is"; a colon that ends a word is a
 * boundary, like a comma ("The Cardiac ICU: what is …"). Any other character (quotes, semicolons, {@code =}, a
 * percent sign elsewhere) is a miss naming it.
 *
 * <h2>2. Lead rules, tried in this order (rule id in the spec's provenance)</h2>
 * <ol>
 *   <li>{@code exists.is-there-any}: is there any / are there (any) / do we have (any) / is there a / were|was there any → Exists.</li>
 *   <li>{@code exists.ever}: have|did we ever (recorded|had|seen) (a|an|any) / has|have there ever been → Exists,
 *       over all time.</li>
 *   <li>{@code exists.has-any}: has|have|did any NP (ever) … → Exists ("has any safety incident ever caused a death").</li>
 *   <li>{@code exists.any}: (does|do|is|are|was|were) any NP … → Exists ("does any patient have both …", terse "any
 *       ICU beds out of service?").</li>
 *   <li>{@code rate.percentage-of}: (what) percentage|percent|proportion|share|fraction of NP were|are|was|is|had
 *       CONDITION → Rate; the condition words after the copula form the numerator.</li>
 *   <li>{@code rate.named-rate}: (what is the) X rate (of|for|among NP), X a predicate or value-class phrase; the
 *       subject is the one bound concept X applies to (several: ask).</li>
 *   <li>{@code top.which-x-most-y}: which|what [N] X had|has|with [VERB] the most|highest number of Y → TopN of Y grouped by
 *       X, limit N (1 without N); a VERB there must be a time verb of Y ("which 3 surgeons have performed the most
 *       operations").</li>
 *   <li>{@code top.which-x-most-y} also takes a role phrase for X ("which 3 surgeons", "which payment method");
 *       {@code top.which-x-earned-most}: which X brought in|took in|received … the most money|revenue → TopN by the
 *       sum of the Amount of X's concept; {@code top.which-x-was-r-for-most-y}: which N X were the R for the most Y →
 *       TopN of Y grouped by its reference R, X naming what R refers to (a kind of it, such as doctors, filters the
 *       referenced rows to that kind).</li>
 *   <li>{@code top.most-verbed}: (what are the) N most VERB Y (by number of X) → TopN counting the concept VERB
 *       is a time verb of, when it references Y directly, grouped by Y, over VERB's time, limit N.</li>
 *   <li>{@code top.top-n-by}: top N X by (the number of) Y → as "which N X had the most Y" ("top 3 wards by
 *       admissions"). A ranking said as a noun phrase, "(the) [N] X with|that had … the most Y" ("the 3 wards with
 *       the most admissions", "ward with most admissions last month"), reads as "which" does ({@code
 *       top.which-x-most-y}); its other readings are left to the rules below.</li>
 *   <li>{@code top.top-n}: [OPENING] top N [most common|frequent] X → count of X grouped by X's label (Name,
 *       FullName, Code, Description), limit N with ties at the cut kept (10 without N, only with no opening).
 *       OPENING is a request's opening, optionally after "could you" and before one "the": what are|were|is|was,
 *       which are|were, show|give|get|tell me, list, provide, reveal, fetch, retrieve, display, show.</li>
 *   <li>{@code top.most-common}: (OPENING | the) [N] most common|frequent [N] X → as top-N; without N, limit 1 for a
 *       singular X and 10 for a plural.</li>
 *   <li>{@code count.how-many}: how many / (what is the) (total) number of / count (of|the) / show (me) the number of →
 *       count.</li>
 *   <li>{@code aggregate.<word>}: (what is the) average|mean|median|longest|maximum|highest|shortest|minimum|lowest
 *       |total|sum (of) MEASURE; MEASURE is a numeric role-hint phrase of a bound concept ("length of stay", "birth
 *       weight") or "duration|length of NP", else a phrase of two or more words spelling the whole name of one numeric
 *       column, with or without the unit it ends in ("the average wait to be seen" of a wait-to-be-seen-minutes
 *       column). A Duration hint with no such column becomes end − start of the concept
 *       (days, or "in hours|minutes"). "total NP" without a measure is {@code count.total}. "(total) amount VERB" is the sum of the Amount
 *       of the one concept VERB is a time verb of ("total amount billed").</li>
 *   <li>{@code lookup.attribute}: what|which is|was the ATTR of|for|on ENTITY / which ATTR is ENTITY (on|in) / what
 *       does ENTITY stand for|mean → Lookup of one named row: ENTITY is a recorded name, code or description of
 *       exactly one bound concept (optionally followed by its term: "the potassium test"), or a concept term and a
 *       literal identifier mixing letters and digits, matched as typed on the concept's one unprofiled Name,
 *       BusinessId, Identifier or Code column whose measured lengths and letters could spell it ("bed LS-004",
 *       "patient MRN0001643" — not the nine-digit national id), or a number read as the primary key when no such
 *       column could hold it ("bill 4213"). The same CONCEPT IDENTIFIER pair inside any question filters the
 *       subject or a concept it refers to ("how many admissions has patient MRN0001643 had"). ATTR is one or more shown columns (see Projection), a forward concept's role phrase ("the floor of
 *       bed LS-004"), or a "… range" naming one low and one high column; "stand for" shows the Description (else
 *       Name).</li>
 *   <li>{@code aggregate.how-much}: how much (money) was|were|has been VERB in|from|as NP → sum of NP's Amount, NP's
 *       time named by VERB ("how much was received in payments").</li>
 *   <li>{@code list.list}: list → List; {@code list.show}: show (me) / display / give (me) / tell me → List, or, when
 *       what follows is a question of its own (a count, total, average, percentage, ranking or existence: "show me
 *       the 3 most common medications", "please give the average turnaround time"), that question; or with a bucket or
 *       a grouping the count per group ({@code count.show-per}: "show emergency visits per month"). "list NP by X"
 *       misses (rows sorted by X, or counts?).</li>
 *   <li>{@code lookup.find}: look up / lookup / find → Lookup (needs a value that filters).</li>
 *   <li>{@code list.which}: which / what NP … → List.</li>
 *   <li>{@code trend.bare}: NP with a time bucket and no lead ("monthly deliveries") → Trend of the count. A terse
 *       NP without one ("caesarean deliveries last month by ward", "active staff") is a list as often as a count, so
 *       it asks "how many, or show them?", each option with its spec ({@code count.bare}, {@code list.bare}); with
 *       columns to show it is their list ({@code list.bare}); after a question or filler word ("the beds …", "did
 *       …") it is a miss.</li>
 * </ol>
 * A concept term right before the subject term that the subject refers to ("cardiology clinic appointments") is
 * read as that concept: value words before it resolve on it first.
 * Then the subject: a time phrase may come first ("this year's deliveries": the possessive is dropped); then the
 * first concept term (longest of up to four words; pack singular, plural, synonyms, bound table
 * words; a phrase of several words naming none is tried with the pack's abbreviations spelled out, "ED
 * attendances" as emergency attendances) within six words, with only value or predicate words before it. A term for an unbound concept is a miss;
 * a term for several bound concepts asks.
 * After a ranking lead, a role phrase naming a grouping column of one bound concept ("the 3 most common presenting
 * complaints") makes that concept the subject and ranks by that column.
 * With no concept term, a recorded value may name the subject ("how many stillbirths"): a phrase (or its singular)
 * that observed values or value classes resolve on a status, category, type, severity or priority column of exactly
 * one bound concept makes that concept the subject, filtered to the value (a Name value counts too: "any
 * hemicolectomy"); when several value or predicate words come first, the one concept all of them can describe is
 * the subject ("active doctors": staff, not prescriptions). A concept term that is a recorded value of the next
 * term's concept is that value ("ICU beds"). "the duration of a VALUE" is end − start of the value's concept. Several concepts or columns: ask, unless a time verb of the question belongs to only one of them
 * ("which wards reported the most falls").
 * An existence question about patients followed by a predicate of a concept that reaches patients asks about that
 * concept's rows ("is there any patient in ICU right now"). "new" needs a start or event time verb of the subject
 * ("new patients registered"), which says it already. A count of patients followed by (are|were|have been) a
 * predicate or time verb of another concept ("how many
 * patients are currently admitted") counts the distinct PatientRef of the one bound concept that phrase applies to
 * and that refers to patients directly through one PatientRef column; none or several: read on patients as usual.
 *
 * <h2>3. Modifiers, tried at each remaining word in this order</h2>
 * <ol>
 *   <li>Time phrase ({@link org.tally.core.grammar.TimePhrases}): today, yesterday, tomorrow, this/last/next week|month|quarter|year,
 *       (in|within|over) the next|coming N days|weeks|months (today and what follows),
 *       in|during YEAR, in MONTH (YEAR), between/from … and/to …, since/before/after DATE, (in|over) the last|past
 *       N days|weeks|months|years. Applies to the subject's single EventTime or StartTime; several: ask.</li>
 *   <li>Time verb of a concept the subject refers to, when the subject has no time of its own ("babies born this
 *       year": the delivery's time).</li>
 *   <li>Time verb: several may occur ("admitted to X and discharged this year"): the one right before the time
 *       phrase takes it; an end-time verb with no time phrase means the end happened (not null); no verb next to
 *       the phrase: a miss. A predicate that says a time of the subject is recorded ("died": a death date) names
 *       the time a phrase right after it is about ("patients who died last year"). A role hint of the subject whose
 *       roles are all times ("admitted", "discharged", "performed",
 *       "issued", "scheduled"; pack data) names the column the time range or bucket applies to. It is read before
 *       values, so a verb is never a status filter. Several columns: ask; none: a miss.</li>
 *   <li>Bucket: per|by|each|every|a day|week|month|quarter|year|hour, daily … annually, over time (month) → Trend.</li>
 *   <li>Grouping: by|per|for each|in each|each|broken down by|split by|grouped by X ("category" and "type" stand in
 *       for each other when a concept has only one kind column, of the other role): a role-hint phrase, a role word (gender,
 *       status, type …) or column name words of the subject, then of concepts reachable forward; else a reachable
 *       concept's label, preferring a direct reference to a two-hop one; else, when the phrase names no concept, the
 *       one column named by the phrase and "code" ("by acuity": an acuity code). No path: a miss.</li>
 *   <li>Projection (List and Lookup only): with (their|its) COLUMN (and COLUMN)… — a role phrase of the subject, a
 *       role word (status, type, code, description …), the subject's column name words, date/time (its one time;
 *       "date reported": the time that verb names; "delivery time"), or a concept it refers to (that concept's
 *       label). "COLUMN in weeks|days|hours|grams" needs the unit in the column's name (no conversion). Also before
 *       the subject: "list the dates of …". Without "their"/"its", a "with" naming no column is left to the next
 *       rule. The binder shows each row's own label first.</li>
 *   <li>Related scope: with no / have no / without (any) / (who|that) never had → NOT EXISTS; with (at least one) /
 *       who had → EXISTS; over a concept one FK hop away, with its own value words as filters; a time verb of that
 *       concept and a time phrase right after it restrict its rows ("with no results reported last month").</li>
 *   <li>Verb of a related record: (who|that)? (have|has|had|were)? (also)? (been)? VERB (with|for)? VALUES, VERB a time
 *       verb of a concept that refers to the subject → EXISTS over it with the values and time phrase that follow
 *       ("patients diagnosed with type 2 diabetes"); "both X and Y" is one scope per value. A time phrase after
 *       such a verb that could also date a bare time verb of the subject before it misses ("patients registered and
 *       admitted this year"). In a percentage whose
 *       counted condition has not started, a VERB after have/has/were starts it ("… have also been diagnosed with
 *       X": the scope is the rate's numerator). When VERB is also a condition of the subject itself ("bills paid
 *       last month": a paid status, or a payment then?) the grammar asks which is meant.</li>
 *   <li>With a value: "with VALUE" on the subject's own columns is a filter; otherwise a value recorded by exactly
 *       one concept referring to the subject is EXISTS over it ("patients with CKD"); "without VALUE" is NOT EXISTS.
 *       "have|has|had a|an CONCEPT" is EXISTS like "with"; "(have) never been used|assigned for|in|by" is NOT
 *       EXISTS; "patients" followed by a predicate of the one concept that is linked to the subject and refers to
 *       patients stand for those records ("wards with no patients currently admitted"). After a related concept, a relative clause (that|which …
 *       VALUES) adds its own values ("a latex allergy that caused anaphylaxis"). A time phrase right after a related
 *       concept (or value) dates that concept's rows, never the subject's ("patients who had an admission last
 *       month": admissions last month).</li>
 *   <li>Negated verb: not|never (been) VERB, VERB a time verb of a concept linked to the subject (not of the subject)
 *       → NOT EXISTS over it, with the time phrases and value words that follow as its conditions.</li>
 *   <li>Measure comparison: weighed|weighing or a role phrase of a measured column, under|over|more than|less
 *       than|at least|at most N (UNIT): the unit must be the column's own ("weighed under 2500 grams"). A unit after
 *       an aggregated measure is checked the same way ("average birth weight, in grams").</li>
 *   <li>Duration filter: stayed|lasted|length of stay|longer|shorter over|more than|at least|under|less than N
 *       days|weeks|hours|minutes → end − start compared with N.</li>
 *   <li>Due window: due within|in (the next) N days|weeks → the subject's due date in [today, today + N].</li>
 *   <li>Location: in|on|at (the) VALUE: must resolve (below), else a miss naming the phrase; a predicate phrase
 *       that starts with the preposition ("in service") is read as the predicate instead; a term naming the subject
 *       again adds nothing ("in the medication catalogue"), and so does a service line that owns the subject ("in the
 *       emergency department" of triage), unless a value or place reads further ("in theatre 2"); a role phrase of the subject's one Location column with
 *       no value means the place is recorded ("performed in theatre": not null). "under VALUE" reads the value.</li>
 *   <li>Named column: a role phrase of exactly one column, then one of its recorded values, a bare number allowed
 *       ("acuity level 1"); a number names the one value of a numbered series carrying it ("theatre 2" on OT-1 …
 *       OT-4).</li>
 *   <li>Value lists: values of one column joined by or/and (commas are dropped) form one list ("moderate, severe or
 *       fatal harm", "acuity level 1 or 2"); "and" between other conditions joins them; "or" between conditions on
 *       different columns misses.</li>
 *   <li>"including NP", NP restating the subject with its own conditions, adds nothing ("how many beds, including
 *       beds out of service").</li>
 *   <li>A predicate of a concept the subject refers to directly, right after a preposition ("a prescription for a
 *       controlled drug"), is a condition on that concept. A value of a concept reached directly wins over the same
 *       column reached through another concept ("stays admitted to Surgical Ward 1").</li>
 *   <li>Value or predicate, longest phrase first (up to five words): a pack predicate defined on the subject (its
 *       first alternative that binds completely on this vocabulary), else observed values or admin aliases on the
 *       subject's columns, else on columns of concepts reachable forward (all reachable columns rank equally).
 *       Several columns: ask. A value-class word matching nothing: a miss. A class that covers several
 *       recorded values of a column, one of them spelled like the phrase ("unpaid" and "partially_paid"): ask.</li>
 *   <li>Restatement: "does the hospital have"; a term naming exactly the subject again, also after "across
 *       (all)" ("were emergency operations", "of stays discharged").</li>
 *   <li>Filler: the, please, were, there, did, we, have, of, in, total, a, any, all … ({@link
 *       org.tally.core.grammar.Lexicon#FILLERS}). Anything else: a miss naming the word.</li>
 * </ol>
 *
 * <h2>Another word order, and misspelt words</h2>
 * A question no rule reads is read once more in the order the rules read ({@code FrontedPhrases}): a phrase put
 * first and set off by a comma or colon — a time, place, grouping or "for …" phrase ("Last month, how many …", "By
 * ward, how many …", "For patient MRN0000987, list …") — is read after the rest; "Of (all) the NP, what
 * percentage|how many|which N …" reads NP after the lead ("what percentage of the active staff are nurses"); "In
 * which ward is …" reads the preposition last; "NP: what is its X" reads "what is the X of NP". Only the order
 * changes, never a word. Then ({@code Spelling}) each word the source and the grammar do not know (none of the
 * lexicon's concept, column and value words, the pack's vocabulary, or the grammar's own words in {@code
 * grammar-words.txt}), of five letters or more and without digits, is read as the one known word one edit away
 * (a letter added, dropped, changed, or two neighbours swapped) with the same first and last letters ("admited" as
 * "admitted"; never "discharges" as "discharged"); none or several: the word stays unread and the question misses.
 * A known word is never read as another. A reading that parses says so: {@code ParseOutcome.Parsed#readings}
 * ("read 'admited' as 'admitted'"), shown in the answer's path (a {@code spelling} step) and explanation.
 *
 * <h2>4. Clarifications</h2>
 * An open slot carries a key; {@link org.tally.core.grammar.Grammar#parse(String, java.util.Map)} with the key mapped
 * to a chosen label fills it. Each offered option already carries the spec that choice gives, when it parses.
 *
 * <h2>5. Follow-ups</h2>
 * {@link org.tally.core.grammar.Grammar#refine} reads the words of a follow-up ("and by ward?", "only caesareans",
 * "what about 2024?") with the modifier rules of §3 against the last spec's subject, after lead-in words (and, but,
 * also, now, then, only, just, same, what about, how about); a period written alone is read as "in …". What they say
 * is applied to the last spec: conditions and related scopes are added, a grouping is added (a count becomes a
 * grouped count), a time bucket makes a trend, a time phrase replaces the period (on the time column a verb names,
 * else the spec's, else the subject's one time). A follow-up that would change what a percentage counts, group a
 * list or a ranking, or that no rule reads, misses.
 *
 * <h2>6. Lexicon</h2>
 * {@link org.tally.core.grammar.Lexicon#meanings} says what a word or phrase can mean on a source and why: a concept
 * (pack terms and the bound tables' names), a column (its role phrases, its name's words with abbreviations spelled
 * out, a role word such as "status"), a value in each spelling the source stores (and the pack's value-class phrases
 * that resolve to it), a predicate with the concepts it can be checked on, an administrator's alias, or a word of
 * the questions themselves (time, measure, comparison, unit, grouping, question and filler words). The {@code
 * lexicon} command prints it.
 */
package org.tally.core.grammar;
