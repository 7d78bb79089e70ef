package io.pilotbench.mill;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The master's secrets: random bearer values, how they are kept, and users' passwords.
 *
 * <ul>
 *   <li>Tokens (enrolment tokens, worker secrets, login sessions) are 256 random bits from {@link SecureRandom},
 *   base64url. They are stored only as their SHA-256: with 256 bits of entropy a fast hash is enough (nothing to
 *   guess), and a stolen database yields no usable token.</li>
 *   <li>Passwords have little entropy, so they get a slow, salted hash: PBKDF2-HMAC-SHA512 with a 128-bit salt and
 *   {@value #ITERATIONS} iterations (OWASP Password Storage Cheat Sheet, 2023: "PBKDF2-HMAC-SHA512: 210,000
 *   iterations"), kept as {@code pbkdf2-sha512$ITERATIONS$SALT$HASH} so the count can grow later.</li>
 *   <li>Every comparison of a secret with a stored value is {@link MessageDigest#isEqual}, in constant time.</li>
 *   <li>The cost of password hashing is bounded: at most one hash per core runs at a time (others wait up to
 *   {@value #HASH_WAIT_S} s, then {@link Busy}), and a stored hash's iteration count above
 *   {@value #MAX_ITERATIONS} is refused, so no request, and no edited database row, can occupy the master's
 *   processors for long.</li>
 * </ul>
 */
final class Secrets {
    static final int ITERATIONS = 210_000;
    static final int MAX_ITERATIONS = 1_000_000;
    static final int HASH_WAIT_S = 5;
    private static final java.util.concurrent.Semaphore HASHING =
            new java.util.concurrent.Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors()), true);

    /** Every processor is hashing passwords already, and was for {@value #HASH_WAIT_S} s. */
    static final class Busy extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Busy() {
            super("the master is busy checking passwords; try again in a few seconds", null, false, false);
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {}

    /** 256 random bits, base64url without padding (43 characters). */
    static String token() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** The SHA-256 of {@code bytes}, as 64 lower-case hex digits. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The SHA-256 of a token's UTF-8 bytes. */
    static String hashToken(String token) {
        return sha256(token.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether two hex digests are equal, in time independent of where they differ. */
    static boolean sameHash(String a, String b) {
        return a != null
                && b != null
                && MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }

    /** A new salted hash of {@code password}. */
    static String hashPassword(String password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return "pbkdf2-sha512$" + ITERATIONS + "$" + Base64.getEncoder().encodeToString(salt) + "$"
                + Base64.getEncoder().encodeToString(pbkdf2(password, salt, ITERATIONS));
    }

    /** Whether {@code password} matches {@code stored} (made by {@link #hashPassword}); false for a malformed one. */
    static boolean checkPassword(String password, String stored) {
        String[] p = stored.split("\\$");
        if (p.length != 4
                || !p[0].equals("pbkdf2-sha512")
                || !p[1].matches("[1-9][0-9]{0,6}")
                || Integer.parseInt(p[1]) > MAX_ITERATIONS) {
            return false;
        }
        byte[] want = Base64.getDecoder().decode(p[3]);
        byte[] got = pbkdf2(password, Base64.getDecoder().decode(p[2]), Integer.parseInt(p[1]));
        return MessageDigest.isEqual(want, got);
    }

    private static byte[] pbkdf2(String password, byte[] salt, int iterations) {
        try {
            if (!HASHING.tryAcquire(HASH_WAIT_S, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new Busy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Busy();
        }
        try {
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 512);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512")
                    .generateSecret(spec)
                    .getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM has PBKDF2WithHmacSHA512", e);
        } finally {
            HASHING.release();
        }
    }
}
