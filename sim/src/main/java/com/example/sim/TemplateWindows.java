package com.example.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The production windows a run lives through, read from template.yaml as a deployment without
 * parameter overrides gets them: each parameter's {@code Default}, and the literals of the
 * payments queue, its DLQ, the event source mapping and the function.
 *
 * @param queueRetentionSeconds       {@code QueueRetentionSeconds}
 * @param recordTtlSeconds            {@code IdempotencyTtlSeconds}
 * @param maxReceiveCount             {@code MaxReceiveCount}
 * @param maxConcurrency              {@code EventSourceMaximumConcurrency} (the event source's {@code MaximumConcurrency})
 * @param inFunctionConcurrency       {@code InFunctionConcurrency}
 * @param minRemainingTimeMs          {@code MinRemainingTimeMs}
 * @param groupCommit                 {@code GroupCommit}
 * @param signatureWindowSeconds      {@code ProducerSignatureWindowSeconds}
 * @param visibilityTimeoutSeconds    the payments queue's {@code VisibilityTimeout}
 * @param deadLetterRetentionSeconds  the function's {@code DEAD_LETTER_RETENTION_SECONDS} (the DLQ's retention)
 * @param functionTimeoutSeconds      the authorizer's {@code Timeout}
 * @param batchSize                   the event source's {@code BatchSize}
 * @param batchingWindowSeconds       its {@code MaximumBatchingWindowInSeconds}
 * @param maxConcurrencyAllowed       {@code EventSourceMaximumConcurrency}'s {@code MaxValue}
 * @param stream                      the publisher's stream event source and on-failure queue
 * @param fastPathTimeoutMs           {@code FastPathTimeoutMs} (the fast path's read timeout, with the cache on)
 * @param fastPathTtlSeconds          {@code FastPathTtlSeconds} (how long a decision is cached)
 */
record TemplateWindows(long queueRetentionSeconds, long recordTtlSeconds, int maxReceiveCount, int maxConcurrency,
                       int inFunctionConcurrency, long minRemainingTimeMs, boolean groupCommit,
                       long signatureWindowSeconds, long visibilityTimeoutSeconds, long deadLetterRetentionSeconds,
                       long functionTimeoutSeconds, int batchSize, long batchingWindowSeconds, int maxConcurrencyAllowed,
                       StreamSettings stream, long fastPathTimeoutMs, long fastPathTtlSeconds) {

    static TemplateWindows read(Path template) {
        String text;
        try {
            text = Files.readString(template);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the template " + template + ": " + e.getMessage(), e);
        }
        Map<String, String> defaults = defaults(text);
        String function = section(text, "  PaymentAuthorizerFunction:");
        String queue = section(text, "  PaymentsQueue:");
        return new TemplateWindows(
                Long.parseLong(defaults.get("QueueRetentionSeconds")),
                Long.parseLong(defaults.get("IdempotencyTtlSeconds")),
                Integer.parseInt(defaults.get("MaxReceiveCount")),
                Integer.parseInt(defaults.get("EventSourceMaximumConcurrency")),
                Integer.parseInt(defaults.get("InFunctionConcurrency")),
                Long.parseLong(defaults.get("MinRemainingTimeMs")),
                Boolean.parseBoolean(defaults.get("GroupCommit")),
                Long.parseLong(defaults.get("ProducerSignatureWindowSeconds")),
                Long.parseLong(first(queue, "VisibilityTimeout: (\\d+)")),
                Long.parseLong(first(function, "DEAD_LETTER_RETENTION_SECONDS: \"(\\d+)\"")),
                Long.parseLong(first(function, "\\n      Timeout: (\\d+)")),
                Integer.parseInt(first(function, "BatchSize: (\\d+)")),
                Long.parseLong(first(function, "MaximumBatchingWindowInSeconds: (\\d+)")),
                Integer.parseInt(first(section(text, "  EventSourceMaximumConcurrency:"), "MaxValue: (\\d+)")),
                StreamSettings.of(text), Long.parseLong(defaults.get("FastPathTimeoutMs")),
                Long.parseLong(defaults.get("FastPathTtlSeconds")));
    }

    /** Each parameter's Default, by name. */
    private static Map<String, String> defaults(String text) {
        Map<String, String> defaults = new LinkedHashMap<>();
        String parameter = null;
        for (String line : section(text, "Parameters:").split("\n")) {
            Matcher name = Pattern.compile("^  ([A-Za-z0-9]+):\\s*$").matcher(line);
            Matcher value = Pattern.compile("^    Default: \"?([^\"]*)\"?\\s*$").matcher(line);
            if (name.matches()) {
                parameter = name.group(1);
            } else if (value.matches() && parameter != null) {
                defaults.put(parameter, value.group(1).strip());
            }
        }
        return defaults;
    }

    /** The text from {@code heading} to the next line of the same indentation or less. */
    static String section(String text, String heading) {
        int start = text.indexOf("\n" + heading + "\n");
        if (start < 0) {
            throw new IllegalArgumentException("the template has no " + heading.strip());
        }
        int indent = heading.length() - heading.stripLeading().length();
        Matcher next = Pattern.compile("\\n {0," + indent + "}[A-Za-z]").matcher(text);
        int end = next.find(start + heading.length() + 2) ? next.start() : text.length();
        return text.substring(start, end);
    }

    static String first(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("the template has no " + regex);
        }
        return m.group(1);
    }
}
