package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.testing.TestBindings;

/**
 * Which unbound tables a concept's rows refer to are its code dictionaries (issue 12: "procedures" beside a dictionary
 * of procedure codes named so): a lookup holding only codes and their words is one; a referenced table with times and
 * numbers of its own (the load batches the rows point at) holds other rows and is not.
 */
class CodeDictionaryWordsTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:code_dictionary_words_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE dx_dictionary (dx_code VARCHAR(8) PRIMARY KEY, long_title VARCHAR(80))");
            s.execute("CREATE TABLE load_batch (batch_id INT PRIMARY KEY, batch_title VARCHAR(40), loaded_at TIMESTAMP,"
                    + " row_total INT)");
            s.execute("CREATE TABLE diagnoses (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " dx_code VARCHAR(8) REFERENCES dx_dictionary(dx_code),"
                    + " batch_id INT REFERENCES load_batch(batch_id), diagnosed_at TIMESTAMP)");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1970-01-01')");
            s.execute("INSERT INTO dx_dictionary VALUES ('I10', 'essential hypertension'), ('E119', 'type 2 diabetes')");
            s.execute("INSERT INTO load_batch VALUES (1, 'october load', TIMESTAMP '2026-10-02 01:00:00', 1)");
            s.execute("INSERT INTO diagnoses VALUES (1, 1, 'I10', 1, TIMESTAMP '2026-10-01 09:00:00')");
        }
        binding = TestBindings.bind(db, "code-dictionary-words-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void aLookupOfCodesAndTheirWordsIsTheConceptsDictionaryAndAReferencedTableOfOtherRowsIsNot() {
        String diagnoses = binding.tableOf("Diagnosis").map(TableBinding::table).orElseThrow();
        assertThat(diagnoses).isEqualToIgnoringCase("diagnoses");
        BindingVocabulary vocabulary = new BindingVocabulary(binding, PACK.nameTokens());
        String dictionary = binding.tables().stream().map(TableBinding::table)
                .filter(t -> t.equalsIgnoreCase("dx_dictionary")).findFirst().orElseThrow();
        String batches = binding.tables().stream().map(TableBinding::table)
                .filter(t -> t.equalsIgnoreCase("load_batch")).findFirst().orElseThrow();
        assertThat(binding.table(batches).orElseThrow().bound()).as("load_batch must stay unbound for this test").isFalse();
        assertThat(vocabulary.labelsCodesOf(dictionary, "Diagnosis")).isTrue();
        assertThat(vocabulary.labelsCodesOf(batches, "Diagnosis")).isFalse();
        assertThat(vocabulary.labelsCodesOf(dictionary, "Patient")).as("not referred to by the patients").isFalse();
    }
}
