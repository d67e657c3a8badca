package org.tally.ui.sources;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * A JDBC source the user added: a name, the URL and the account name. Never a password: it is asked when the
 * source is tested or used and kept in memory only.
 */
@JsonPropertyOrder({"name", "url", "user"})
public record SavedSource(String name, String url, String user) {
    public SavedSource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        user = user == null || user.isBlank() ? null : user.strip();
    }
}
