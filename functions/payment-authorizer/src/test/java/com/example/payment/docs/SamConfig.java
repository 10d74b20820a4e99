package com.example.payment.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The environments samconfig.toml defines: the {@code env} of its {@code [env.command.parameters]} tables. */
final class SamConfig {

    private static final Pattern TABLE = Pattern.compile("^\\[([A-Za-z0-9_-]+)\\.[A-Za-z0-9_.-]+]\\s*$");

    private final Set<String> environments;

    private SamConfig(Set<String> environments) {
        this.environments = environments;
    }

    static SamConfig read(Path root) {
        try {
            return new SamConfig(Files.readAllLines(root.resolve("samconfig.toml")).stream()
                    .map(TABLE::matcher)
                    .filter(Matcher::matches)
                    .map(table -> table.group(1))
                    .collect(Collectors.toUnmodifiableSet()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read samconfig.toml", e);
        }
    }

    /** Whether {@code sam ... --config-env environment} finds it. */
    boolean defines(String environment) {
        return environments.contains(environment);
    }
}
