package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.testing.TestBindings;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecCanonicalizer;

/**
 * Personal data in answers: staff names (the pack's Provider shows its people's names) may be listed and grouped;
 * staff phone numbers, every patient name and any name on a staff row that is not the one name of the person stay
 * refused, and no name value is ever kept in the binding.
 */
class ShownNamesTest {

    private static BindResult bind(SpecBinder binder, QuerySpec spec) {
        return binder.bind(SpecCanonicalizer.canonicalize(spec));
    }

    private static QuerySpec list(String subject, ColumnRef... columns) {
        QuerySpec.Builder b = QuerySpec.builder(subject, Shape.LIST);
        for (ColumnRef c : columns) {
            b.project(c);
        }
        return b.build();
    }

    private static QuerySpec grouped(String subject, ColumnRef by) {
        return QuerySpec.builder(subject, Shape.GROUPED).measure(Measure.count()).dimension(Dimension.of(by)).build();
    }

    private static void assertRefusedAsPersonal(BindResult r) {
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Failed.class);
        assertThat(((BindResult.Failed) r).failure().reason()).contains("personal data");
    }

    private static void assertBound(BindResult r) {
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
    }

    @Test
    void staffNamesAreListedAndGroupedOn() throws SQLException {
        SpecBinder binder = NamesakeHospital.on(Dialect.H2).binder;
        assertBound(bind(binder, list("Provider", ColumnRef.of("Provider", ColumnRole.FULL_NAME))));
        assertBound(bind(binder, list("Provider", ColumnRef.of("Provider", ColumnRole.GIVEN_NAME),
                ColumnRef.of("Provider", ColumnRole.FAMILY_NAME))));
        assertBound(bind(binder, grouped("Provider", ColumnRef.of("Provider", ColumnRole.FAMILY_NAME))));
        assertBound(bind(binder, grouped("Surgery", ColumnRef.of("Surgery", ColumnRole.PROVIDER_REF))));
        assertBound(bind(binder, grouped("Surgery", ColumnRef.of("Provider", ColumnRole.FULL_NAME))));
    }

    @Test
    void staffPhoneNumbersStayPersonal() throws SQLException {
        NamesakeHospital h = NamesakeHospital.on(Dialect.H2);
        assertThat(h.binding.tableOf("Provider").orElseThrow().columnsWithRole(ColumnRole.CONTACT)).hasSize(1);
        assertRefusedAsPersonal(bind(h.binder, list("Provider", ColumnRef.of("Provider", ColumnRole.FULL_NAME),
                ColumnRef.of("Provider", ColumnRole.CONTACT))));
        assertRefusedAsPersonal(bind(h.binder, grouped("Provider", ColumnRef.of("Provider", ColumnRole.CONTACT))));
        assertRefusedAsPersonal(bind(h.binder, grouped("Surgery", ColumnRef.of("Provider", ColumnRole.CONTACT))));
    }

    @Test
    void patientNamesStayPersonalHoweverTheyAreReached() throws SQLException {
        SpecBinder binder = NamesakeHospital.on(Dialect.H2).binder;
        for (ColumnRole role : List.of(ColumnRole.FULL_NAME, ColumnRole.GIVEN_NAME, ColumnRole.FAMILY_NAME)) {
            ColumnRef name = ColumnRef.of("Patient", role);
            assertRefusedAsPersonal(bind(binder, list("Patient", name)));
            assertRefusedAsPersonal(bind(binder, grouped("Patient", name)));
            assertRefusedAsPersonal(bind(binder, grouped("Surgery", name)));
            assertRefusedAsPersonal(bind(binder, list("Surgery", name)));
        }
        // through a reference, whose label would be the patient's name
        assertRefusedAsPersonal(bind(binder, grouped("Surgery", ColumnRef.of("Surgery", ColumnRole.PATIENT_REF))));
        assertRefusedAsPersonal(bind(binder, list("Surgery", ColumnRef.of("Surgery", ColumnRole.PATIENT_REF))));
        // and a list that names no columns
        assertRefusedAsPersonal(bind(binder, QuerySpec.builder("Patient", Shape.LIST).build()));
    }

    @Test
    void shownNamesAreStillNeverKeptInTheBinding() throws SQLException {
        TableBinding providers = NamesakeHospital.on(Dialect.H2).binding.tableOf("Provider").orElseThrow();
        for (ColumnRole role : List.of(ColumnRole.GIVEN_NAME, ColumnRole.FAMILY_NAME, ColumnRole.CONTACT)) {
            ColumnBinding c = providers.columnsWithRole(role).get(0);
            assertThat(c.pii()).as(c.column()).isTrue();
            assertThat(c.values()).as(c.column()).isNull();
        }
    }

    @Test
    void aSecondNameOnAStaffRowMakesEveryNameThereAGuessSoNoneIsShown() throws SQLException {
        Binding binding;
        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:shown_names_kin;DB_CLOSE_DELAY=-1");
             Statement s = db.createStatement()) {
            s.execute("CREATE TABLE providers (id INT PRIMARY KEY, given_name VARCHAR(40), family_name VARCHAR(40),"
                    + " next_of_kin_full_name VARCHAR(80), role VARCHAR(20))");
            s.execute("INSERT INTO providers VALUES (1, 'Ann', 'Lee', 'Bo Lee', 'doctor')");
            binding = TestBindings.bind(db, "kin", NamesakeHospital.PACK);
        }
        TableBinding providers = binding.tableOf("Provider").orElseThrow();
        assertThat(providers.column("next_of_kin_full_name").orElseThrow().role()).isEqualTo(ColumnRole.FULL_NAME);
        SpecBinder binder = new SpecBinder(binding, NamesakeHospital.PACK, Clock.systemUTC());
        assertRefusedAsPersonal(bind(binder, list("Provider", ColumnRef.of("Provider", ColumnRole.FULL_NAME))));
        assertRefusedAsPersonal(bind(binder, list("Provider", ColumnRef.of("Provider", ColumnRole.GIVEN_NAME))));
        assertRefusedAsPersonal(bind(binder, grouped("Provider", ColumnRef.of("Provider", ColumnRole.FAMILY_NAME))));
    }
}
