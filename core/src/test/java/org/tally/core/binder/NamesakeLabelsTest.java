package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;
import org.tally.core.binding.TableBinding;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.sql.SelectItem;
import org.tally.core.sql.SqlQuery;

/**
 * Groupings and rankings by a concept reached through a foreign key group by the referenced row's key, not by its
 * label: on {@link NamesakeHospital}, built so that grouping by the label alone merges two surgeons, two wards and two
 * codes, Tally's answers must keep them apart on H2, real PostgreSQL and real MariaDB. Questions go through the whole
 * grammar rung (parse, bind, compile, validate, execute); expected rows come from hand-written SQL.
 */
class NamesakeLabelsTest {

    static Stream<Dialect> databases() {
        return NamesakeHospital.DATABASES.stream();
    }

    private static Answer answered(NamesakeHospital h, String question) {
        Rung.Attempt a = h.rung.attempt(question);
        assertThat(a).as("%s on %s: %s", question, h.dialect, a).isInstanceOf(Rung.Attempt.Done.class);
        Answer answer = ((Rung.Attempt.Done) a).answer();
        assertThat(answer.status()).as(answer.message()).isEqualTo(AnswerStatus.ANSWERED);
        return answer;
    }

    private static List<List<Object>> rows(Answer a) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : a.rows()) {
            out.add(row.stream().map(NamesakeHospital::normal).toList());
        }
        return out;
    }

    /** Hand SQL rows (given, family, count) as (joined name, count). */
    private static List<List<Object>> byPerson(List<List<Object>> rows) {
        return rows.stream().map(r -> List.of(NamesakeHospital.joined(r.get(0), r.get(1)), r.get(2))).toList();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void theHospitalBindsAsTheTestsAssume(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        TableBinding providers = h.binding.tableOf("Provider").orElseThrow();
        assertThat(providers.columnsWithRole(ColumnRole.GIVEN_NAME)).hasSize(1);
        assertThat(providers.columnsWithRole(ColumnRole.FAMILY_NAME)).hasSize(1);
        assertThat(providers.columnsWithRole(ColumnRole.FULL_NAME)).isEmpty();
        // the grammar sees one FullName, which the binder reads as the two parts joined
        BindingVocabulary vocabulary = new BindingVocabulary(h.binding, NamesakeHospital.PACK.nameTokens());
        assertThat(vocabulary.columns("Provider")).filteredOn(c -> c.role() == ColumnRole.FULL_NAME).singleElement()
                .satisfies(c -> assertThat(c.hint()).isNull());
        assertThat(h.binding.tableOf("Surgery")).isPresent();
        assertThat(h.binding.tableOf("Ward")).isPresent();
        assertThat(h.binding.tableOf("DiagnosisCode")).isPresent();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void twoSurgeonsWithOneNameStayTwoGroups(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        Answer a = answered(h, "How many surgeries by provider?");
        assertThat(a.columns()).containsExactly("provider", "surgeries");
        List<List<Object>> gold = byPerson(h.hand("SELECT p.given_name, p.family_name, COUNT(*) FROM surgeries s"
                + " JOIN providers p ON p.id = s.surgeon_id GROUP BY p.id, p.given_name, p.family_name"));
        assertThat(rows(a)).containsExactlyInAnyOrderElementsOf(gold)
                .containsExactlyInAnyOrder(List.of("Ann Lee", 3L), List.of("Ann Lee", 2L), List.of("Okafor", 1L),
                        List.of("Sam", 1L));
        // the counterfactual: grouping by the name alone would have merged the two Ann Lees into one wrong group
        List<List<Object>> merged = byPerson(h.hand("SELECT p.given_name, p.family_name, COUNT(*) FROM surgeries s"
                + " JOIN providers p ON p.id = s.surgeon_id GROUP BY p.given_name, p.family_name"));
        assertThat(merged).contains(List.of("Ann Lee", 5L)).hasSize(3);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void theTopSurgeonIsOnePersonNotTwoNamesakesAddedUp(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        Answer a = answered(h, "Which provider had the most surgeries?");
        assertThat(rows(a)).containsExactly(List.of("Ann Lee", 3L));
        assertThat(a.sql()).doesNotContain("?");
    }

    @ParameterizedTest
    @MethodSource("databases")
    void twoWardsWithOneNameStayTwoGroups(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        Answer a = answered(h, "How many admissions by ward?");
        assertThat(a.columns()).containsExactly("ward", "admissions");
        assertThat(rows(a)).containsExactlyInAnyOrderElementsOf(h.hand("SELECT w.name, COUNT(*) FROM admissions a"
                + " JOIN wards w ON w.id = a.ward_id GROUP BY w.id, w.name"))
                .containsExactlyInAnyOrder(List.of("ICU", 1L), List.of("Annex", 2L), List.of("Annex", 2L));
    }

    @ParameterizedTest
    @MethodSource("databases")
    void codesThatShareADescriptionStayTwoGroupsAndShowWhatTheyMean(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        Answer a = answered(h, "What are the most common diagnoses?");
        assertThat(a.columns()).containsExactly("diagnosis code", "description", "diagnoses");
        List<List<Object>> gold = h.hand("SELECT d.diagnosis_code, c.description, COUNT(*) AS n FROM diagnoses d"
                + " JOIN diagnosis_codes c ON c.code = d.diagnosis_code GROUP BY d.diagnosis_code, c.description"
                + " ORDER BY n DESC, d.diagnosis_code");
        assertThat(rows(a)).containsExactlyElementsOf(gold).containsExactly(
                List.of("R50.9", "Fever, unspecified", 3L), List.of("J45.9", "Asthma, unspecified", 2L),
                List.of("R50.8", "Fever, unspecified", 1L));
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aListedCodeComesWithWhatItMeans(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        BindResult r = h.binder.bind(SpecCanonicalizer.canonicalize(QuerySpec.builder("Diagnosis", Shape.LIST)
                .project(ColumnRef.of("Diagnosis", ColumnRole.CODE)).build()));
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
        SqlQuery q = ((BindResult.Bound) r).query();
        assertThat(q.select()).extracting(SelectItem::alias).containsExactly("diagnosis code", "description");
        assertThat(h.run(q)).containsExactlyElementsOf(h.hand("SELECT d.diagnosis_code, c.description FROM diagnoses d"
                + " JOIN diagnosis_codes c ON c.code = d.diagnosis_code ORDER BY d.id"));
    }

    @ParameterizedTest
    @MethodSource("databases")
    void staffAreListedByOneNameAndAOneNamePartPersonIsNotLost(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        Answer a = answered(h, "List the staff");
        assertThat(a.columns()).containsExactly("name");
        List<List<Object>> gold = h.hand("SELECT given_name, family_name FROM providers ORDER BY id").stream()
                .map(r -> List.<Object>of(NamesakeHospital.joined(r.get(0), r.get(1)))).toList();
        assertThat(rows(a)).containsExactlyElementsOf(gold);
        assertThat(gold).containsExactly(List.of("Ann Lee"), List.of("Ann Lee"), List.of("Okafor"), List.of("Sam"),
                List.of("Zoe Park"));
    }

    @ParameterizedTest
    @MethodSource("databases")
    void patientNamesAreNeitherGroupedNorListed(Dialect db) throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(db);
        for (String q : List.of("How many patients by name?", "List the patients")) {
            Rung.Attempt a = h.rung.attempt(q);
            assertThat(a).as("%s: %s", q, a).isInstanceOf(Rung.Attempt.Miss.class);
            assertThat(((Rung.Attempt.Miss) a).reason()).as(q).contains("personal data");
        }
    }
}
