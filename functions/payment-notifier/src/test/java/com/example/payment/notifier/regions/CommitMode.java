package com.example.payment.notifier.regions;

import com.example.receiver.lambda.ReceiverVariables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The authorizer's commit mode in a multi-Region stack, as template.yaml sets it: its
 * {@code COMMIT_MODE: !If [GlobalTablesOn, <multi-Region>, <single Region>]}, the first branch.
 * A template that sets no {@code COMMIT_MODE} runs today's commit: an empty mode, the variable left
 * out, the library's default.
 */
final class CommitMode {

    /** The authorizer's variable. */
    static final String VARIABLE = ReceiverVariables.COMMIT_MODE;
    /** The mode of the design's multi-Region stack: one conditional write on the account item. */
    static final String SINGLE_WRITE = "single-write";

    private static final Pattern SET = Pattern.compile(
            "\\n\\s+" + VARIABLE + ":\\s*!If\\s*\\[\\s*GlobalTablesOn\\s*,\\s*([a-z-]+)\\s*,");

    private CommitMode() {
    }

    /** The mode template.yaml under {@code root} gives a multi-Region stack's authorizer; empty when it sets none. */
    static String ofMultiRegionStack(Path root) {
        try {
            Matcher set = SET.matcher(Files.readString(root.resolve("template.yaml"), StandardCharsets.UTF_8));
            return set.find() ? set.group(1) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
