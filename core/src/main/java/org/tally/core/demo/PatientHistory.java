package org.tally.core.demo;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.tally.core.demo.Fact.Admission;
import org.tally.core.demo.Fact.Allergy;
import org.tally.core.demo.Fact.Appointment;
import org.tally.core.demo.Fact.Bill;
import org.tally.core.demo.Fact.Delivery;
import org.tally.core.demo.Fact.Diagnosis;
import org.tally.core.demo.Fact.Encounter;
import org.tally.core.demo.Fact.IcuStay;
import org.tally.core.demo.Fact.Immunization;
import org.tally.core.demo.Fact.LabOrder;
import org.tally.core.demo.Fact.LabResult;
import org.tally.core.demo.Fact.LabTest;
import org.tally.core.demo.Fact.MedicationAdministration;
import org.tally.core.demo.Fact.Newborn;
import org.tally.core.demo.Fact.Patient;
import org.tally.core.demo.Fact.Payment;
import org.tally.core.demo.Fact.Prescription;
import org.tally.core.demo.Fact.Referral;
import org.tally.core.demo.Fact.Surgery;
import org.tally.core.demo.Fact.Transfer;
import org.tally.core.demo.Fact.Triage;
import org.tally.core.demo.Fact.VitalSign;

/**
 * One patient's whole history, planned first (stays, death) and then emitted in order: the patient row, each
 * inpatient stay with everything hanging off it, outpatient and emergency visits, then the chart extras.
 */
final class PatientHistory {

    private static final LocalDate LAST_DAY = DemoHospital.REFERENCE_DATE.minusDays(1);
    /** Exclusive upper bound of everything that has already happened. */
    private static final LocalDateTime NOW = DemoHospital.REFERENCE_DATE.atStartOfDay();
    private static final String[] FREQUENCIES = {"once_daily", "twice_daily", "three_times_daily",
        "four_times_daily", "as_needed"};
    private static final int[] DOSES_PER_DAY = {1, 2, 3, 4, 2};

    private final HospitalGenerator h;
    private final Rand r;
    private final int patientId;
    private String gender;
    private LocalDate birth;
    private LocalDate firstDay;
    private LocalDate lastDay;
    private int homeClinic;

    /** A planned inpatient stay; {@code discharge} is null while the patient is still admitted. */
    private record Stay(LocalDateTime admit, LocalDateTime discharge, int ward, String type, String code,
                        String deliveryMode) {
        boolean current() {
            return discharge == null;
        }

        boolean overlaps(Stay o) {
            LocalDateTime end = discharge == null ? NOW : discharge;
            LocalDateTime otherEnd = o.discharge == null ? NOW : o.discharge;
            return admit.isBefore(otherEnd.plusDays(1)) && o.admit.isBefore(end.plusDays(1));
        }
    }

    PatientHistory(HospitalGenerator generator, Rand random, int patientId) {
        this.h = generator;
        this.r = random;
        this.patientId = patientId;
    }

    void generate() {
        Patient patient = demographics();
        List<Stay> stays = planStays();
        LocalDate death = null;
        List<String> dispositions = new ArrayList<>();
        for (int i = 0; i < stays.size(); i++) {
            Stay s = stays.get(i);
            String disposition = s.current() ? null : disposition(s);
            dispositions.add(disposition);
            if ("died".equals(disposition)) {
                death = s.discharge().toLocalDate();
                stays = new ArrayList<>(stays.subList(0, i + 1));
                lastDay = death;
                break;
            }
        }
        h.emit(new Patient(patient.id(), patient.mrn(), patient.givenName(), patient.familyName(), birth, gender,
                patient.nationalId(), patient.phone(), patient.district(), patient.city(), patient.registeredAt(),
                death));
        for (int i = 0; i < stays.size(); i++) {
            admission(stays.get(i), dispositions.get(i));
        }
        if (firstDay.isAfter(lastDay)) {
            return;
        }
        outpatient(death == null);
        emergencyVisits();
        allergies(patient.registeredAt().toLocalDate());
        immunizations();
        referrals();
    }

    // ---- demographics

    private Patient demographics() {
        gender = r.weighted(new String[] {"F", "M", "U"}, new double[] {52, 46, 2});
        int band = r.weightedIndex(16, 59, 25);
        int age = band == 0 ? r.between(0, 17) : band == 1 ? r.between(18, 64) : r.between(65, 96);
        birth = DemoHospital.REFERENCE_DATE.minusYears(age).minusDays(r.between(0, 364));
        LocalDate registered = r.chance(0.65) ? r.day(LocalDate.of(2012, 1, 1), DemoHospital.FIRST_DATE.minusDays(1))
                : r.day(DemoHospital.FIRST_DATE, LAST_DAY);
        if (registered.isBefore(birth)) {
            registered = birth;
        }
        firstDay = registered.isBefore(DemoHospital.FIRST_DATE) ? DemoHospital.FIRST_DATE : registered;
        lastDay = LAST_DAY;
        homeClinic = age < 16 ? Catalogue.PAEDIATRICS : r.pick(Catalogue.CLINICS);
        if (homeClinic == Catalogue.OBSTETRICS && !"F".equals(gender)) {
            homeClinic = Catalogue.MEDICINE;
        }
        if (homeClinic == Catalogue.PAEDIATRICS && age >= 16) {
            homeClinic = Catalogue.MEDICINE;
        }
        boolean female = "F".equals(gender) || ("U".equals(gender) && r.chance(0.5));
        String given = r.pick(female ? Catalogue.FEMALE_NAMES : Catalogue.MALE_NAMES);
        String[] place = r.pick(Catalogue.DISTRICTS);
        String phone = r.chance(0.14) ? null : String.format("07%03d %06d", r.between(100, 999), r.between(0, 999999));
        long scrambled = (patientId * 387_420_489L + 104_729L) % 1_000_000_000L;
        return new Patient(patientId, String.format("MRN%07d", patientId), given, r.pick(Catalogue.FAMILY_NAMES),
                birth, gender, String.format("%09d", scrambled), phone, place[0], place[1],
                r.at(registered, 7, 19), null);
    }

    private int ageOn(LocalDate day) {
        return Period.between(birth, day).getYears();
    }

    // ---- inpatient stays

    private List<Stay> planStays() {
        List<Stay> stays = new ArrayList<>();
        if (firstDay.isAfter(LAST_DAY)) {
            return stays;
        }
        if ("F".equals(gender)) {
            int births = r.chance(0.5) ? (r.chance(0.15) ? 2 : 1) : 0;
            for (int i = 0; i < births; i++) {
                addIfFree(stays, deliveryStay());
            }
        }
        int regular = r.weightedIndex(55, 28, 11, 6);
        if (ageOn(LAST_DAY) >= 65 && r.chance(0.3)) {
            regular++;
        }
        for (int i = 0; i < regular; i++) {
            addIfFree(stays, regularStay());
        }
        stays.sort(Comparator.comparing(Stay::admit));
        return stays;
    }

    /**
     * A day of this patient's share of the hospital's flow: drawn over the whole period from {@code from} at the same
     * rate for every patient, and none (null) before the patient was registered. Drawing only from the registration
     * on would crowd the events of patients registered lately into their few weeks: the last weeks of the demo would
     * spike.
     */
    private LocalDate flowDay(LocalDate from, LocalDate to, double winterBoost) {
        if (from.isAfter(to)) {
            return null;
        }
        LocalDate d = winterBoost > 0 ? r.seasonalDay(from, to, winterBoost) : r.day(from, to);
        return d.isBefore(firstDay) ? null : d;
    }

    private static void addIfFree(List<Stay> stays, Stay candidate) {
        if (candidate == null) {
            return;
        }
        for (Stay s : stays) {
            if (s.overlaps(candidate)) {
                return;
            }
        }
        stays.add(candidate);
    }

    private Stay deliveryStay() {
        LocalDate from = birth.plusYears(18).isAfter(DemoHospital.FIRST_DATE) ? birth.plusYears(18)
                : DemoHospital.FIRST_DATE;
        LocalDate to = birth.plusYears(44).isBefore(LAST_DAY) ? birth.plusYears(44) : LAST_DAY.minusDays(6);
        if (from.isAfter(to)) {
            return null;
        }
        LocalDate day = flowDay(from, to, 0);
        if (day == null) {
            return null;
        }
        String mode = r.weighted(new String[] {"spontaneous_vaginal", "caesarean", "assisted"},
                new double[] {63, 30, 7});
        boolean planned = "caesarean".equals(mode) && r.chance(0.4);
        LocalDateTime admit = planned ? r.at(day, 7, 10) : r.at(day, 0, 24);
        int hours = "caesarean".equals(mode) ? r.between(60, 110) : r.between(20, 60);
        String code = switch (mode) {
            case "caesarean" -> "O82";
            case "assisted" -> "O81";
            default -> "O80";
        };
        return new Stay(admit, admit.plusHours(hours), r.chance(0.7) ? Catalogue.LABOUR_SUITE : Catalogue.MATERNITY,
                planned ? "elective" : "emergency", code, mode);
    }

    /**
     * One stay of the regular flow. A stay that has not ended by the reference day is still open: the patients
     * admitted now are the flow's own, not extra stays laid on top of the last weeks.
     */
    private Stay regularStay() {
        boolean emergency = r.chance(0.65);
        LocalDate day = flowDay(DemoHospital.FIRST_DATE, LAST_DAY, emergency ? 0.6 : 0);
        if (day == null) {
            return null;
        }
        int age = ageOn(day);
        int ward;
        String code;
        if (age < 16) {
            ward = age < 1 && r.chance(0.5) ? Catalogue.NEONATAL : Catalogue.CHILDRENS;
            code = winter(day) && r.chance(0.5) ? r.pick(Catalogue.RESPIRATORY) : r.pick(Catalogue.CHILD);
        } else {
            int kind = emergency ? r.weightedIndex(55, 18, 15, 8, 4) : r.weightedIndex(10, 5, 60, 0, 25);
            switch (kind) {
                case 0 -> {
                    ward = r.chance(0.5) ? Catalogue.MEDICAL_1 : Catalogue.MEDICAL_2;
                    code = r.chance(winter(day) ? 0.45 : 0.2) ? r.pick(Catalogue.RESPIRATORY) : r.pick(Catalogue.MEDICAL);
                }
                case 1 -> {
                    ward = Catalogue.CARDIOLOGY_WARD;
                    code = r.pick(Catalogue.CARDIAC);
                }
                case 2 -> {
                    boolean ortho = r.chance(0.4);
                    ward = ortho ? Catalogue.SURGICAL_2 : Catalogue.SURGICAL_1;
                    code = ortho ? r.pick(Catalogue.ORTHOPAEDIC)
                            : !emergency && r.chance(0.3) ? r.pick(Catalogue.CANCER) : r.pick(Catalogue.SURGICAL);
                }
                case 3 -> {
                    ward = r.chance(0.7) ? Catalogue.ICU : Catalogue.CARDIAC_ICU;
                    code = ward == Catalogue.ICU ? r.pick(Catalogue.CRITICAL) : "I21.9";
                }
                default -> {
                    ward = Catalogue.ONCOLOGY_WARD;
                    code = r.pick(Catalogue.CANCER);
                }
            }
        }
        double days = Math.exp(r.gaussian(1.0, 0.6));
        if ("icu".equals(Catalogue.ward(ward).type())) {
            days *= 1.8;
        }
        if (!emergency && ward != Catalogue.ONCOLOGY_WARD) {
            days = Math.max(days, 1.0);
        }
        int hours = Math.max(8, (int) Math.round(days * 24));
        LocalDateTime admit = emergency ? r.at(day, 0, 24) : r.at(day, 7, 11);
        LocalDateTime discharge = admit.plusHours(hours).withMinute(r.between(0, 59));
        if (!admit.isBefore(NOW)) {
            return null;
        }
        return new Stay(admit, discharge.isBefore(NOW) ? discharge : null, ward, emergency ? "emergency" : "elective",
                code, null);
    }

    private static boolean winter(LocalDate d) {
        int m = d.getMonthValue();
        return m == 12 || m <= 2;
    }

    private String disposition(Stay s) {
        String type = Catalogue.ward(s.ward()).type();
        double died = switch (type) {
            case "icu" -> 0.15;
            case "medical" -> s.ward() == Catalogue.ONCOLOGY_WARD ? 0.07 : 0.03;
            case "surgical" -> 0.01;
            case "paediatric", "neonatal" -> 0.003;
            default -> 0.0;
        };
        if (ageOn(s.admit().toLocalDate()) > 75) {
            died *= 1.8;
        }
        if (r.chance(died)) {
            return "died";
        }
        return r.weighted(new String[] {"home", "transferred_out", "against_medical_advice"},
                new double[] {93, 5, 2});
    }

    private void admission(Stay s, String disposition) {
        Catalogue.WardPlan ward = Catalogue.ward(s.ward());
        int department = ward.departmentId();
        if (s.type().equals("emergency") && s.deliveryMode() == null) {
            emergencyEncounter(s.admit(), true, s.code());
        }
        int id = ++h.ids.admission;
        Integer bed = s.current() ? h.freeBeds.get(s.ward()).poll() : Integer.valueOf(h.randomBed(r, s.ward()));
        int attending = h.doctor(r, department);
        h.emit(new Admission(id, patientId, s.ward(), bed, attending, s.type(), s.admit(), s.discharge(),
                disposition));
        LocalDateTime end = s.current() ? NOW.minusMinutes(30) : s.discharge();
        if (end.isBefore(s.admit())) {
            end = s.admit().plusMinutes(10);
        }
        movesAndIcu(id, s, end);
        LocalDateTime diagnosedAt = r.plusMinutes(s.admit(), 5, 90);
        if (diagnosedAt.isAfter(end)) {
            diagnosedAt = s.admit();
        }
        h.emit(new Diagnosis(++h.ids.diagnosis, patientId, id, null, s.code(), diagnosedAt, true));
        if (s.deliveryMode() == null) {
            for (String extra : Catalogue.COMORBID) {
                if (ageOn(s.admit().toLocalDate()) > 40 && r.chance(0.12)) {
                    h.emit(new Diagnosis(++h.ids.diagnosis, patientId, id, null, extra, diagnosedAt, false));
                }
            }
        }
        vitals(id, null, s.admit(), end, 2 + (int) Math.min(5, Duration.between(s.admit(), end).toDays()),
                "icu".equals(ward.type()));
        int rx = r.between(1, 4);
        for (int i = 0; i < rx; i++) {
            prescription(id, null, s.code(), attending, between(s.admit(), end), end, s.current(), s.ward());
        }
        int labs = r.between(1, 3) + ("icu".equals(ward.type()) ? 1 : 0);
        long labCents = 0;
        for (int i = 0; i < labs; i++) {
            labCents += labOrder(id, null, attending, between(s.admit(), end), panelFor(s));
        }
        long surgeryCents = 0;
        if (s.deliveryMode() != null) {
            surgeryCents = delivery(id, s, end);
        } else if ("surgical".equals(ward.type()) || (s.ward() == Catalogue.ONCOLOGY_WARD && r.chance(0.4))) {
            if (r.chance(0.85)) {
                surgeryCents = surgery(id, s, end, Catalogue.procedureFor(s.code()), r.pick(Catalogue.GENERAL_THEATRES),
                        h.doctor(r, department == Catalogue.ORTHOPAEDICS ? Catalogue.ORTHOPAEDICS : Catalogue.SURGERY));
            }
        }
        if (!s.current()) {
            long days = Math.max(1, (Duration.between(s.admit(), s.discharge()).toHours() + 23) / 24);
            long rate = switch (ward.type()) {
                case "icu" -> 180_000;
                case "maternity" -> 60_000;
                default -> 45_000;
            };
            bill(id, null, s.discharge(), days * rate + surgeryCents + labCents + rx * 1_500L + r.between(0, 99));
        }
    }

    private LocalDateTime between(LocalDateTime from, LocalDateTime to) {
        long minutes = Math.max(0, Duration.between(from, to).toMinutes());
        return from.plusMinutes(minutes == 0 ? 0 : r.between(0, (int) Math.min(minutes, Integer.MAX_VALUE)));
    }

    private void movesAndIcu(int admissionId, Stay s, LocalDateTime end) {
        boolean icuWard = "icu".equals(Catalogue.ward(s.ward()).type());
        boolean ventilated = r.chance(0.35);
        if (s.current()) {
            if (icuWard) {
                h.emit(new IcuStay(++h.ids.icuStay, admissionId, s.ward(), s.admit(), null, ventilated));
            }
            return;
        }
        long minutes = Duration.between(s.admit(), s.discharge()).toMinutes();
        if (icuWard) {
            if (r.chance(0.7) && minutes > 24 * 60) {
                LocalDateTime out = s.admit().plusMinutes(minutes * 6 / 10);
                int step = s.ward() == Catalogue.CARDIAC_ICU ? Catalogue.CARDIOLOGY_WARD
                        : r.chance(0.5) ? Catalogue.MEDICAL_1 : Catalogue.MEDICAL_2;
                h.emit(new Transfer(++h.ids.transfer, admissionId, s.ward(), step, out));
                h.emit(new IcuStay(++h.ids.icuStay, admissionId, s.ward(), s.admit(), out, ventilated));
            } else {
                h.emit(new IcuStay(++h.ids.icuStay, admissionId, s.ward(), s.admit(), s.discharge(), ventilated));
            }
            return;
        }
        boolean general = s.deliveryMode() == null && !"paediatric".equals(Catalogue.ward(s.ward()).type())
                && !"neonatal".equals(Catalogue.ward(s.ward()).type());
        if (general && "emergency".equals(s.type()) && minutes >= 48 * 60 && r.chance(0.12)) {
            int icu = s.ward() == Catalogue.CARDIOLOGY_WARD ? Catalogue.CARDIAC_ICU : Catalogue.ICU;
            LocalDateTime in = s.admit().plusMinutes(minutes * r.between(20, 40) / 100);
            h.emit(new Transfer(++h.ids.transfer, admissionId, s.ward(), icu, in));
            LocalDateTime out = s.discharge();
            if (r.chance(0.8)) {
                out = in.plusMinutes(Duration.between(in, s.discharge()).toMinutes() * 6 / 10);
                h.emit(new Transfer(++h.ids.transfer, admissionId, icu, s.ward(), out));
            }
            h.emit(new IcuStay(++h.ids.icuStay, admissionId, icu, in, out, ventilated));
        } else if (general && minutes >= 48 * 60 && r.chance(0.05)) {
            int to = s.ward() == Catalogue.MEDICAL_1 ? Catalogue.MEDICAL_2 : Catalogue.MEDICAL_1;
            h.emit(new Transfer(++h.ids.transfer, admissionId, s.ward(), to, s.admit().plusMinutes(minutes / 2)));
        }
    }

    private long delivery(int admissionId, Stay s, LocalDateTime end) {
        boolean caesarean = "caesarean".equals(s.deliveryMode());
        LocalDateTime at = s.admit().plusMinutes(caesarean ? r.between(60, 300) : r.between(120, 960));
        boolean stillbirth = r.chance(0.02);
        boolean preterm = r.chance(0.08);
        int weeks = preterm ? r.between(28, 36) : r.between(37, 41);
        int deliveredBy = caesarean || "assisted".equals(s.deliveryMode())
                ? h.doctor(r, Catalogue.OBSTETRICS) : h.midwife(r);
        int id = ++h.ids.delivery;
        h.emit(new Delivery(id, patientId, admissionId, s.ward(), deliveredBy, at, s.deliveryMode(),
                stillbirth ? "stillbirth" : "live_birth", weeks));
        int weight = (int) Math.round(r.gaussian(preterm ? 2300 : 3350, preterm ? 450 : 430));
        weight = Math.max(650, Math.min(5200, weight));
        Integer apgar5 = stillbirth ? Integer.valueOf(0) : r.chance(0.03) ? null : Integer.valueOf(r.between(7, 10));
        h.emit(new Newborn(++h.ids.newborn, id, r.chance(0.51) ? "M" : "F", weight,
                stillbirth ? 0 : r.between(5, 9), apgar5));
        if (stillbirth) {
            h.emit(new Diagnosis(++h.ids.diagnosis, patientId, admissionId, null, "P95", at, false));
        }
        if (r.chance(0.04)) {
            h.emit(new Diagnosis(++h.ids.diagnosis, patientId, admissionId, null, "O14.1", s.admit(), false));
        }
        if (r.chance(0.06)) {
            h.emit(new Diagnosis(++h.ids.diagnosis, patientId, admissionId, null, "O24.4", s.admit(), false));
        }
        if (!caesarean) {
            return 0;
        }
        int surgeon = h.doctor(r, Catalogue.OBSTETRICS);
        LocalDateTime start = at.minusMinutes(r.between(15, 30));
        LocalDateTime stop = at.plusMinutes(r.between(25, 50));
        h.emit(new Surgery(++h.ids.surgery, patientId, admissionId, Catalogue.CAESAREAN_PROCEDURE,
                Catalogue.OBSTETRIC_THEATRE, surgeon, r.chance(0.88) ? "regional" : "general", start, stop,
                "emergency".equals(s.type())));
        return 220_000;
    }

    private long surgery(int admissionId, Stay s, LocalDateTime end, String procedure, String theatre, int surgeon) {
        long available = Duration.between(s.admit(), end).toMinutes();
        int length = r.between(45, 240);
        if (available < length + 60) {
            return 0;
        }
        LocalDateTime start = s.admit().plusMinutes(r.between(30, (int) Math.min(available - length, 20 * 60)));
        h.emit(new Surgery(++h.ids.surgery, patientId, admissionId, procedure, theatre, surgeon,
                r.weighted(new String[] {"general", "regional", "local"}, new double[] {75, 20, 5}), start,
                start.plusMinutes(length), "emergency".equals(s.type())));
        return 250_000 + r.between(0, 350_000);
    }

    // ---- shared clinical pieces

    private void vitals(Integer admissionId, Integer encounterId, LocalDateTime from, LocalDateTime to, int count,
                        boolean unwell) {
        long span = Math.max(1, Duration.between(from, to).toMinutes());
        for (int i = 0; i < count; i++) {
            LocalDateTime at = from.plusMinutes(span * i / count + r.between(0, 20));
            if (at.isAfter(to)) {
                at = to;
            }
            double temperature = r.gaussian(unwell ? 37.6 : 36.8, unwell ? 0.8 : 0.4);
            int systolic = (int) Math.round(r.gaussian(unwell ? 112 : 127, 16));
            Integer spo2 = r.chance(0.05) ? null : Integer.valueOf((int) Math.min(100, Math.round(
                    r.gaussian(unwell ? 93 : 97, unwell ? 3 : 1.5))));
            h.emit(new VitalSign(++h.ids.vital, patientId, admissionId, encounterId, at, r.decimal(temperature, 1),
                    (int) Math.round(r.gaussian(unwell ? 98 : 79, 13)), systolic,
                    (int) Math.round(systolic * 0.63 + r.gaussian(0, 6)),
                    (int) Math.round(r.gaussian(unwell ? 22 : 16, 3)), spo2));
        }
    }

    private void prescription(Integer admissionId, Integer encounterId, String code, int prescriber,
                              LocalDateTime at, LocalDateTime end, boolean ongoing, Integer wardId) {
        int medication = r.pick(medicationsFor(code));
        int f = r.between(0, FREQUENCIES.length - 1);
        int days = r.between(1, 10);
        boolean cancelled = r.chance(0.05);
        String status = cancelled ? "cancelled" : ongoing ? "active" : "completed";
        int id = ++h.ids.prescription;
        String strength = Catalogue.MEDICATIONS.get(medication - 1).strength();
        h.emit(new Prescription(id, patientId, admissionId, encounterId, medication, prescriber, at, strength,
                FREQUENCIES[f], days, days * DOSES_PER_DAY[f], status));
        if (cancelled || admissionId == null) {
            return;
        }
        int doses = Math.min(r.between(1, 4), days * DOSES_PER_DAY[f]);
        for (int i = 0; i < doses; i++) {
            LocalDateTime given = between(at, end);
            h.emit(new MedicationAdministration(++h.ids.administration, id, patientId, given,
                    h.nurseForWard(r, wardId), strength,
                    r.weighted(new String[] {"given", "held", "refused"}, new double[] {92, 5, 3})));
        }
    }

    private static int[] medicationsFor(String code) {
        if (code.startsWith("J") || code.equals("U07.1")) {
            return new int[] {3, 4, 17, 18, 30, 5, 1};
        }
        if (code.startsWith("I") || code.startsWith("R07")) {
            return new int[] {13, 14, 11, 12, 16, 10, 15, 9};
        }
        if (code.startsWith("K") || code.startsWith("S") || code.startsWith("C")) {
            return new int[] {20, 21, 1, 4, 15, 28, 22, 2};
        }
        if (code.startsWith("A") || code.startsWith("N39") || code.startsWith("L")) {
            return new int[] {5, 6, 29, 1, 3};
        }
        if (code.startsWith("E")) {
            return new int[] {7, 8, 10};
        }
        if (code.startsWith("O") || code.startsWith("Z3")) {
            return new int[] {24, 1, 25, 2};
        }
        if (code.startsWith("F")) {
            return new int[] {26, 23};
        }
        if (code.startsWith("G")) {
            return new int[] {27, 23};
        }
        return new int[] {1, 19, 29, 15, 2};
    }

    private int[] panelFor(Stay s) {
        String type = Catalogue.ward(s.ward()).type();
        if ("icu".equals(type)) {
            return r.pick(new int[][] {{1, 2, 3}, {4, 5, 6}, {13}, {12}});
        }
        if (s.ward() == Catalogue.CARDIOLOGY_WARD) {
            return r.pick(new int[][] {{9}, {1, 2, 3}, {4, 5, 6}});
        }
        return r.pick(new int[][] {{1, 2, 3}, {4, 5, 6}, {8}, {7}, {11}});
    }

    /** Orders one panel and returns its charge in cents. */
    private long labOrder(Integer admissionId, Integer encounterId, int orderedBy, LocalDateTime at, int[] tests) {
        int id = ++h.ids.labOrder;
        String priority = r.weighted(new String[] {"routine", "urgent", "stat"}, new double[] {70, 22, 8});
        LocalDateTime resulted = r.plusMinutes(at, 45, 360);
        String status = r.chance(0.04) ? "cancelled" : resulted.isBefore(NOW) ? "completed" : "pending";
        h.emit(new LabOrder(id, patientId, admissionId, encounterId, orderedBy, at, priority, status));
        if (!"completed".equals(status)) {
            return 0;
        }
        long cents = 0;
        for (int testId : tests) {
            LabTest test = Catalogue.LAB_TESTS.get(testId - 1);
            BigDecimal value = labValue(test);
            boolean abnormal = value.compareTo(test.refLow()) < 0 || value.compareTo(test.refHigh()) > 0;
            boolean critical = (test.criticalLow() != null && value.compareTo(test.criticalLow()) <= 0)
                    || (test.criticalHigh() != null && value.compareTo(test.criticalHigh()) >= 0);
            h.emit(new LabResult(++h.ids.labResult, id, testId, resulted, value, abnormal, critical));
            cents += test.price().movePointRight(2).longValueExact();
        }
        return cents;
    }

    private BigDecimal labValue(LabTest t) {
        double low = t.refLow().doubleValue();
        double high = t.refHigh().doubleValue();
        double range = high - low;
        double x = r.uniform();
        double value;
        if (x < 0.02 && t.criticalHigh() != null) {
            value = t.criticalHigh().doubleValue() * (1 + 0.3 * r.uniform());
        } else if (x < 0.03 && t.criticalLow() != null) {
            value = t.criticalLow().doubleValue() * (1 - 0.2 * r.uniform());
        } else if (x < 0.18) {
            value = high + Math.abs(r.gaussian(0, range * 0.4));
        } else if (x < 0.25) {
            value = low - Math.abs(r.gaussian(0, range * 0.15));
        } else {
            value = low + range / 2 + r.gaussian(0, range / 5);
        }
        return r.decimal(Math.max(0, value), range >= 50 ? 0 : 1).setScale(2);
    }

    private void bill(Integer admissionId, Integer encounterId, LocalDateTime billedAt, long cents) {
        String payer = r.weighted(new String[] {"self", "insurance", "government"}, new double[] {40, 45, 15});
        List<long[]> payments = new ArrayList<>();
        double x = r.uniform();
        switch (payer) {
            case "self" -> {
                if (x < 0.55) {
                    payments.add(new long[] {r.between(0, 20), cents});
                } else if (x < 0.7) {
                    long first = cents / 2;
                    payments.add(new long[] {r.between(0, 10), first});
                    payments.add(new long[] {r.between(20, 60), cents - first});
                } else if (x < 0.88) {
                    payments.add(new long[] {r.between(0, 30), cents * r.between(20, 80) / 100});
                }
            }
            case "insurance" -> {
                if (x < 0.85) {
                    payments.add(new long[] {r.between(10, 60), cents});
                } else if (x < 0.95) {
                    payments.add(new long[] {r.between(10, 60), cents * r.between(50, 90) / 100});
                }
            }
            default -> {
                if (x < 0.8) {
                    payments.add(new long[] {r.between(20, 90), cents});
                }
            }
        }
        long paid = 0;
        List<Payment> made = new ArrayList<>();
        for (long[] p : payments) {
            LocalDateTime at = r.at(billedAt.toLocalDate().plusDays(p[0]), 8, 18);
            if (at.isBefore(billedAt)) {
                at = billedAt.plusMinutes(5);
            }
            if (!at.isBefore(NOW)) {
                continue;
            }
            String method = switch (payer) {
                case "self" -> r.weighted(new String[] {"cash", "card", "mobile_money"}, new double[] {35, 45, 20});
                case "insurance" -> "insurance";
                default -> "bank_transfer";
            };
            made.add(new Payment(0, 0, at, BigDecimal.valueOf(p[1], 2), method));
            paid += p[1];
        }
        String status = paid == 0 ? "unpaid" : paid >= cents ? "paid" : "partially_paid";
        int billId = ++h.ids.bill;
        h.emit(new Bill(billId, patientId, admissionId, encounterId, billedAt, payer, BigDecimal.valueOf(cents, 2),
                status));
        for (Payment p : made) {
            h.emit(new Payment(++h.ids.payment, billId, p.paidAt(), p.amount(), p.method()));
        }
    }

    // ---- outpatient and emergency

    private void outpatient(boolean alive) {
        int count = r.weightedIndex(20, 20, 20, 15, 10, 8, 5, 2);
        List<LocalDateTime> times = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            LocalDate drawn = flowDay(DemoHospital.FIRST_DATE, lastDay, 0);
            LocalDate day = drawn == null ? null : weekday(drawn);
            if (day != null && !day.isAfter(lastDay)) {
                times.add(quarterHour(day));
            }
        }
        times.sort(Comparator.naturalOrder());
        for (int i = 0; i < times.size(); i++) {
            LocalDateTime at = times.get(i);
            int department = r.chance(0.7) ? homeClinic : clinicFor(at.toLocalDate());
            String status = r.weighted(new String[] {"completed", "cancelled", "no_show"}, new double[] {74, 10, 16});
            int provider = h.doctor(r, department);
            int id = ++h.ids.appointment;
            h.emit(new Appointment(id, patientId, department, provider, r.at(at.toLocalDate().minusDays(
                    r.between(3, 60)), 8, 18), at, status, i == 0 ? "new" : "follow_up"));
            if ("completed".equals(status)) {
                clinicVisit(id, department, provider, at);
            }
        }
        if (alive && r.chance(0.3)) {
            LocalDate day = weekday(DemoHospital.REFERENCE_DATE.plusDays(r.between(0, DemoHospital.BOOKING_HORIZON_DAYS - 3)));
            int department = homeClinic;
            h.emit(new Appointment(++h.ids.appointment, patientId, department, h.doctor(r, department),
                    r.at(LAST_DAY.minusDays(r.between(0, 30)), 8, 18), quarterHour(day), "booked",
                    times.isEmpty() ? "new" : "follow_up"));
        }
    }

    private int clinicFor(LocalDate day) {
        if (ageOn(day) < 16) {
            return Catalogue.PAEDIATRICS;
        }
        int clinic = r.pick(Catalogue.CLINICS);
        if (clinic == Catalogue.PAEDIATRICS || (clinic == Catalogue.OBSTETRICS && !"F".equals(gender))) {
            return Catalogue.MEDICINE;
        }
        return clinic;
    }

    private static LocalDate weekday(LocalDate d) {
        if (d.getDayOfWeek() == DayOfWeek.SATURDAY) {
            return d.minusDays(1);
        }
        if (d.getDayOfWeek() == DayOfWeek.SUNDAY) {
            return d.plusDays(1);
        }
        return d;
    }

    private LocalDateTime quarterHour(LocalDate day) {
        return day.atTime(8, 0).plusMinutes(15L * r.between(0, 33));
    }

    private void clinicVisit(int appointmentId, int department, int provider, LocalDateTime scheduled) {
        LocalDateTime start = scheduled.plusMinutes(r.between(0, 40));
        LocalDateTime end = start.plusMinutes(r.between(10, 35));
        int id = ++h.ids.encounter;
        h.emit(new Encounter(id, patientId, appointmentId, department, provider, "outpatient", start, end));
        if (r.chance(0.5)) {
            vitals(null, id, start, end, 1, false);
        }
        String code = department == Catalogue.OBSTETRICS ? "Z34.9" : r.pick(Catalogue.OUTPATIENT);
        if (r.chance(0.6)) {
            h.emit(new Diagnosis(++h.ids.diagnosis, patientId, null, id, code, end.minusMinutes(2), true));
        }
        int rx = r.chance(0.5) ? r.between(1, 2) : 0;
        for (int i = 0; i < rx; i++) {
            prescription(null, id, code, provider, end.minusMinutes(1), end, false, null);
        }
        long labCents = r.chance(0.25) ? labOrder(null, id, provider, end.minusMinutes(3), r.pick(
                new int[][] {{10}, {1, 2, 3}, {4, 5, 6}, {14}, {7}})) : 0;
        bill(null, id, end, r.between(5_000, 15_000) + labCents + rx * 800L);
    }

    private void emergencyVisits() {
        int count = r.weightedIndex(65, 25, 10);
        for (int i = 0; i < count; i++) {
            LocalDate day = flowDay(DemoHospital.FIRST_DATE, lastDay, 0.4);
            if (day == null) {
                continue;
            }
            LocalDateTime arrival = r.at(day, 0, 24);
            int age = ageOn(day);
            String code = age < 16 ? r.pick(Catalogue.CHILD) : r.pick(new String[] {"J06.9", "R07.4", "R50.9",
                "S52.5", "L03.9", "A09", "N39.0", "M54.5", "J10.1"});
            LocalDateTime left = arrival.plusMinutes(r.between(60, 480));
            if (left.isBefore(NOW)) {
                emergencyEncounter(left, false, code);
            }
        }
    }

    /** An emergency department visit ending at {@code leftAt}; admitted visits are billed with their stay. */
    private void emergencyEncounter(LocalDateTime leftAt, boolean admitted, String code) {
        LocalDateTime arrival = leftAt.minusMinutes(r.between(60, 420));
        int doctor = h.doctor(r, Catalogue.EMERGENCY);
        int id = ++h.ids.encounter;
        h.emit(new Encounter(id, patientId, null, Catalogue.EMERGENCY, doctor, "emergency", arrival, leftAt));
        int acuity = 1 + (admitted ? r.weightedIndex(8, 30, 50, 12, 0) : r.weightedIndex(1, 8, 35, 40, 16));
        h.emit(new Triage(++h.ids.triage, id, patientId, arrival, acuity, r.pick(Catalogue.CHIEF_COMPLAINTS),
                h.nurse(r, Catalogue.EMERGENCY)));
        vitals(null, id, arrival.plusMinutes(5), leftAt, 1, acuity <= 2);
        if (admitted) {
            return;
        }
        if (r.chance(0.7)) {
            h.emit(new Diagnosis(++h.ids.diagnosis, patientId, null, id, code, leftAt.minusMinutes(10), true));
        }
        int rx = r.chance(0.4) ? 1 : 0;
        if (rx == 1) {
            prescription(null, id, code, doctor, leftAt.minusMinutes(5), leftAt, false, null);
        }
        long labCents = r.chance(0.3) ? labOrder(null, id, doctor, arrival.plusMinutes(20), new int[] {1, 2, 3}) : 0;
        bill(null, id, leftAt, r.between(12_000, 60_000) + labCents + rx * 800L);
    }

    // ---- chart extras

    private void allergies(LocalDate registered) {
        if (!r.chance(0.18)) {
            return;
        }
        int n = r.between(1, 2);
        String first = null;
        for (int i = 0; i < n; i++) {
            String allergen = r.pick(Catalogue.ALLERGENS);
            if (allergen.equals(first)) {
                continue;
            }
            first = allergen;
            h.emit(new Allergy(++h.ids.allergy, patientId, allergen, r.pick(Catalogue.REACTIONS),
                    r.weighted(new String[] {"mild", "moderate", "severe"}, new double[] {50, 35, 15}),
                    r.day(registered, lastDay)));
        }
    }

    private void immunizations() {
        int childAgeMonths = ageOn(firstDay) < 5 ? 1 : 0;
        if (childAgeMonths == 1) {
            String[] vaccines = {"DTaP-IPV-Hib-HepB", "Pneumococcal conjugate", "MMR"};
            for (String vaccine : vaccines) {
                int doses = vaccine.equals("MMR") ? 2 : 3;
                LocalDate at = birth.plusMonths(2);
                for (int d = 1; d <= doses; d++) {
                    if (!at.isBefore(firstDay) && !at.isAfter(lastDay)) {
                        h.emit(new Immunization(++h.ids.immunization, patientId, vaccine, d, at,
                                h.nurse(r, Catalogue.PAEDIATRICS)));
                    }
                    at = at.plusMonths(vaccine.equals("MMR") ? 30 : 2).plusDays(r.between(0, 20));
                }
            }
        }
        for (int year = 2022; year <= 2026; year++) {
            double p = ageOn(LocalDate.of(year, 10, 1)) >= 65 ? 0.6 : 0.15;
            if (r.chance(p)) {
                LocalDate at = r.day(LocalDate.of(year, 10, 1), LocalDate.of(year, 11, 25));
                if (!at.isBefore(firstDay) && !at.isAfter(lastDay)) {
                    h.emit(new Immunization(++h.ids.immunization, patientId, "Influenza", 1, at,
                            h.nurse(r, Catalogue.MEDICINE)));
                }
            }
        }
    }

    private void referrals() {
        if (!r.chance(0.12)) {
            return;
        }
        LocalDate day = flowDay(DemoHospital.FIRST_DATE, lastDay, 0);
        if (day == null) {
            return;
        }
        int from = clinicFor(day);
        int to = clinicFor(day);
        if (to == from) {
            to = from == Catalogue.CARDIOLOGY ? Catalogue.NEUROLOGY : Catalogue.CARDIOLOGY;
        }
        boolean recent = day.isAfter(LAST_DAY.minusDays(30));
        String status = recent && r.chance(0.6) ? "pending"
                : r.weighted(new String[] {"accepted", "completed", "declined"}, new double[] {20, 65, 15});
        h.emit(new Referral(++h.ids.referral, patientId, from, to, r.at(day, 8, 18),
                r.weighted(new String[] {"routine", "urgent", "two_week_wait"}, new double[] {70, 20, 10}), status));
    }
}
