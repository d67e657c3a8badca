package org.tally.core.grammar;

import static org.tally.core.spec.ColumnRole.*;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.tally.core.pack.PackLoader;

/** Three vocabularies: shaped like demo:dev, like demo:alt (other spellings), and a made-up schema. */
final class Fixtures {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 29);

    private Fixtures() {
    }

    static Clock clock(LocalDate today) {
        return Clock.fixed(today.atTime(10, 15).toInstant(ZoneOffset.UTC), ZoneOffset.UTC);
    }

    static Grammar grammar(GrammarVocabulary vocabulary) {
        return new Grammar(PackLoader.hospital(), vocabulary, clock(TODAY));
    }

    static Grammar grammar(GrammarVocabulary vocabulary, LocalDate today) {
        return new Grammar(PackLoader.hospital(), vocabulary, clock(today));
    }

    static FixtureVocabulary dev() {
        return hospital(new String[] {"M", "F", "U"}, new String[] {"booked", "completed", "cancelled", "no_show"},
                new String[] {"spontaneous_vaginal", "caesarean", "assisted"}, new String[] {"live_birth", "stillbirth"},
                new String[] {"icu", "maternity", "surgical", "medical"}, new String[] {"standard", "icu", "cot"},
                new String[] {"pending", "completed", "cancelled"}, new String[] {"paid", "partially_paid", "unpaid"},
                new String[] {"emergency", "elective"});
    }

    static FixtureVocabulary alt() {
        return hospital(new String[] {"Male", "Female", "Unknown"}, new String[] {"BOOKED", "ATTENDED", "CANCELLED",
                "DNA"}, new String[] {"NVD", "C-Section", "Instrumental"}, new String[] {"LB", "SB"},
                new String[] {"ICU", "MAT", "SURG", "MED"}, new String[] {"STD", "ICU", "COT"},
                new String[] {"PENDING", "REPORTED", "CANCELLED"}, new String[] {"PAID", "PART", "UNPAID"},
                new String[] {"EMER", "ELEC"});
    }

    private static FixtureVocabulary hospital(String[] gender, String[] apptStatus, String[] mode, String[] outcome,
                                              String[] wardType, String[] bedType, String[] labStatus,
                                              String[] billStatus, String[] admType) {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "id", null).col("Patient", IDENTIFIER, "identifier", null)
                .col("Patient", BIRTH_DATE, "birth date", null).col("Patient", GENDER, "gender", null, gender)
                .col("Patient", LOCATION, "district", "district", "Eastfield", "Hillcrest", "Old Town")
                .col("Patient", LOCATION, "city", "city", "Alderford", "Carrow")
                .col("Patient", EVENT_TIME, "registered at", null).col("Patient", DEATH_DATE, "death date", null);
        v.col("Ward", PRIMARY_KEY, "id", null)
                .col("Ward", NAME, "name", null, "Intensive Care Unit", "Cardiac ICU", "Labour Suite",
                        "Maternity Ward", "Medical Ward 1", "Surgical Ward 1")
                .col("Ward", CATEGORY, "ward type", null, wardType);
        v.col("Bed", PRIMARY_KEY, "id", null).col("Bed", TYPE, "bed type", null, bedType).ref("Bed", "Ward");
        v.col("Department", PRIMARY_KEY, "id", null).col("Department", NAME, "name", null, "Cardiology", "Oncology");
        v.col("Provider", PRIMARY_KEY, "id", null).col("Provider", CATEGORY, "specialty", null, "Cardiology",
                "Obstetrics").col("Provider", FLAG, "is active", null, "true", "false");
        v.col("Admission", PRIMARY_KEY, "id", null).col("Admission", START_TIME, "admitted at", null)
                .col("Admission", END_TIME, "discharged at", null)
                .col("Admission", TYPE, "admission type", null, admType)
                .ref("Admission", "Patient").ref("Admission", "Ward").ref("Admission", "Bed")
                .ref("Admission", "Provider").twoHop("Admission", "Ward", "Department");
        v.col("Appointment", PRIMARY_KEY, "id", null).col("Appointment", EVENT_TIME, "booked at", "booked")
                .col("Appointment", START_TIME, "scheduled at", "scheduled")
                .col("Appointment", STATUS, "status", null, apptStatus)
                .ref("Appointment", "Patient").ref("Appointment", "Department");
        v.col("Delivery", PRIMARY_KEY, "id", null).col("Delivery", EVENT_TIME, "delivered at", null)
                .col("Delivery", CATEGORY, "delivery mode", "mode", mode)
                .col("Delivery", CATEGORY, "outcome", "outcome", outcome)
                .col("Delivery", MEASURE, "gestation week", null)
                .ref("Delivery", "Patient").ref("Delivery", "Ward").ref("Delivery", "Admission")
                .twoHop("Delivery", "Admission", "Ward");
        v.col("Diagnosis", PRIMARY_KEY, "id", null).col("Diagnosis", CODE, "diagnosis code", null, "J18.9", "I10")
                .col("Diagnosis", EVENT_TIME, "diagnosed at", null).col("Diagnosis", FLAG, "is primary", null)
                .ref("Diagnosis", "Patient").ref("Diagnosis", "Admission");
        v.col("LabOrder", PRIMARY_KEY, "id", null).col("LabOrder", EVENT_TIME, "ordered at", null)
                .col("LabOrder", STATUS, "status", null, labStatus).ref("LabOrder", "Patient");
        v.col("LabResult", PRIMARY_KEY, "id", null).col("LabResult", EVENT_TIME, "resulted at", null)
                .col("LabResult", MEASURE, "value numeric", null)
                .col("LabResult", FLAG, "is abnormal", "abnormal").col("LabResult", FLAG, "is critical", "critical")
                .ref("LabResult", "LabOrder");
        v.col("Bill", PRIMARY_KEY, "id", null).col("Bill", EVENT_TIME, "billed at", null)
                .col("Bill", AMOUNT, "total amount", null).col("Bill", STATUS, "status", null, billStatus)
                .ref("Bill", "Patient").ref("Bill", "Admission");
        v.col("IcuStay", PRIMARY_KEY, "id", null).col("IcuStay", START_TIME, "started at", null)
                .col("IcuStay", END_TIME, "ended at", null).ref("IcuStay", "Admission").ref("IcuStay", "Ward");
        return v;
    }

    /** A made-up schema: no Ward reference from Admission, no Status on anything, a due date on bills. */
    static FixtureVocabulary madeUp() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "pat no", null).col("Patient", BIRTH_DATE, "born", null)
                .col("Patient", GENDER, "sex", null, "1", "2");
        v.col("Ward", PRIMARY_KEY, "unit id", null).col("Ward", NAME, "unit label", null, "Blue Unit", "Red Unit");
        v.col("Admission", PRIMARY_KEY, "stay id", null).col("Admission", START_TIME, "stay begin", null)
                .col("Admission", END_TIME, "stay finish", null).ref("Admission", "Patient");
        v.col("Bill", PRIMARY_KEY, "bill id", null).col("Bill", EVENT_TIME, "issued", null)
                .col("Bill", END_TIME, "due date", null).col("Bill", AMOUNT, "balance", null)
                .ref("Bill", "Patient");
        v.col("Appointment", PRIMARY_KEY, "visit no", null).col("Appointment", START_TIME, "slot", null)
                .col("Appointment", FLAG, "no show", null).ref("Appointment", "Patient");
        return v;
    }
}
