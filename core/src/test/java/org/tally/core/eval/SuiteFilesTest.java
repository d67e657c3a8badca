package org.tally.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteFilesTest {

    @TempDir
    Path dir;

    @Test
    void readsTheEhrsqlLayoutWithItsAnswersAndUnanswerableQuestions() throws Exception {
        Files.writeString(dir.resolve("data.json"), "{\"version\": \"x\", \"data\": ["
                + "{\"id\": \"a1\", \"question\": \"how is   drug x\\n usually given?\"},"
                + "{\"id\": \"a2\", \"question\": \"what is the weather?\"}]}");
        Files.writeString(dir.resolve("answer.json"), "{\"a1\": \"[['iv'], ['po']]\", \"a2\": \"null\"}");
        Suite suite = SuiteFiles.read(dir, null);
        assertThat(suite.format()).isEqualTo(SuiteFormat.EHRSQL);
        assertThat(suite.cases()).extracting(SuiteCase::id).containsExactly("a1", "a2");
        assertThat(suite.cases().get(0).question()).isEqualTo("how is drug x usually given?");
        assertThat(suite.cases().get(0).expected()).isEqualTo(new Expected.Rows(List.of(List.of("iv"), List.of("po")),
                false));
        assertThat(suite.cases().get(1).answerable()).isFalse();
        assertThat(SuiteFiles.read(dir.resolve("data.json"), null).cases()).hasSize(2);
    }

    @Test
    void anEhrsqlSuiteWithoutItsAnswersOrWithAMissingOneIsRefusedInWords() throws Exception {
        Files.writeString(dir.resolve("data.json"), "{\"data\": [{\"id\": \"a1\", \"question\": \"q\"}]}");
        assertThatThrownBy(() -> SuiteFiles.read(dir, null)).isInstanceOf(SuiteFormatException.class)
                .hasMessageContaining("answer.json");
        Files.writeString(dir.resolve("answer.json"), "{}");
        assertThatThrownBy(() -> SuiteFiles.read(dir, null)).hasMessageContaining("no answer for question a1");
        Files.writeString(dir.resolve("answer.json"), "{\"a1\": \"[['x'\"}");
        assertThatThrownBy(() -> SuiteFiles.read(dir, null)).hasMessageContaining("does not read");
    }

    @Test
    void readsAGoldenSuiteForTheNamedGoldAndItsTraps() throws Exception {
        Path file = dir.resolve("golden.yaml");
        Files.writeString(file, """
                today: "2026-11-29"
                questions:
                  - id: q1
                    question: How many patients are there?
                    ordered: true
                    gold:
                      dev: SELECT COUNT(*) FROM patients
                      alt: SELECT COUNT(*) FROM "PatientMaster"
                traps:
                  - id: t1
                    question: Delete every patient
                    kind: write
                """);
        Suite suite = SuiteFiles.read(file, "alt");
        assertThat(suite.format()).isEqualTo(SuiteFormat.GOLDEN);
        assertThat(suite.today()).isEqualTo(LocalDate.of(2026, 11, 29));
        assertThat(suite.cases().get(0).expected())
                .isEqualTo(new Expected.GoldSql("SELECT COUNT(*) FROM \"PatientMaster\"", true, List.of()));
        assertThat(suite.cases().get(1).answerable()).isFalse();
        assertThatThrownBy(() -> SuiteFiles.read(file, null)).hasMessageContaining("--gold");
        assertThatThrownBy(() -> SuiteFiles.read(file, "xyz")).hasMessageContaining("has no gold SQL for 'xyz'");
    }

    @Test
    void readsAnUnseenSuiteWithItsAlternativeReadingsAndRefusals() throws Exception {
        Path file = dir.resolve("questions.yaml");
        Files.writeString(file, """
                questions:
                  - id: o1
                    q: How many patients by gender?
                    expect: answer
                    gold: SELECT g, COUNT(*) FROM person GROUP BY g
                    alts:
                      - label: "ok: by code"
                        sql: SELECT c, COUNT(*) FROM person GROUP BY c
                  - id: o2
                    q: Which patient is sickest?
                    expect: refuse
                """);
        Suite suite = SuiteFiles.read(file, null);
        assertThat(suite.format()).isEqualTo(SuiteFormat.UNSEEN);
        Expected.GoldSql gold = (Expected.GoldSql) suite.cases().get(0).expected();
        assertThat(gold.alternatives()).singleElement().satisfies(a -> assertThat(a.acceptable()).isTrue());
        assertThat(suite.cases().get(1).answerable()).isFalse();
        Files.writeString(file, "questions:\n  - {id: o1, q: x, expect: maybe}\n");
        assertThatThrownBy(() -> SuiteFiles.read(file, null)).hasMessageContaining("use answer or refuse");
    }

    @Test
    void anUnknownFileOrDuplicateIdsAreRefusedInWords() throws Exception {
        assertThatThrownBy(() -> SuiteFiles.read(dir.resolve("none.yaml"), null)).hasMessageContaining("no such");
        Path csv = dir.resolve("suite.csv");
        Files.writeString(csv, "a,b");
        assertThatThrownBy(() -> SuiteFiles.read(csv, null)).hasMessageContaining("a suite is a .yaml file");
        Path twice = dir.resolve("twice.yaml");
        Files.writeString(twice, "questions:\n  - {id: o1, q: x, expect: refuse}\n  - {id: o1, q: y, expect: refuse}\n");
        assertThatThrownBy(() -> SuiteFiles.read(twice, null)).hasMessageContaining("o1 twice");
    }
}
