package com.example.payment.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What samconfig.toml sets: the environments, the {@code env} of its
 * {@code [env.command.parameters]} tables, and their string parameters ({@code key = "value"}).
 */
final class SamConfig {

    private static final Pattern TABLE = Pattern.compile("^\\[([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)\\.parameters]\\s*$");
    private static final Pattern STRING_PARAMETER = Pattern.compile("^([a-z_]+)\\s*=\\s*\"([^\"]*)\"\\s*$");

    /** {@code env.command} to its string parameters. */
    private final Map<String, Map<String, String>> tables;

    private SamConfig(Map<String, Map<String, String>> tables) {
        this.tables = tables;
    }

    static SamConfig read(Path root) {
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve("samconfig.toml"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read samconfig.toml", e);
        }
        Map<String, Map<String, String>> tables = new HashMap<>();
        Map<String, String> current = null;
        for (String line : lines) {
            Matcher table = TABLE.matcher(line);
            Matcher parameter = STRING_PARAMETER.matcher(line);
            if (table.matches()) {
                current = tables.computeIfAbsent(table.group(1) + "." + table.group(2), key -> new HashMap<>());
            } else if (line.startsWith("[")) {
                current = null;
            } else if (current != null && parameter.matches()) {
                current.put(parameter.group(1), parameter.group(2));
            }
        }
        return new SamConfig(tables);
    }

    /** Whether {@code sam ... --config-env environment} finds it. */
    boolean defines(String environment) {
        return tables.keySet().stream().anyMatch(table -> table.startsWith(environment + "."));
    }

    /**
     * The string value {@code sam <command> --config-env environment} takes for {@code parameter}
     * from the file ({@code command} as samconfig spells it: {@code local_invoke}); the
     * {@code global} table's when the command's has none.
     */
    Optional<String> parameter(String environment, String command, String parameter) {
        return Optional.ofNullable(tables.getOrDefault(environment + "." + command, Map.of()).get(parameter))
                .or(() -> Optional.ofNullable(tables.getOrDefault(environment + ".global", Map.of()).get(parameter)));
    }
}
