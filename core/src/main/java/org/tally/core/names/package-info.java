/**
 * Name tokens: turning physical identifiers ({@code IPD_AdmissionDtl}, {@code tblPatientMaster}) and question
 * phrases into comparable lowercase tokens. The algorithm lives here; the word tables (abbreviations, affixes,
 * irregular plurals) come from the domain pack.
 */
package org.tally.core.names;
