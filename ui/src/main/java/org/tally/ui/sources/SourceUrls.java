package org.tally.ui.sources;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.tally.core.source.SourceRef;
import org.tally.core.source.UnknownSourceException;

/**
 * Checks a JDBC URL typed into the sources manager. It must be one Tally reads (PostgreSQL, MySQL/MariaDB,
 * SQL Server, H2) and must not carry a password, because the URL is saved in the data folder.
 */
public final class SourceUrls {

    /** password=…, pwd=… in a query string or a ;-separated property list (all four drivers' spellings). */
    private static final Pattern PASSWORD_PROPERTY = Pattern.compile("(?i)[?&;:](password|pwd)\\s*=");
    /** user:secret@host in the authority part (MySQL and MariaDB accept it). */
    private static final Pattern USERINFO_SECRET = Pattern.compile("^jdbc:[a-z0-9]+://[^/@?;]*:[^/@?;]*@",
            Pattern.CASE_INSENSITIVE);

    private SourceUrls() {
    }

    /** Why the URL cannot be saved, or empty when it can. */
    public static Optional<String> problem(String url) {
        if (url == null || url.isBlank()) {
            return Optional.of("Enter a JDBC URL, e.g. jdbc:postgresql://dbhost:5432/hospital");
        }
        String u = url.strip();
        if (!u.toLowerCase(Locale.ROOT).startsWith("jdbc:")) {
            return Optional.of("A source is a JDBC URL starting with jdbc:, e.g. jdbc:postgresql://dbhost:5432/hospital");
        }
        try {
            SourceRef.parse(u);
        } catch (UnknownSourceException e) {
            return Optional.of(e.getMessage());
        }
        if (PASSWORD_PROPERTY.matcher(u).find() || USERINFO_SECRET.matcher(u).find()) {
            return Optional.of("Remove the password from the URL: it would be saved in plain text. Tally asks for"
                    + " the password when it connects and keeps it in memory only.");
        }
        return Optional.empty();
    }
}
