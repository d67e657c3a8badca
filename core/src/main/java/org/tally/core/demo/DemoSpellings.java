package org.tally.core.demo;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * DEV spelling → ALT spelling of every enumerated value that the two schemas spell differently. Each map is
 * one-to-one, so any filter or grouping on one schema has exactly one equivalent on the other.
 */
final class DemoSpellings {

    private DemoSpellings() {
    }

    public static final Map<String, String> GENDER = of("M", "Male", "F", "Female", "U", "Unknown");
    public static final Map<String, String> NEWBORN_SEX = of("M", "Male", "F", "Female");
    public static final Map<String, String> WARD_TYPE = of("icu", "ICU", "maternity", "MAT", "surgical", "SURG",
            "medical", "MED", "paediatric", "PAED", "neonatal", "NICU");
    public static final Map<String, String> BED_TYPE = of("standard", "STD", "icu", "ICU", "cot", "COT",
            "delivery", "LDR");
    public static final Map<String, String> STAFF_ROLE = of("doctor", "DR", "nurse", "RN", "midwife", "MW",
            "pharmacist", "PHARM", "lab_technician", "LABTECH", "clerk", "CLERK");
    public static final Map<String, String> DOSAGE_FORM = of("tablet", "TAB", "capsule", "CAP", "injection", "INJ",
            "inhaler", "INH", "infusion", "IVF");
    public static final Map<String, String> SPECIMEN = of("blood", "BLD", "serum", "SER", "plasma", "PLS");
    public static final Map<String, String> ADMISSION_TYPE = of("emergency", "EMER", "elective", "ELEC");
    public static final Map<String, String> DISCHARGE_DISPOSITION = of("home", "HOME", "transferred_out", "TRANSFER",
            "died", "EXPIRED", "against_medical_advice", "LAMA");
    public static final Map<String, String> APPOINTMENT_STATUS = of("booked", "BOOKED", "completed", "ATTENDED",
            "cancelled", "CANCELLED", "no_show", "DNA");
    public static final Map<String, String> VISIT_TYPE = of("new", "NEW", "follow_up", "FU");
    public static final Map<String, String> ENCOUNTER_TYPE = of("outpatient", "OPD", "emergency", "ER");
    public static final Map<String, String> FREQUENCY = of("once_daily", "OD", "twice_daily", "BD",
            "three_times_daily", "TDS", "four_times_daily", "QID", "as_needed", "PRN");
    public static final Map<String, String> PRESCRIPTION_STATUS = of("active", "A", "completed", "C",
            "cancelled", "X");
    public static final Map<String, String> ADMINISTRATION_STATUS = of("given", "G", "held", "H", "refused", "R");
    public static final Map<String, String> LAB_PRIORITY = of("routine", "R", "urgent", "U", "stat", "STAT");
    public static final Map<String, String> LAB_ORDER_STATUS = of("pending", "PENDING", "completed", "REPORTED",
            "cancelled", "CANCELLED");
    public static final Map<String, String> DELIVERY_MODE = of("spontaneous_vaginal", "NVD", "caesarean",
            "C-Section", "assisted", "Instrumental");
    public static final Map<String, String> BIRTH_OUTCOME = of("live_birth", "LB", "stillbirth", "SB");
    public static final Map<String, String> THEATRE = of("Theatre 1", "OT-1", "Theatre 2", "OT-2",
            "Theatre 3", "OT-3", "Theatre 4", "OT-4");
    public static final Map<String, String> ANAESTHESIA = of("general", "GA", "regional", "RA", "local", "LA");
    public static final Map<String, String> PAYER = of("self", "SELF", "insurance", "INS", "government", "GOVT");
    public static final Map<String, String> BILL_STATUS = of("paid", "PAID", "partially_paid", "PART",
            "unpaid", "UNPAID");
    public static final Map<String, String> PAYMENT_METHOD = of("cash", "CASH", "card", "CARD", "mobile_money",
            "MOBILE", "insurance", "INSURANCE", "bank_transfer", "BANK");
    public static final Map<String, String> INCIDENT_CATEGORY = of("fall", "FALL", "medication_error", "MED_ERROR",
            "pressure_injury", "PRESSURE_ULCER", "infection", "HAI", "violence", "AGGRESSION",
            "equipment", "EQUIPMENT");
    public static final Map<String, String> INCIDENT_SEVERITY = of("no_harm", "NONE", "minor", "LOW",
            "moderate", "MODERATE", "severe", "SEVERE", "death", "DEATH");
    public static final Map<String, String> ALLERGY_SEVERITY = of("mild", "MILD", "moderate", "MOD",
            "severe", "SEV");
    public static final Map<String, String> REFERRAL_URGENCY = of("routine", "ROUTINE", "urgent", "URGENT",
            "two_week_wait", "2WW");
    public static final Map<String, String> REFERRAL_STATUS = of("pending", "PENDING", "accepted", "ACCEPTED",
            "completed", "COMPLETED", "declined", "REJECTED");

    private static Map<String, String> of(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        Set<String> alt = new HashSet<>();
        for (int i = 0; i < pairs.length; i += 2) {
            if (map.put(pairs[i], pairs[i + 1]) != null || !alt.add(pairs[i + 1])) {
                throw new IllegalArgumentException("spelling map is not one-to-one at " + pairs[i]);
            }
        }
        return Collections.unmodifiableMap(map);
    }
}
