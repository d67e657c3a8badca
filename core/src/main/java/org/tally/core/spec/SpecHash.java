package org.tally.core.spec;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The identity of a spec's intent, keying the result cache and list paging cursors:
 * {@code COMPILER_VERSION + ":" + hex(SHA-256(canonical JSON))}. The canonical JSON is the
 * {@link SpecCanonicalizer canonical form} written with keys sorted at every level, no whitespace, plain decimals and
 * ISO dates, without provenance. Equal in every JVM, locale and time zone.
 */
public final class SpecHash {

    /**
     * Bump when the compiler's SQL for the same canonical spec changes, or when the canonical JSON changes (a renamed
     * field or type name), so that cached results of the old meaning are never reused.
     */
    public static final String COMPILER_VERSION = "tally-c1";

    private SpecHash() {
    }

    /**
     * @throws ContradictionException when the spec can select no row (see {@link SpecCanonicalizer})
     */
    public static String of(QuerySpec spec) {
        return COMPILER_VERSION + ":" + sha256Hex(canonicalJson(spec));
    }

    /** A spec in canonical form with its canonical JSON and its hash: canonicalised once for all three. */
    public record Canonical(QuerySpec spec, String json, String hash) {
    }

    /**
     * The canonical form, its JSON and its hash from one canonicalisation (what {@link #of} and
     * {@link #canonicalJson} each compute again).
     *
     * @throws ContradictionException when the spec can select no row (see {@link SpecCanonicalizer})
     */
    public static Canonical canonical(QuerySpec spec) {
        QuerySpec canonical = SpecCanonicalizer.canonicalize(spec);
        String json = CanonicalJson.write(canonical);
        return new Canonical(canonical, json, COMPILER_VERSION + ":" + sha256Hex(json));
    }

    /** The exact text hashed: the canonical form's sorted-key JSON. */
    public static String canonicalJson(QuerySpec spec) {
        return CanonicalJson.write(SpecCanonicalizer.canonicalize(spec));
    }

    static String sha256Hex(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(digest.length * 2);
            for (byte b : digest) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java runtime", e);
        }
    }
}
