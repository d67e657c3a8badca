package org.tally.core.demo;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * One fact of the synthetic hospital, independent of any physical naming. Enum-like fields hold the DEV
 * spelling; {@link DemoTables} maps each field to a column of either schema. Nullable fields are boxed.
 */
sealed interface Fact {

    record Department(int id, String code, String name, boolean clinical) implements Fact { }

    record Ward(int id, String name, String wardType, int departmentId, int floor, int capacity) implements Fact { }

    record Bed(int id, int wardId, String label, String bedType, boolean active) implements Fact { }

    record Provider(int id, String givenName, String familyName, String role, String specialty, int departmentId,
                    LocalDate hiredOn, boolean active) implements Fact { }

    record Patient(int id, String mrn, String givenName, String familyName, LocalDate birthDate, String gender,
                   String nationalId, String phone, String district, String city, LocalDateTime registeredAt,
                   LocalDate deathDate) implements Fact { }

    record DiagnosisCode(String code, String description, String chapter) implements Fact { }

    record Medication(int id, String name, String form, String strength, boolean controlled,
                      BigDecimal unitPrice) implements Fact { }

    record LabTest(int id, String code, String name, String specimen, String unit, BigDecimal refLow,
                   BigDecimal refHigh, BigDecimal criticalLow, BigDecimal criticalHigh, BigDecimal price)
            implements Fact { }

    record Admission(int id, int patientId, int wardId, Integer bedId, int attendingProviderId, String admissionType,
                     LocalDateTime admittedAt, LocalDateTime dischargedAt, String dischargeDisposition)
            implements Fact { }

    record Transfer(int id, int admissionId, int fromWardId, int toWardId, LocalDateTime transferredAt)
            implements Fact { }

    record IcuStay(int id, int admissionId, int wardId, LocalDateTime startedAt, LocalDateTime endedAt,
                   boolean ventilated) implements Fact { }

    record Appointment(int id, int patientId, int departmentId, int providerId, LocalDateTime bookedAt,
                       LocalDateTime scheduledAt, String status, String visitType) implements Fact { }

    record Encounter(int id, int patientId, Integer appointmentId, int departmentId, int providerId,
                     String encounterType, LocalDateTime startedAt, LocalDateTime endedAt) implements Fact { }

    record Triage(int id, int encounterId, int patientId, LocalDateTime arrivedAt, int acuityLevel,
                  String chiefComplaint, int nurseId) implements Fact { }

    record VitalSign(int id, int patientId, Integer admissionId, Integer encounterId, LocalDateTime recordedAt,
                     BigDecimal temperatureC, int heartRate, int systolicBp, int diastolicBp, int respiratoryRate,
                     Integer spo2) implements Fact { }

    record Diagnosis(int id, int patientId, Integer admissionId, Integer encounterId, String code,
                     LocalDateTime diagnosedAt, boolean primary) implements Fact { }

    record Prescription(int id, int patientId, Integer admissionId, Integer encounterId, int medicationId,
                        int prescriberId, LocalDateTime prescribedAt, String dose, String frequency,
                        int durationDays, int quantity, String status) implements Fact { }

    record MedicationAdministration(int id, int prescriptionId, int patientId, LocalDateTime administeredAt,
                                    int nurseId, String doseGiven, String status) implements Fact { }

    record LabOrder(int id, int patientId, Integer admissionId, Integer encounterId, int orderedBy,
                    LocalDateTime orderedAt, String priority, String status) implements Fact { }

    record LabResult(int id, int labOrderId, int labTestId, LocalDateTime resultedAt, BigDecimal value,
                     boolean abnormal, boolean critical) implements Fact { }

    record Delivery(int id, int motherPatientId, int admissionId, int wardId, int deliveredBy,
                    LocalDateTime deliveredAt, String deliveryMode, String outcome, int gestationWeeks)
            implements Fact { }

    record Newborn(int id, int deliveryId, String sex, int birthWeightGrams, int apgar1, Integer apgar5)
            implements Fact { }

    record Surgery(int id, int patientId, int admissionId, String procedureName, String theatre, int surgeonId,
                   String anaesthesiaType, LocalDateTime startedAt, LocalDateTime endedAt, boolean emergency)
            implements Fact { }

    record Bill(int id, int patientId, Integer admissionId, Integer encounterId, LocalDateTime billedAt,
                String payer, BigDecimal totalAmount, String status) implements Fact { }

    record Payment(int id, int billId, LocalDateTime paidAt, BigDecimal amount, String method) implements Fact { }

    record Incident(int id, int wardId, Integer patientId, int reportedBy, LocalDateTime reportedAt, String category,
                    String severity) implements Fact { }

    record Allergy(int id, int patientId, String allergen, String reaction, String severity, LocalDate recordedOn)
            implements Fact { }

    record Immunization(int id, int patientId, String vaccine, int doseNumber, LocalDate administeredOn,
                        int administeredBy) implements Fact { }

    record Referral(int id, int patientId, int fromDepartmentId, int toDepartmentId, LocalDateTime referredAt,
                    String urgency, String status) implements Fact { }
}
