package com.example.receiver.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Where the kit keeps what it makes once and reuses (the launcher's files, the Python virtualenv),
 * as Testcontainers keeps its images: the system property {@value #PROPERTY}, else the environment
 * variable {@value #VARIABLE}, else {@code $XDG_CACHE_HOME/receiver-testkit}, else
 * {@code ~/.cache/receiver-testkit}. Each entry is named by the digest of what it was made from, so
 * a new release's files never reuse an old one's.
 */
public final class KitCache {

    /** The system property naming the cache folder. */
    public static final String PROPERTY = "receiver.testkit.cache";
    /** The environment variable naming it when the property is not set. */
    public static final String VARIABLE = "RECEIVER_TESTKIT_CACHE";

    private KitCache() {
    }

    /** {@return this JVM's cache folder} */
    public static Path folder() {
        return folder(System.getProperties(), System.getenv());
    }

    /** The cache folder {@code properties} and {@code environment} name. */
    static Path folder(Map<?, ?> properties, Map<String, String> environment) {
        String named = setting(properties, environment, PROPERTY, VARIABLE);
        if (!named.isBlank()) {
            return Path.of(named).toAbsolutePath();
        }
        String xdg = environment.getOrDefault("XDG_CACHE_HOME", "");
        Path base = xdg.isBlank() ? Path.of(Objects.toString(properties.get("user.home"), ""), ".cache") : Path.of(xdg);
        return base.resolve("receiver-testkit").toAbsolutePath();
    }

    /** A kit setting: the system property {@code property}, else the environment variable {@code variable}, else blank. */
    static String setting(Map<?, ?> properties, Map<String, String> environment, String property, String variable) {
        String value = Objects.toString(properties.get(property), "");
        return value.isBlank() ? environment.getOrDefault(variable, "").strip() : value.strip();
    }

    /** Removes {@code folder} and what it holds (a copy another JVM made first). */
    static void delete(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + folder, e);
        }
    }
}
