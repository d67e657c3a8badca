package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.SchemaCard;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.PackLoader;
import org.tally.core.source.DemoSchema;
import org.tally.core.spec.ColumnRole;

/** The FK graph (declared and inferred), patient paths, PII and the look-ups the grammar and binder use. */
class BindingGraphTest {

    private static final NameTokens NAMES = PackLoader.hospital().nameTokens();

    /** Every ALT reference docs/demo-schemas.md lists as "not declared in ALT". */
    private static final Set<String> ALT_UNDECLARED = Set.of(
            "WardMaster.DeptID -> Dept_Master.DeptID", "Staff.DeptID -> Dept_Master.DeptID",
            "IPD_Admission.PatientID -> PatientMaster.PatientID", "IPD_Admission.BedID -> Bed_Master.BedID",
            "IPD_Admission.AttendingDrID -> Staff.StaffID",
            "IPD_Transfer.FromWardID -> WardMaster.WardID", "IPD_Transfer.ToWardID -> WardMaster.WardID",
            "ICU_Stay.AdmissionID -> IPD_Admission.AdmissionID", "ICU_Stay.WardID -> WardMaster.WardID",
            "OPD_Appointment.ClinicID -> Dept_Master.DeptID", "OPD_Appointment.DoctorID -> Staff.StaffID",
            "PatientVisit.PatientID -> PatientMaster.PatientID", "PatientVisit.ApptID -> OPD_Appointment.ApptID",
            "PatientVisit.DeptID -> Dept_Master.DeptID", "PatientVisit.ConsultantID -> Staff.StaffID",
            "ER_Triage.PatientID -> PatientMaster.PatientID", "ER_Triage.TriageNurseID -> Staff.StaffID",
            "Nursing_Obs.PatientID -> PatientMaster.PatientID", "Nursing_Obs.AdmissionID -> IPD_Admission.AdmissionID",
            "Nursing_Obs.VisitID -> PatientVisit.VisitID",
            "Patient_Diagnosis.PatientID -> PatientMaster.PatientID", "Patient_Diagnosis.VisitID -> PatientVisit.VisitID",
            "Rx_Order.PatientID -> PatientMaster.PatientID", "Rx_Order.AdmissionID -> IPD_Admission.AdmissionID",
            "Rx_Order.VisitID -> PatientVisit.VisitID", "Rx_Order.PrescriberID -> Staff.StaffID",
            "MAR_Entry.PatientID -> PatientMaster.PatientID", "MAR_Entry.GivenByID -> Staff.StaffID",
            "Lab_Request.PatientID -> PatientMaster.PatientID", "Lab_Request.AdmissionID -> IPD_Admission.AdmissionID",
            "Lab_Request.VisitID -> PatientVisit.VisitID", "Lab_Request.RequestedBy -> Staff.StaffID",
            "OB_Delivery.MotherID -> PatientMaster.PatientID", "OB_Delivery.AdmissionID -> IPD_Admission.AdmissionID",
            "OB_Delivery.WardID -> WardMaster.WardID", "OB_Delivery.ConductedBy -> Staff.StaffID",
            "OT_Procedure.PatientID -> PatientMaster.PatientID", "OT_Procedure.AdmissionID -> IPD_Admission.AdmissionID",
            "OT_Procedure.SurgeonID -> Staff.StaffID",
            "Billing_Invoice.PatientID -> PatientMaster.PatientID",
            "Billing_Invoice.AdmissionID -> IPD_Admission.AdmissionID",
            "Billing_Invoice.VisitID -> PatientVisit.VisitID",
            "QA_Incident.WardID -> WardMaster.WardID", "QA_Incident.PatientID -> PatientMaster.PatientID",
            "QA_Incident.ReportedBy -> Staff.StaffID",
            "Pt_Allergy.PatientID -> PatientMaster.PatientID",
            "Immunisation.PatientID -> PatientMaster.PatientID", "Immunisation.GivenByID -> Staff.StaffID",
            "Referral_Register.PatientID -> PatientMaster.PatientID",
            "Referral_Register.FromDeptID -> Dept_Master.DeptID", "Referral_Register.ToDeptID -> Dept_Master.DeptID");

    /** The thirteen keys ALT declares. */
    private static final Set<String> ALT_DECLARED = Set.of(
            "Bed_Master.WardID -> WardMaster.WardID", "Billing_Receipt.InvoiceNo -> Billing_Invoice.InvoiceNo",
            "ER_Triage.VisitID -> PatientVisit.VisitID", "IPD_Admission.WardID -> WardMaster.WardID",
            "IPD_Transfer.AdmissionID -> IPD_Admission.AdmissionID", "Lab_Result.RequestID -> Lab_Request.RequestID",
            "Lab_Result.TestID -> LabTestMaster.TestID", "MAR_Entry.RxID -> Rx_Order.RxID",
            "OB_Newborn.DeliveryID -> OB_Delivery.DeliveryID", "OPD_Appointment.PatientID -> PatientMaster.PatientID",
            "Patient_Diagnosis.AdmissionID -> IPD_Admission.AdmissionID",
            "Patient_Diagnosis.ICDCode -> ICD10_Master.ICDCode", "Rx_Order.DrugID -> Drug_Master.DrugID");

    private static Binding binding(DemoSchema schema) throws Exception {
        return BindingFixtures.bind(BindingFixtures.demo(schema));
    }

    private static Set<String> edges(List<Link> links) {
        return links.stream().map(l -> l.fromTable() + "." + l.fromColumn() + " -> " + l.toTable() + "." + l.toColumn())
                .collect(Collectors.toSet());
    }

    @Test
    void altUndeclaredKeysAreInferredAndMarked() throws Exception {
        Binding alt = binding(DemoSchema.ALT);
        assertThat(edges(alt.links().stream().filter(Link::inferred).toList())).isEqualTo(ALT_UNDECLARED);
        assertThat(edges(alt.links().stream().filter(l -> !l.inferred()).toList())).isEqualTo(ALT_DECLARED);
        assertThat(alt.links().stream().filter(Link::inferred)).allMatch(l -> l.reason().startsWith("inferred: "));
    }

    @Test
    void devDeclaresEveryKeySoNothingIsInferred() throws Exception {
        Binding dev = binding(DemoSchema.DEV);
        assertThat(dev.links()).noneMatch(Link::inferred);
        assertThat(dev.links()).hasSize(edges(dev.links()).size());
    }

    @Test
    void patientPaths() throws Exception {
        Binding dev = binding(DemoSchema.DEV);
        assertThat(edges(dev.patientPath("Admission"))).containsExactly("admissions.patient_id -> patients.id");
        assertThat(dev.patientPath("Newborn")).extracting(Link::toString).containsExactly(
                "newborns.delivery_id -> deliveries.id", "deliveries.patient_id -> patients.id");
        assertThat(dev.patientPath("LabResult")).extracting(Link::toString).containsExactly(
                "lab_results.lab_order_id -> lab_orders.id", "lab_orders.patient_id -> patients.id");
        assertThat(dev.patientPath("Payment")).extracting(Link::toString).containsExactly(
                "payments.bill_id -> bills.id", "bills.patient_id -> patients.id");
        assertThat(dev.patientPath("Transfer")).hasSize(2);
        assertThat(dev.patientPath("Ward")).isEmpty();
        assertThat(dev.patientPath("Patient")).isEmpty();

        Binding alt = binding(DemoSchema.ALT);
        assertThat(alt.patientPath("IcuStay")).extracting(Link::toString).containsExactly(
                "ICU_Stay.AdmissionID -> IPD_Admission.AdmissionID (inferred)",
                "IPD_Admission.PatientID -> PatientMaster.PatientID (inferred)");
        assertThat(alt.patientPath("Delivery")).extracting(Link::toString)
                .containsExactly("OB_Delivery.MotherID -> PatientMaster.PatientID (inferred)");
        assertThat(alt.patientPath("Newborn")).hasSize(2);
    }

    @Test
    void piiColumnsCarryNoValuesAndEnumsCarryCounts() throws Exception {
        for (DemoSchema schema : DemoSchema.values()) {
            Binding b = binding(schema);
            for (TableBinding t : b.tables()) {
                for (ColumnBinding c : t.columns()) {
                    if (c.pii()) {
                        assertThat(c.values()).as(t.table() + "." + c.column()).isNull();
                    }
                }
            }
        }
        Binding dev = binding(DemoSchema.DEV);
        TableBinding patients = dev.table("patients").orElseThrow();
        for (String personal : List.of("mrn", "given_name", "family_name", "birth_date", "national_id", "phone")) {
            assertThat(patients.column(personal).orElseThrow().pii()).as(personal).isTrue();
        }
        assertThat(patients.column("gender").orElseThrow().pii()).isFalse();
        assertThat(patients.column("gender").orElseThrow().values()).extracting(v -> v.value())
                .containsExactlyInAnyOrder("M", "F", "U");
        assertThat(dev.table("bills").orElseThrow().column("status").orElseThrow().values())
                .extracting(v -> v.value()).containsExactlyInAnyOrder("paid", "partially_paid", "unpaid");
        assertThat(dev.table("bills").orElseThrow().column("status").orElseThrow().values())
                .allMatch(v -> v.count() > 0);
        Binding alt = binding(DemoSchema.ALT);
        assertThat(alt.table("PatientMaster").orElseThrow().column("PatientName").orElseThrow().pii()).isTrue();
        assertThat(alt.table("Staff").orElseThrow().column("StaffName").orElseThrow().pii()).isTrue();
        assertThat(alt.table("OPD_Appointment").orElseThrow().column("ApptStatus").orElseThrow().values())
                .extracting(v -> v.value()).containsExactlyInAnyOrder("BOOKED", "ATTENDED", "CANCELLED", "DNA");
    }

    @Test
    void lookupsNeverPickTheFirstOfSeveral() throws Exception {
        Binding dev = binding(DemoSchema.DEV);
        assertThat(dev.tableOf("delivery").orElseThrow().table()).isEqualTo("deliveries");
        assertThat(dev.column("Diagnosis", ColumnRole.ENCOUNTER_REF, null, NAMES))
                .isInstanceOfSatisfying(ColumnLookup.Ambiguous.class, a -> assertThat(a.candidates())
                        .extracting(ColumnBinding::column).containsExactly("admission_id", "encounter_id"));
        assertThat(dev.column("Diagnosis", ColumnRole.ENCOUNTER_REF, "admission", NAMES))
                .isInstanceOfSatisfying(ColumnLookup.Found.class,
                        f -> assertThat(f.column().column()).isEqualTo("admission_id"));
        assertThat(dev.column("Transfer", ColumnRole.WARD_REF, "to", NAMES))
                .isInstanceOfSatisfying(ColumnLookup.Found.class,
                        f -> assertThat(f.column().column()).isEqualTo("to_ward_id"));
        assertThat(dev.column("Admission", ColumnRole.START_TIME, null, NAMES))
                .isInstanceOfSatisfying(ColumnLookup.Found.class,
                        f -> assertThat(f.column().column()).isEqualTo("admitted_at"));
        assertThat(dev.column("Admission", ColumnRole.SEVERITY, null, NAMES)).isInstanceOf(ColumnLookup.Missing.class);
        assertThat(dev.column("Claim", ColumnRole.AMOUNT, null, NAMES)).isInstanceOfSatisfying(
                ColumnLookup.Missing.class, m -> assertThat(m.reason()).contains("no table is bound to Claim"));
        assertThat(dev.column("Bill", ColumnRole.AMOUNT, "balance", NAMES)).isInstanceOf(ColumnLookup.Missing.class);

        // the pack's own hints for "mode of delivery": any one of [method], [mode], [delivery, type]
        RoleHint mode = PackLoader.hospital().requireConcept("Delivery").roleHints().stream()
                .filter(h -> h.phrases().contains("mode of delivery")).findFirst().orElseThrow();
        assertThat(dev.column("Delivery", ColumnRole.CATEGORY, mode.nameHints()))
                .isInstanceOfSatisfying(ColumnLookup.Found.class,
                        f -> assertThat(f.column().column()).isEqualTo("delivery_mode"));
        assertThat(dev.column("Delivery", ColumnRole.CATEGORY, List.of()))
                .isInstanceOfSatisfying(ColumnLookup.Ambiguous.class, a -> assertThat(a.candidates())
                        .extracting(ColumnBinding::column).containsExactly("delivery_mode", "outcome"));
        assertThat(SchemaCard.of(BindingFixtures.demo(DemoSchema.DEV).table("deliveries").orElseThrow(),
                dev.tableOf("Delivery").orElseThrow().roleNames())).contains("delivered_at TIMESTAMP [temporal]")
                .contains("role EventTime");

        Binding alt = binding(DemoSchema.ALT);
        assertThat(alt.column("Delivery", ColumnRole.CATEGORY, mode.nameHints()))
                .isInstanceOfSatisfying(ColumnLookup.Found.class,
                        f -> assertThat(f.column().column()).isEqualTo("mode_of_delivery"));
        assertThat(alt.column("Delivery", ColumnRole.CATEGORY, "mode", NAMES))
                .isInstanceOfSatisfying(ColumnLookup.Found.class,
                        f -> assertThat(f.column().column()).isEqualTo("mode_of_delivery"));
        assertThat(alt.paths("LabResult", "Patient", Binding.MAX_HOPS)).singleElement()
                .satisfies(p -> assertThat(p).hasSize(2));
        assertThat(alt.paths("Payment", "Bill", 1)).singleElement().satisfies(p -> assertThat(p).hasSize(1));
    }
}
