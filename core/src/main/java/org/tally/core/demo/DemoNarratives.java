package org.tally.core.demo;

import java.time.Duration;
import java.util.Locale;
import org.tally.core.demo.Fact.Admission;
import org.tally.core.demo.Fact.Incident;
import org.tally.core.demo.Fact.Triage;

/**
 * The demo hospital's free text: incident narratives, triage notes and discharge notes, written from the facts of
 * their row alone (category, severity, complaint, acuity, ward, stay) with a draw seeded by the row's id, so both
 * schemas hold the same words for the same row and no generator draw moves. Synthetic: no name, no real person.
 */
final class DemoNarratives {

    private static final long SALT = 0x5DEECE66DL;

    private DemoNarratives() {
    }

    private static Rand rand(String kind, int id) {
        return new Rand(SALT ^ ((long) kind.hashCode() << 32) ^ (0x9E3779B97F4A7C15L * id));
    }

    private static String pick(Rand r, String... options) {
        return options[r.between(0, options.length - 1)];
    }

    static String incident(Incident i) {
        Rand r = rand("incident", i.id());
        String what = switch (i.category()) {
            case "fall" -> pick(r,
                    "Patient slipped on the stairs between floors while walking unaccompanied and fell down several"
                            + " steps.",
                    "Patient found on the floor beside the bed after trying to get up without calling for help.",
                    "Patient fell in the bathroom on a wet floor while using the shower.",
                    "Patient lost balance on the stairwell landing and fell against the handrail.",
                    "Patient rolled out of bed during the night; the bed rails were down.",
                    "Patient tripped over an equipment cable in the corridor and fell.");
            case "medication_error" -> pick(r,
                    "A dose of the prescribed antibiotic was omitted on the morning round.",
                    "The wrong dose of insulin was drawn up and given; the error was noticed at the next check.",
                    "A medicine was given to the wrong patient after the wristband was not checked.",
                    "An intravenous infusion ran at twice the prescribed rate because of a programming error.",
                    "A patient with a recorded penicillin allergy was given amoxicillin.");
            case "pressure_injury" -> pick(r,
                    "A category two pressure ulcer was found on the sacrum at the skin check.",
                    "Redness that did not blanch was found on both heels; repositioning had been missed overnight.",
                    "A pressure sore developed under an oxygen mask strap on the bridge of the nose.");
            case "infection" -> pick(r,
                    "Patient developed a wound infection at the surgical site on the fourth day.",
                    "A catheter-associated urinary tract infection was confirmed by culture.",
                    "Two patients in the bay tested positive for norovirus; the bay was closed to admissions.",
                    "A central line infection was suspected after fever and raised inflammatory markers.");
            case "violence" -> pick(r,
                    "A visitor shouted at nursing staff and pushed a nurse during an argument about visiting hours.",
                    "A confused patient struck a healthcare assistant during personal care.",
                    "Verbal abuse and threats were made towards the ward clerk at the reception desk.");
            case "equipment" -> pick(r,
                    "The infusion pump alarmed repeatedly and stopped delivering the infusion.",
                    "A bed rail broke while the patient was being repositioned.",
                    "The cardiac monitor lost its signal for several minutes overnight.",
                    "The oxygen supply to a bed space failed and a cylinder was used instead.");
            default -> "An incident was reported on the ward.";
        };
        String harm = switch (i.severity()) {
            case "no_harm" -> pick(r, "No harm resulted.", "The patient was checked and was unhurt.");
            case "minor" -> pick(r, "Minor bruising; no treatment was needed beyond observation.",
                    "A small graze was cleaned and dressed.");
            case "moderate" -> pick(r, "The patient needed an X-ray and extra treatment.",
                    "Extra observation and treatment were needed for a day.");
            case "severe" -> pick(r, "A fracture was confirmed and the patient needed surgery.",
                    "The patient was moved to intensive care.");
            case "death" -> "The patient died; the case was referred for review.";
            default -> "";
        };
        String action = pick(r, "The nurse in charge was informed and the family was told.",
                "Staff reviewed the care plan and added measures to prevent a repeat.",
                "The incident was discussed at the ward safety huddle.",
                "The doctor reviewed the patient and documented the findings.");
        return what + " " + harm + " " + action;
    }

    static String triage(Triage t) {
        Rand r = rand("triage", t.id());
        String complaint = t.chiefComplaint().toLowerCase(Locale.ROOT);
        String onset = pick(r, "since this morning", "for two days", "for about three hours", "since last night",
                "for a week, worse today");
        String detail = switch (t.chiefComplaint()) {
            case "Chest pain" -> pick(r, "central and crushing, spreading to the left arm", "sharp, worse on breathing",
                    "tight, with sweating");
            case "Shortness of breath" -> pick(r, "wheezy, using an inhaler with little relief",
                    "breathless at rest, speaking in short sentences", "worse lying flat");
            case "Fall" -> pick(r, "fell down the stairs at home", "tripped on the pavement",
                    "found on the floor by a neighbour");
            case "Laceration" -> pick(r, "cut to the hand from a kitchen knife", "scalp wound after a fall",
                    "glass cut to the forearm");
            case "Fever" -> pick(r, "shivering, with a temperature at home", "hot and drowsy", "fever with a rash");
            default -> pick(r, "moderate", "severe at times", "coming and going");
        };
        String priority = t.acuityLevel() <= 2 ? "Seen straight away by the doctor."
                : t.acuityLevel() == 3 ? "To wait for the next available doctor." : "Fit to wait in the waiting area.";
        return "Presents with " + complaint + " " + onset + "; " + detail + ". " + priority;
    }

    /** A discharge note for a finished stay; null while the patient is still admitted. */
    static String discharge(Admission a) {
        if (a.dischargedAt() == null) {
            return null;
        }
        Rand r = rand("discharge", a.id());
        long days = Math.max(0, Duration.between(a.admittedAt(), a.dischargedAt()).toDays());
        String came = "emergency".equals(a.admissionType()) ? "Admitted as an emergency" : "Admitted for a planned"
                + " procedure";
        String course = pick(r, "recovered steadily with treatment", "needed a longer course of intravenous"
                + " antibiotics", "had an uneventful stay", "was slow to mobilise and was seen by physiotherapy",
                "had a fall on the ward without injury");
        String left = switch (a.dischargeDisposition() == null ? "" : a.dischargeDisposition()) {
            case "home" -> pick(r, "Discharged home with follow-up in clinic.", "Discharged home with the GP to review"
                    + " in a week.");
            case "transferred_out" -> "Transferred to another hospital for further care.";
            case "died" -> "The patient died on the ward; the family was present.";
            case "against_medical_advice" -> "Left against medical advice after the risks were explained.";
            default -> "Discharged.";
        };
        return came + "; stayed " + days + (days == 1 ? " day" : " days") + " and " + course + ". " + left;
    }
}
