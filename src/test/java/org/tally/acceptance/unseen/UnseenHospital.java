package org.tally.acceptance.unseen;

import java.nio.file.Path;
import java.sql.SQLException;

/** The hospital schemas Tally was never tuned for, written once per test run under target/unseen/db. */
public enum UnseenHospital {
    MIMIC("mimic", MimicHospital.URL_SETTINGS),
    OPENMRS("openmrs", OpenmrsHospital.URL_SETTINGS),
    WAREHOUSE("warehouse", WarehouseHospital.URL_SETTINGS),
    PAS("pas", PasHospital.URL_SETTINGS),
    OMOP("omop", OmopHospital.URL_SETTINGS),
    HMS("hms", HmsHospital.URL_SETTINGS),
    EHR("ehr", EhrHospital.URL_SETTINGS);

    public static final String USER = "sa";
    public static final String PASSWORD = "";

    private final String id;
    private final String settings;

    UnseenHospital(String id, String settings) {
        this.id = id;
        this.settings = settings;
    }

    public String id() {
        return id;
    }

    Path base(Path folder) {
        return folder.resolve(id).toAbsolutePath();
    }

    public void write(Path folder) throws SQLException {
        switch (this) {
            case MIMIC -> MimicHospital.write(base(folder));
            case OPENMRS -> OpenmrsHospital.write(base(folder));
            case WAREHOUSE -> WarehouseHospital.write(base(folder));
            case PAS -> PasHospital.write(base(folder));
            case OMOP -> OmopHospital.write(base(folder));
            case HMS -> HmsHospital.write(base(folder));
            case EHR -> EhrHospital.write(base(folder));
            default -> throw new IllegalStateException("no generator for " + this);
        }
    }

    /** The source as the stress runner gave it to Tally: the file, opened read-only. */
    public String readOnlyUrl(Path folder) {
        return "jdbc:h2:" + base(folder) + settings + ";ACCESS_MODE_DATA=r";
    }

    String questions() {
        return "unseen/" + id + "/questions.yaml";
    }

    public String overrides() {
        return "unseen/" + id + "/overrides.json";
    }
}
