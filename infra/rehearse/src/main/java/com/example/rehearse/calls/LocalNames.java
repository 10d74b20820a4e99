package com.example.rehearse.calls;

/**
 * The template's logical id of a resource the local AWS names: a table, queue or topic is named
 * after its logical id, alone or followed by {@code -<suffix>} (a test's own instance) or
 * {@code .fifo}; a stream after its table's ARN; the fast path's signing secret has a name of
 * its own (the local AWS's {@code FAST_PATH_SIGNING_SECRET}).
 */
final class LocalNames {

    static final String LOCAL_SIGNING_SECRET = "idempotent-receiver/fast-path-signing-key";
    static final String SIGNING_SECRET = "FastPathSigningKey";

    private LocalNames() {
    }

    static String logicalId(String kind, String localName) {
        return switch (kind) {
            case "secret" -> LOCAL_SIGNING_SECRET.equals(localName) ? SIGNING_SECRET : beforeSuffix(localName);
            case "stream" -> beforeSuffix(localName.replaceFirst("^.*:table/", "").replaceFirst("/stream/.*$", ""));
            default -> beforeSuffix(localName);
        };
    }

    private static String beforeSuffix(String name) {
        return name.split("[-.]", 2)[0];
    }
}
