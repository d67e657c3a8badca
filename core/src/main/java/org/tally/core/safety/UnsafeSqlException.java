package org.tally.core.safety;

/** Thrown inside the policy to stop at the first rule a statement breaks; the message is the refusal reason. */
final class UnsafeSqlException extends RuntimeException {

    UnsafeSqlException(String reason) {
        super(reason, null, false, false);
    }
}
