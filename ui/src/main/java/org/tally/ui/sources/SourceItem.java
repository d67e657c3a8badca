package org.tally.ui.sources;

import java.util.Objects;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tally.core.source.SourceRef;

/** A row of the sources list: a built-in demo or a saved JDBC source, and what its last test found. */
public final class SourceItem {

    private final String name;
    private final SourceRef ref;
    private final String user;
    private final boolean builtIn;
    private final StringProperty status = new SimpleStringProperty("");
    private final SimpleStringProperty warning = new SimpleStringProperty("");

    SourceItem(String name, SourceRef ref, String user, boolean builtIn) {
        this.name = Objects.requireNonNull(name, "name");
        this.ref = Objects.requireNonNull(ref, "ref");
        this.user = user;
        this.builtIn = builtIn;
    }

    public String name() {
        return name;
    }

    public SourceRef ref() {
        return ref;
    }

    /** The account name, or null. */
    public String user() {
        return user;
    }

    /** The embedded demo hospitals: always present, never removed, no password. */
    public boolean builtIn() {
        return builtIn;
    }

    /** A password is asked before connecting when the source names an account. */
    public boolean needsPassword() {
        return !builtIn && user != null;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** Non-empty when the last test found the account can write. */
    public SimpleStringProperty warningProperty() {
        return warning;
    }

    SavedSource toSaved() {
        return new SavedSource(name, ref.name(), user);
    }

    @Override
    public String toString() {
        return name;
    }
}
