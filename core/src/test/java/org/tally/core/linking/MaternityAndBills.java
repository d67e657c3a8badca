package org.tally.core.linking;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** A small hospital with a maternity line (wards, patients, deliveries) and a revenue one (bills), in H2. */
final class MaternityAndBills {

    private MaternityAndBills() {
    }

    static Connection open(String database) throws SQLException {
        Connection db = DriverManager.getConnection("jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            s.execute("CREATE TABLE bills (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " amount DECIMAL(12, 2), status VARCHAR(12), issued_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity')");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01')");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 1, 'caesarean', TIMESTAMP '2026-10-03 04:00:00')");
            s.execute("INSERT INTO bills VALUES (1, 1, 120.50, 'unpaid', TIMESTAMP '2026-10-04 09:00:00')");
        }
        return db;
    }
}
