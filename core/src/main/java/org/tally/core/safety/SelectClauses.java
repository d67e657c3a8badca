package org.tally.core.safety;

import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

/** The clauses of a SELECT that turn a read into a write, a lock, or a change of session behaviour. */
final class SelectClauses {

    private SelectClauses() {
    }

    static void check(Select select) {
        if (select instanceof PlainSelect plain) {
            if ((plain.getIntoTables() != null && !plain.getIntoTables().isEmpty()) || plain.getIntoTempTable() != null) {
                throw new UnsafeSqlException("SELECT ... INTO creates or fills a table (a write): remove the INTO"
                        + " clause and read the rows instead");
            }
            if (plain.getMySqlSelectIntoClause() != null) {
                throw new UnsafeSqlException("SELECT ... INTO OUTFILE/DUMPFILE/variables writes files or variables:"
                        + " remove the INTO clause");
            }
            if (plain.getForXmlPath() != null) {
                throw new UnsafeSqlException("FOR XML PATH reshapes the result: remove it and read plain rows");
            }
            if ((plain.getEmitMode() != null && plain.getEmitMode() != PlainSelect.EmitMode.NONE) || plain.isEmitChanges() || plain.isUseWithNoLog()
                    || plain.getBigQuerySelectQualifier() != null) {
                throw new UnsafeSqlException("this SELECT uses a streaming or vendor-specific clause: write a plain"
                        + " SELECT");
            }
        }
        if (select.getForMode() != null || (select.getForUpdateTables() != null && !select.getForUpdateTables().isEmpty())
                || select.isSkipLocked() || select.isNoWait() || select.getWait() != null) {
            throw new UnsafeSqlException("locking clauses (FOR UPDATE / FOR SHARE / LOCK IN SHARE MODE, NOWAIT,"
                    + " SKIP LOCKED) lock rows: remove the clause, Tally only reads");
        }
        if (select.getForClause() != null) {
            throw new UnsafeSqlException("FOR XML / FOR JSON / FOR BROWSE is not allowed: remove it and read plain"
                    + " rows");
        }
        if (select.getOption() != null) {
            throw new UnsafeSqlException("OPTION (...) query hints change how the server runs the query (e.g."
                    + " MAXRECURSION 0 removes the recursion limit): remove the OPTION clause");
        }
        if (select.getIsolation() != null) {
            throw new UnsafeSqlException("an isolation clause (WITH UR/CS/RS/RR) is not allowed: remove it");
        }
        if (select.getLimitBy() != null || select.getMySqlProcedureAnalyse() != null
                || (select.getInterpolate() != null && !select.getInterpolate().isEmpty())) {
            throw new UnsafeSqlException("LIMIT BY / PROCEDURE ANALYSE / INTERPOLATE are not allowed: write a plain"
                    + " SELECT");
        }
    }
}
