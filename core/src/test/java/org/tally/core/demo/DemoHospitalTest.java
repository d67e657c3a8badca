package org.tally.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.demo.Fact.Admission;
import org.tally.core.demo.Fact.Appointment;
import org.tally.core.demo.Fact.Bill;
import org.tally.core.demo.Fact.Delivery;
import org.tally.core.demo.Fact.LabResult;
import org.tally.core.demo.Fact.LabTest;
import org.tally.core.demo.Fact.Patient;
import org.tally.core.demo.Fact.Payment;

class DemoHospitalTest {

    private static final LocalDateTime NOW = DemoHospital.REFERENCE_DATE.atStartOfDay();
    private static List<Fact> facts;

    @BeforeAll
    static void generate() {
        facts = new ArrayList<>();
        DemoHospital.standard().generate(facts::add, Progress.NONE);
    }

    private static String checksum(long seed, int scale) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        new DemoHospital(seed, scale).generate(f -> sha.update((f + "\n").getBytes(StandardCharsets.UTF_8)),
                Progress.NONE);
        return HexFormat.of().formatHex(sha.digest());
    }

    private static Map<Class<?>, Integer> counts(long seed, int scale) {
        Map<Class<?>, Integer> counts = new HashMap<>();
        new DemoHospital(seed, scale).generate(f -> counts.merge(f.getClass(), 1, Integer::sum), Progress.NONE);
        return counts;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Fact> List<T> all(Class<T> type) {
        return (List<T>) facts.stream().filter(type::isInstance).toList();
    }

    @Test
    void sameSeedAndScaleGiveIdenticalFactsAndAnotherSeedDoesNot() throws Exception {
        String first = checksum(DemoHospital.DEFAULT_SEED, 1);
        assertThat(checksum(DemoHospital.DEFAULT_SEED, 1)).isEqualTo(first);
        assertThat(checksum(DemoHospital.DEFAULT_SEED + 1, 1)).isNotEqualTo(first);
    }

    @Test
    void rowCountsGrowLinearlyWithScale() {
        Map<Class<?>, Integer> one = counts(DemoHospital.DEFAULT_SEED, 1);
        Map<Class<?>, Integer> three = counts(DemoHospital.DEFAULT_SEED, 3);
        for (Class<?> type : List.of(Patient.class, Admission.class, Appointment.class, LabResult.class,
                Bill.class, Delivery.class, Fact.Provider.class, Fact.Bed.class)) {
            double ratio = (double) three.get(type) / one.get(type);
            assertThat(ratio).as(type.getSimpleName()).isBetween(2.6, 3.4);
        }
        int total = one.values().stream().mapToInt(Integer::intValue).sum();
        assertThat(total).isBetween(20_000, 120_000);
    }

    @Test
    void everyTableHasRowsAndScaleOneHasAboutTwoThousandPatients() {
        for (DemoTable<?> table : DemoTables.ALL) {
            assertThat(facts.stream().filter(table.factClass()::isInstance).count()).as(table.meaning()).isPositive();
        }
        assertThat(all(Patient.class)).hasSize(DemoHospital.PATIENTS_PER_SCALE);
    }

    @Test
    void openStaysHaveNoDischargeNorDispositionAndEverythingElseIsInThePast() {
        List<Admission> admissions = all(Admission.class);
        List<Admission> open = admissions.stream().filter(a -> a.dischargedAt() == null).toList();
        // the flow's own stays that have not ended: a few, as in a small hospital on any day
        assertThat(open).hasSizeBetween(1, 200);
        assertThat(open).allSatisfy(a -> assertThat(a.dischargeDisposition()).isNull());
        assertThat(admissions).filteredOn(a -> a.dischargedAt() != null).allSatisfy(a -> {
            assertThat(a.dischargeDisposition()).isNotNull();
            assertThat(a.dischargedAt()).isAfter(a.admittedAt()).isBefore(NOW);
        });
        assertThat(admissions).allSatisfy(a -> assertThat(a.admittedAt()).isBefore(NOW));
        assertThat(admissions).extracting(Admission::admittedAt)
                .anySatisfy(t -> assertThat(t).isBefore(DemoHospital.FIRST_DATE.plusMonths(1).atStartOfDay()));
    }

    @Test
    void bookedAppointmentsAreExactlyTheFutureOnes() {
        for (Appointment a : all(Appointment.class)) {
            boolean future = !a.scheduledAt().isBefore(NOW);
            assertThat(a.status().equals("booked")).as("appointment %d", a.id()).isEqualTo(future);
            assertThat(a.scheduledAt()).isBefore(NOW.plusDays(DemoHospital.BOOKING_HORIZON_DAYS + 1));
            assertThat(a.bookedAt()).isBefore(NOW);
        }
        assertThat(all(Appointment.class)).extracting(Appointment::status)
                .contains("booked", "completed", "cancelled", "no_show");
    }

    @Test
    void deathsMatchDiedDispositionsAndStillbirthsExist() {
        long died = all(Admission.class).stream().filter(a -> "died".equals(a.dischargeDisposition())).count();
        long dead = all(Patient.class).stream().filter(p -> p.deathDate() != null).count();
        assertThat(died).isPositive().isEqualTo(dead);
        assertThat(all(Delivery.class)).extracting(Delivery::outcome).contains("stillbirth", "live_birth");
        assertThat(all(Delivery.class)).extracting(Delivery::deliveryMode)
                .contains("spontaneous_vaginal", "caesarean", "assisted");
        assertThat(all(Patient.class)).extracting(Patient::gender).contains("M", "F", "U");
        assertThat(all(Patient.class)).extracting(Patient::phone).containsNull();
    }

    @Test
    void labFlagsFollowTheCatalogueRanges() {
        Map<Integer, LabTest> tests = new HashMap<>();
        all(LabTest.class).forEach(t -> tests.put(t.id(), t));
        List<LabResult> results = all(LabResult.class);
        for (LabResult r : results) {
            LabTest t = tests.get(r.labTestId());
            boolean abnormal = r.value().compareTo(t.refLow()) < 0 || r.value().compareTo(t.refHigh()) > 0;
            assertThat(r.abnormal()).isEqualTo(abnormal);
            if (r.critical()) {
                assertThat(r.abnormal()).isTrue();
            }
        }
        assertThat(results).anyMatch(LabResult::critical);
    }

    @Test
    void billStatusAgreesWithPaymentsReceived() {
        Map<Integer, BigDecimal> paid = new HashMap<>();
        for (Payment p : all(Payment.class)) {
            paid.merge(p.billId(), p.amount(), BigDecimal::add);
            assertThat(p.paidAt()).isBefore(NOW);
        }
        for (Bill b : all(Bill.class)) {
            BigDecimal sum = paid.getOrDefault(b.id(), BigDecimal.ZERO);
            String expected = sum.signum() == 0 ? "unpaid" : sum.compareTo(b.totalAmount()) >= 0 ? "paid"
                    : "partially_paid";
            assertThat(b.status()).as("bill %d", b.id()).isEqualTo(expected);
        }
        assertThat(all(Bill.class)).extracting(Bill::status).contains("paid", "partially_paid", "unpaid");
    }

    @Test
    void winterHasMoreEmergencyAdmissionsThanSummer() {
        long winter = all(Admission.class).stream().filter(a -> a.admissionType().equals("emergency"))
                .filter(a -> List.of(12, 1, 2).contains(a.admittedAt().getMonthValue())).count();
        long summer = all(Admission.class).stream().filter(a -> a.admissionType().equals("emergency"))
                .filter(a -> List.of(6, 7, 8).contains(a.admittedAt().getMonthValue())).count();
        assertThat(winter).isGreaterThan(summer * 5 / 4);
    }

    /**
     * The last weeks come from the same flow as every other: no month of the reference year stands out. Counted per
     * day of the month so far (the reference month is not over), a month's admissions, emergency visits and lab
     * orders stay within twice the busiest earlier month's; the patients still admitted are those whose stays the
     * flow has not ended yet.
     */
    @Test
    void theLastWeeksOfTheDemoComeFromTheSameFlowWithoutASpike() {
        int year = DemoHospital.REFERENCE_DATE.getYear();
        Map<String, java.util.function.Function<Fact, LocalDateTime>> kinds = Map.of(
                "admissions", f -> f instanceof Admission a ? a.admittedAt() : null,
                "emergency visits", f -> f instanceof Fact.Encounter e && e.encounterType().toLowerCase()
                        .contains("emergency") ? e.startedAt() : null,
                "lab orders", f -> f instanceof Fact.LabOrder o ? o.orderedAt() : null);
        for (Map.Entry<String, java.util.function.Function<Fact, LocalDateTime>> kind : kinds.entrySet()) {
            double[] perDay = new double[13];
            for (Fact f : facts) {
                LocalDateTime at = kind.getValue().apply(f);
                if (at != null && at.getYear() == year && at.isBefore(NOW)) {
                    perDay[at.getMonthValue()]++;
                }
            }
            int last = DemoHospital.REFERENCE_DATE.getMonthValue();
            double busiestEarlier = 0;
            for (int m = 1; m <= last; m++) {
                int days = m == last ? DemoHospital.REFERENCE_DATE.getDayOfMonth() - 1
                        : java.time.YearMonth.of(year, m).lengthOfMonth();
                perDay[m] /= days;
                if (m < last) {
                    busiestEarlier = Math.max(busiestEarlier, perDay[m]);
                }
            }
            assertThat(busiestEarlier).as(kind.getKey() + " happen at all").isPositive();
            assertThat(perDay[last]).as("%s per day in the reference month against the busiest earlier month",
                    kind.getKey()).isLessThanOrEqualTo(2 * busiestEarlier);
        }
        long open = facts.stream().filter(f -> f instanceof Admission a && a.dischargedAt() == null).count();
        assertThat(open).as("patients still admitted").isPositive();
    }
}
