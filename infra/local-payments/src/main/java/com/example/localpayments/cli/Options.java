package com.example.localpayments.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@code --name value} options after the command's name. An empty value counts as absent. */
record Options(Map<String, String> values) {

    Options {
        values = Map.copyOf(values);
    }

    static Options parse(List<String> args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i += 2) {
            String name = args.get(i);
            if (!name.startsWith("--") || i + 1 >= args.size()) {
                throw new CliException("expected --name value pairs, got: " + String.join(" ", args));
            }
            if (!args.get(i + 1).isEmpty()) {
                values.put(name.substring(2), args.get(i + 1));
            }
        }
        return new Options(values);
    }

    Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    String require(String name) {
        return get(name).orElseThrow(() -> new CliException("--" + name + " is required"));
    }

    /** A file given relative to the project's root (as the Makefile passes them) or absolute. */
    Optional<Path> file(String name, Path root) {
        return get(name).map(value -> root.resolve(value).normalize());
    }

    Optional<Integer> number(String name) {
        return get(name).map(value -> {
            if (!value.matches("[0-9]{1,9}")) {
                throw new CliException("--" + name + " must be a whole number, got: " + value);
            }
            return Integer.parseInt(value);
        });
    }
}
