/**
 * The domain pack: hospital knowledge as data ({@code hospital.json} in this package), loaded and validated by
 * {@link org.tally.core.pack.PackLoader} into a {@link org.tally.core.pack.DomainPack}.
 *
 * <h2>Format (version 1)</h2>
 * <pre>
 * { "pack": "hospital", "version": 1, "description": "…",
 *   "vocabulary": { "abbreviations": {"dob": ["birth","date"], …}, "tablePrefixes": ["tbl","dim",…],
 *                   "tableSuffixes": ["master",…], "gluedPrefixes": ["tbl"],
 *                   "irregularPlurals": {"diagnoses": "diagnosis", …}, "invariantWords": ["diabetes", …],
 *                   "compoundWords": ["time", "chart", …] },   (with the concepts' name and column tokens and the
 *                                       abbreviations' words: what a run-together name such as admittime is split into)
 *   "serviceLines": [ {"id": "Maternity", "label": "Maternity", "description": "…", "phrases": ["obstetrics", …]},
 *                     {"id": "PatientChart", …, "patientLevel": true} ],   (the one line that reads one patient's records)
 *   "concepts": [ {"id": "Delivery", "singular": "delivery", "plural": "deliveries", "synonyms": ["mat", "ob", …],
 *                  "nameTokens": ["delivery", …], "namePatterns": [["lab", "order"], …],
 *                  "columnTokens": ["method", …],
 *                  "requiredRoles": [["PatientRef","EncounterRef"], ["EventTime","StartTime"]],
 *                  "description": "…", "serviceLines": ["Maternity"], "shared": false, "namesShown": false,
 *                  "roleHints": [ {"phrases": ["mode of delivery", …], "roles": ["Category","Type"],
 *                                  "nameHints": [["method"], ["mode"], ["delivery","type"]],
 *                                  "valueClasses": ["caesarean", …]} ],
 *                  "kindOf": {"concept": "Encounter",
 *                             "where": {"kind": "inClass", "roles": ["Type","Category"], "classes": ["emergency"]},
 *                             "timeRoles": {"StartTime": "StartTime", "EndTime": "EndTime"}} } ],
 *   "ambiguousTokens": [ {"token": "obs", "concepts": ["VitalSign","Delivery"], "why": "…"} ],
 *   "valueClasses": [ {"id": "no_show", "group": "attendance", "roles": ["Status","Category"],
 *                      "concepts": ["Appointment", …], "phrases": ["no-show", "did not attend", …],
 *                      "spellings": ["DNA", "Did not attend", "No show", …], "includes": [], "note": "…"} ],
 *   "homographs": [ {"spelling": "N", "classes": ["no","normal"], "why": "…"} ],
 *   "predicates": [ {"id": "outstanding", "phrases": ["outstanding", "unpaid", …], "description": "…",
 *                    "definitions": [ {"concept": "Bill", "alternatives": [
 *                        {"kind": "compare", "roles": ["Amount"], "nameHints": [["balance"]], "op": "gt", "value": 0},
 *                        {"kind": "inClass", "roles": ["Status"], "classes": ["unpaid"]} ]} ]} ] }
 * </pre>
 *
 * <p>Meanings the binder relies on: a required-role entry is one role or a list of alternatives; every entry must be
 * present. Name tokens, column tokens and name hints are in normal form (the output of
 * {@link org.tally.core.names.NameTokens}), which validation enforces. A name pattern is a token combination that, all
 * present in a table name, outranks single name tokens ({@link org.tally.core.pack.DomainPack#namePatterns} adds each
 * concept's own singular). A name hint is a list of tokens that must
 * <em>all</em> appear in a column's tokens; a list of hints means any one hint suffices. Predicate alternatives are
 * ordered ways of expressing the same fact: the first that binds completely wins; none binding is a refusal.
 * {@code namesShown} (default false) lets answers show and group by the names of a concept's people (staff); a
 * concept that requires a PatientRef or a BirthDate is about patients and may not set it.
 * {@code measuresKinds} (default false) says a concept's rows measure different things (lab tests, vital signs), so
 * an aggregate of its one value column needs the kind named or grouped by. {@code datedBy} (default empty) lists the
 * time roles besides EventTime and StartTime that date each of a concept's rows ({@code ["DeathDate"]}: a death
 * record is dated by the date of death), so a time range or bucket may use them. A role hint's {@code verb} (default
 * false) says its phrases are verbs of the event a birth or death date records ("born"), so they name that date as a
 * time, as "admitted" names a start. Value
 * classes apply only to their roles (and concepts, when listed); spellings compare by
 * {@link org.tally.core.pack.ValueText#key}. Condition kinds: {@code isNull}, {@code notNull}, {@code inClass},
 * {@code compare} (op gt|ge|lt|le|eq|ne, numeric value), {@code timeVsNow} (direction before|after, offsetDays),
 * {@code exists} (concept, link references|samePatient, optional where and window {fromRole,toRole,minDays,maxDays}),
 * {@code all}, {@code any}, {@code not}.
 *
 * <p>{@code kindOf} (optional, {@link org.tally.core.pack.KindOf}) says how a concept is held where no table binds to
 * it: as the rows of another concept's table satisfying {@code where} (only row conditions: inClass, isNull, notNull,
 * compare, all), with {@code timeRoles} mapping each of its time roles to the base role it is ({@code {"EventTime":
 * "EndTime"}}: a death happens at the stay's end). The base must not itself be a kind of another; a time role the
 * concept requires must be mapped. The binding realises it only when every column condition finds exactly one column
 * of the base table ({@link org.tally.core.binding.Refinement}).
 */
package org.tally.core.pack;
