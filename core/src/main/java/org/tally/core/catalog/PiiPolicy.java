package org.tally.core.catalog;

/**
 * Decides which columns hold personal data. Profiling never stores a value of such a column (no value
 * counts, no min or max); it keeps only null and distinct counts. The binding may pass a refined policy.
 */
@FunctionalInterface
public interface PiiPolicy {

    boolean isPii(CatalogTable table, CatalogColumn column);

    /** The conservative default: {@link NamePiiPolicy}. */
    static PiiPolicy byName() {
        return new NamePiiPolicy();
    }
}
