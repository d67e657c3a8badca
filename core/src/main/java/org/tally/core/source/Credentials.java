package org.tally.core.source;

/** A database account. The password is never printed: {@link #toString()} masks it. */
public record Credentials(String user, String password) {

    public static final Credentials NONE = new Credentials(null, null);

    public boolean present() {
        return user != null;
    }

    @Override
    public String toString() {
        return "Credentials[user=" + user + ", password=" + (password == null ? "none" : "****") + "]";
    }
}
