package com.example.contracts;

import com.example.localaws.ProjectRoot;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The last release this checkout descends from, as {@code infra/release/last-release.sh} names it
 * (docs/release.md, "The last release"), and its contracts: a file as the released commit holds
 * it ({@code git show}), or, for a contract the release shipped without a schema file, the
 * baseline recorded for it in {@value #BASELINES}{@code <version>/} (docs/release.md says how each
 * was made).
 *
 * @param version the release's x.y.z
 * @param commit  the commit its tag marks
 */
public record LastRelease(String version, String commit) {

    /** Where the baselines of released contracts that had no schema file are, from the project's root. */
    public static final String BASELINES = "infra/release/baselines/";

    public LastRelease {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(commit, "commit");
    }

    /** The last release of the checkout the tests run in. */
    public static LastRelease ofThisCheckout() {
        String named = run(List.of(ProjectRoot.find().resolve("infra/release/last-release.sh").toString())).strip();
        String[] parts = named.split(" ");
        if (parts.length != 2) {
            throw new IllegalStateException("last-release.sh printed '" + named + "', not '<version> <commit>'");
        }
        return new LastRelease(parts[0], parts[1]);
    }

    /** {@code path} (from the project's root) as the released commit holds it; empty when it holds none. */
    public Optional<String> file(String path) {
        Process show = start(List.of("git", "-C", ProjectRoot.find().toString(), "cat-file", "-e", commit + ":" + path));
        if (exitOf(show) != 0) {
            return Optional.empty();
        }
        return Optional.of(run(List.of("git", "-C", ProjectRoot.find().toString(), "show", commit + ":" + path)));
    }

    /**
     * The released form of the schema at {@code path} (e.g. {@code docs/decision-message.schema.json}):
     * the released commit's file, else this release's recorded baseline of the same name.
     *
     * @throws IllegalStateException when the release has neither: no contract to compare with
     */
    public JsonNode schema(String path) {
        Optional<String> released = file(path);
        if (released.isPresent()) {
            return read(released.get(), commit + ":" + path);
        }
        Path baseline = baseline(path);
        if (!Files.isRegularFile(baseline)) {
            throw new IllegalStateException("release " + version + " has no " + path + " and no baseline "
                    + ProjectRoot.find().relativize(baseline) + ": record one (docs/release.md)");
        }
        try {
            return read(Files.readString(baseline), baseline.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where this release's baseline of the schema at {@code path} is recorded. */
    public Path baseline(String path) {
        return ProjectRoot.find().resolve(BASELINES + version).resolve(Path.of(path).getFileName());
    }

    private static JsonNode read(String text, String where) {
        try {
            return MessageSchema.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(where + " is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static String run(List<String> command) {
        Process process = start(command);
        try {
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (exitOf(process) != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + err.strip());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Process start(List<String> command) {
        try {
            return new ProcessBuilder(command).directory(ProjectRoot.find().toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0), e);
        }
    }

    private static int exitOf(Process process) {
        try {
            return process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
