package org.tally.core.demo;

import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import org.tally.core.Progress;
import org.tally.core.demo.Catalogue.WardPlan;
import org.tally.core.demo.Fact.Bed;
import org.tally.core.demo.Fact.Incident;
import org.tally.core.demo.Fact.Provider;
import org.tally.core.demo.Fact.Ward;

/** Drives one generation run: reference data, staff, beds, then patients one by one, then incidents. */
final class HospitalGenerator {

    private static final int PROVIDERS_PER_SCALE = 100;
    private static final int INCIDENTS_PER_SCALE = 80;
    private static final int[] NURSING_DEPARTMENTS = {Catalogue.EMERGENCY, Catalogue.MEDICINE, Catalogue.SURGERY,
        Catalogue.PAEDIATRICS, Catalogue.CRITICAL_CARE, Catalogue.CARDIOLOGY, Catalogue.ORTHOPAEDICS,
        Catalogue.ONCOLOGY};
    private static final Map<Integer, String> SPECIALTIES = Map.of(
            Catalogue.EMERGENCY, "Emergency Medicine", Catalogue.MEDICINE, "Internal Medicine",
            Catalogue.SURGERY, "General Surgery", Catalogue.OBSTETRICS, "Obstetrics",
            Catalogue.PAEDIATRICS, "Paediatrics", Catalogue.CRITICAL_CARE, "Intensive Care Medicine",
            Catalogue.CARDIOLOGY, "Cardiology", Catalogue.ORTHOPAEDICS, "Orthopaedic Surgery",
            Catalogue.NEUROLOGY, "Neurology", Catalogue.ONCOLOGY, "Medical Oncology");

    private final long seed;
    private final int scale;
    private final Consumer<Fact> sink;
    final Ids ids = new Ids();
    final Map<Integer, List<Integer>> doctorsByDepartment = new HashMap<>();
    final Map<Integer, List<Integer>> nursesByDepartment = new HashMap<>();
    final List<Integer> midwives = new ArrayList<>();
    final List<Integer> allNurses = new ArrayList<>();
    final Map<Integer, List<Integer>> bedsByWard = new HashMap<>();
    /** Beds not yet taken by a current (still open) stay, per ward. */
    final Map<Integer, ArrayDeque<Integer>> freeBeds = new HashMap<>();

    HospitalGenerator(long seed, int scale, Consumer<Fact> sink) {
        this.seed = seed;
        this.scale = scale;
        this.sink = sink;
    }

    /** Per-table id sequences, assigned in emission order. */
    static final class Ids {
        int bed;
        int provider;
        int admission;
        int transfer;
        int icuStay;
        int appointment;
        int encounter;
        int triage;
        int vital;
        int diagnosis;
        int prescription;
        int administration;
        int labOrder;
        int labResult;
        int delivery;
        int newborn;
        int surgery;
        int bill;
        int payment;
        int incident;
        int allergy;
        int immunization;
        int referral;
    }

    void emit(Fact fact) {
        sink.accept(fact);
    }

    void run(Progress progress) {
        Rand r = new Rand(seed);
        Catalogue.DEPARTMENTS.forEach(this::emit);
        wardsAndBeds(r);
        staff(r);
        Catalogue.DIAGNOSIS_CODES.forEach(this::emit);
        Catalogue.MEDICATIONS.forEach(this::emit);
        Catalogue.LAB_TESTS.forEach(this::emit);
        int patients = DemoHospital.PATIENTS_PER_SCALE * scale;
        for (int i = 1; i <= patients; i++) {
            if (i % 200 == 0) {
                if (progress.cancelled()) {
                    throw new CancellationException("demo generation cancelled");
                }
                progress.report("generating patients", (double) i / patients);
            }
            new PatientHistory(this, new Rand(seed ^ (0x9E3779B97F4A7C15L * i)), i).generate();
        }
        incidents(r, patients);
        progress.report("generating patients", 1.0);
    }

    private void wardsAndBeds(Rand r) {
        for (WardPlan w : Catalogue.WARDS) {
            int capacity = w.bedsAtScaleOne() * scale;
            emit(new Ward(w.id(), w.name(), w.type(), w.departmentId(), w.floor(), capacity));
            List<Integer> beds = new ArrayList<>();
            String type = switch (w.type()) {
                case "icu" -> "icu";
                case "neonatal" -> "cot";
                default -> w.id() == Catalogue.LABOUR_SUITE ? "delivery" : "standard";
            };
            for (int b = 1; b <= capacity; b++) {
                int id = ++ids.bed;
                boolean active = !r.chance(0.04);
                emit(new Bed(id, w.id(), String.format("%s-%03d", abbreviation(w.name()), b), type, active));
                if (active) {
                    beds.add(id);
                }
            }
            bedsByWard.put(w.id(), beds);
            freeBeds.put(w.id(), new ArrayDeque<>(beds));
        }
    }

    private static String abbreviation(String name) {
        StringBuilder sb = new StringBuilder();
        for (String part : name.split("[ ']")) {
            if (!part.isEmpty() && Character.isLetterOrDigit(part.charAt(0))) {
                sb.append(Character.toUpperCase(part.charAt(0)));
            }
        }
        return sb.toString();
    }

    private void staff(Rand r) {
        int doctors = 0;
        int nurses = 0;
        int[] doctorDepartments = {Catalogue.EMERGENCY, Catalogue.MEDICINE, Catalogue.SURGERY, Catalogue.OBSTETRICS,
            Catalogue.PAEDIATRICS, Catalogue.CRITICAL_CARE, Catalogue.CARDIOLOGY, Catalogue.ORTHOPAEDICS,
            Catalogue.NEUROLOGY, Catalogue.ONCOLOGY};
        for (int i = 0; i < PROVIDERS_PER_SCALE * scale; i++) {
            int id = ++ids.provider;
            int slot = i % 20;
            String role;
            int department;
            String specialty = null;
            if (slot < 6) {
                role = "doctor";
                department = doctorDepartments[doctors++ % doctorDepartments.length];
                specialty = SPECIALTIES.get(department);
                doctorsByDepartment.computeIfAbsent(department, k -> new ArrayList<>()).add(id);
            } else if (slot < 15) {
                role = "nurse";
                department = NURSING_DEPARTMENTS[nurses++ % NURSING_DEPARTMENTS.length];
                nursesByDepartment.computeIfAbsent(department, k -> new ArrayList<>()).add(id);
                allNurses.add(id);
            } else if (slot < 17) {
                role = "midwife";
                department = Catalogue.OBSTETRICS;
                midwives.add(id);
            } else if (slot == 17) {
                role = "pharmacist";
                department = Catalogue.PHARMACY;
            } else if (slot == 18) {
                role = "lab_technician";
                department = Catalogue.LABORATORY;
            } else {
                role = "clerk";
                department = i % 40 == 19 ? Catalogue.FINANCE : Catalogue.ADMINISTRATION;
            }
            boolean female = r.chance(0.6);
            emit(new Provider(id, r.pick(female ? Catalogue.FEMALE_NAMES : Catalogue.MALE_NAMES),
                    r.pick(Catalogue.FAMILY_NAMES), role, specialty, department,
                    r.day(LocalDate.of(2005, 1, 1), DemoHospital.REFERENCE_DATE.minusYears(1)), !r.chance(0.07)));
        }
    }

    int doctor(Rand r, int department) {
        List<Integer> pool = doctorsByDepartment.get(department);
        return pool.get(r.between(0, pool.size() - 1));
    }

    int nurse(Rand r, int department) {
        List<Integer> pool = nursesByDepartment.getOrDefault(department, allNurses);
        return pool.get(r.between(0, pool.size() - 1));
    }

    int nurseForWard(Rand r, int wardId) {
        int department = Catalogue.ward(wardId).departmentId();
        return department == Catalogue.OBSTETRICS ? midwife(r) : nurse(r, department);
    }

    int midwife(Rand r) {
        return midwives.get(r.between(0, midwives.size() - 1));
    }

    int randomBed(Rand r, int wardId) {
        List<Integer> beds = bedsByWard.get(wardId);
        return beds.get(r.between(0, beds.size() - 1));
    }

    private void incidents(Rand r, int patients) {
        String[] categories = {"fall", "medication_error", "pressure_injury", "infection", "violence", "equipment"};
        double[] categoryWeights = {30, 25, 15, 10, 8, 12};
        String[] severities = {"no_harm", "minor", "moderate", "severe", "death"};
        double[] severityWeights = {45, 35, 14, 5, 1};
        for (int i = 0; i < INCIDENTS_PER_SCALE * scale; i++) {
            int ward = r.between(1, Catalogue.WARDS.size());
            LocalDate day = r.day(DemoHospital.FIRST_DATE, DemoHospital.REFERENCE_DATE.minusDays(1));
            Integer patient = r.chance(0.3) ? null : r.between(1, patients);
            emit(new Incident(++ids.incident, ward, patient, nurseForWard(r, ward), r.at(day, 0, 24),
                    r.weighted(categories, categoryWeights), r.weighted(severities, severityWeights)));
        }
    }
}
