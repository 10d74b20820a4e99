package com.example.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * One section of {@code docs/benchmarks.md}: {@code bench/target/sections/NN-name.md} (markdown,
 * starting with a {@code ##} heading) and {@code NN-name.json} beside it (the figures). {@code NN}
 * orders the sections; the report takes every one present.
 */
public final class SectionFile {

    /** Where the sections live, from the project root (the benchmarks run there). */
    public static final Path FOLDER = Path.of("bench", "target", "sections");

    /**
     * The argument that asks a benchmark for its section again from the figures it saved, nothing
     * measured ({@code make bench-report}): after a change to the section's text or chart.
     */
    public static final String FROM_SAVED_FIGURES = "--from-saved-figures";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SectionFile() {
    }

    /** Writes {@code name}.md and {@code name}.json (e.g. {@code 10-round-trips}). */
    public static void write(String name, String markdown, Object figures) {
        if (!name.matches("\\d\\d-[a-z0-9-]+")) {
            throw new IllegalArgumentException("a section is named NN-name: " + name);
        }
        try {
            Files.createDirectories(FOLDER);
            Files.writeString(FOLDER.resolve(name + ".md"), markdown);
            JSON.writeValue(FOLDER.resolve(name + ".json").toFile(), figures);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write section " + name, e);
        }
    }

    /** The figures section {@code name} saved beside its markdown, read back as {@code type}; empty when it has none. */
    public static <T> Optional<T> figures(String name, Class<T> type) {
        Path file = FOLDER.resolve(name + ".json");
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), type));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the figures of section " + name + " from " + file, e);
        }
    }

    /**
     * The machine's load average over 1, 5 and 15 minutes ({@code /proc/loadavg}), or
     * {@code unknown}: on a shared machine it says how much of a timing is someone else's work.
     */
    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " / " + fields[1] + " / " + fields[2] + " (1 / 5 / 15 min)";
        } catch (IOException | RuntimeException unreadable) {
            return "unknown";
        }
    }

    /** {@code met} or {@code not met}, as the report states a goal. */
    public static String verdict(boolean met) {
        return met ? "**met**" : "**not met**";
    }

    /** A number with {@code decimals} decimals, dot-separated whatever the locale. */
    public static String number(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
