package com.example.sim.compat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The reader of a stored idempotency record in each version: the one the receiver's store itself
 * reads a record with when a condition fails on it ({@code IdempotencyRecord.storedIn}: its
 * decision, fingerprint and expiry; empty when it cannot read them, which the store never
 * acknowledges), the working tree's and the release's. Asked of every record either version
 * writes, so that a record one version cannot read is named as it is written, not when a
 * redelivery happens to meet it.
 */
public final class RecordReaders {

    private static final String RECORD = "com.example.receiver.internal.dynamodb.IdempotencyRecord";

    private final Map<String, Method> readers = new LinkedHashMap<>();

    private RecordReaders() {
    }

    /** The working tree's reader, and {@code release}'s. */
    public static RecordReaders of(ReleasedVersion release) {
        RecordReaders both = new RecordReaders();
        both.readers.put("the working tree", reader(RecordReaders.class.getClassLoader()));
        both.readers.put(release.version(), reader(release.loader()));
        return both;
    }

    private static Method reader(ClassLoader loader) {
        try {
            Method storedIn = Class.forName(RECORD, true, loader).getDeclaredMethod("storedIn", Map.class);
            storedIn.setAccessible(true);
            return storedIn;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no record reader " + RECORD + ".storedIn(Map) in " + loader, e);
        }
    }

    /**
     * What each version reads of {@code item}: its decision and fingerprint, as the version's
     * reader holds them (a {@code Stored} record's text), or empty where the version cannot read it.
     */
    public Map<String, Optional<String>> read(Map<String, AttributeValue> item) {
        Map<String, Optional<String>> read = new LinkedHashMap<>();
        readers.forEach((version, reader) -> read.put(version, stored(reader, item)));
        return read;
    }

    private static Optional<String> stored(Method reader, Map<String, AttributeValue> item) {
        try {
            return ((Optional<?>) reader.invoke(null, item)).map(stored -> decisionAndFingerprint(stored));
        } catch (InvocationTargetException e) {
            return Optional.empty(); // a reader that throws reads nothing
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The decision and fingerprint a {@code Stored} holds, in words both versions' records spell alike. */
    private static String decisionAndFingerprint(Object stored) {
        try {
            Method decisionOf = stored.getClass().getDeclaredMethod("decision");
            Method fingerprintOf = stored.getClass().getDeclaredMethod("fingerprint");
            decisionOf.setAccessible(true); // a record the store keeps to its package
            fingerprintOf.setAccessible(true);
            Object decision = decisionOf.invoke(stored);
            Object fingerprint = fingerprintOf.invoke(stored);
            return decision + " " + fingerprint.getClass().getMethod("hex").invoke(fingerprint);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a stored record without decision() and fingerprint(): " + stored, e);
        }
    }
}
