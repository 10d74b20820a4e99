package com.example.payment.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the project's Makefile defines and reads, as far as {@code make TARGET VAR=value} can
 * tell: its rules' targets, the variables it expands, and for each target the optional
 * environment variables of the scripts its recipe (or a prerequisite's) runs.
 */
final class Makefile {

    /** {@code target another: prerequisites ## help}; not {@code NAME := value} nor {@code NAME = a:b}. */
    private static final Pattern RULE = Pattern.compile("^([A-Za-z0-9_.-]+(?:[ \\t]+[A-Za-z0-9_.-]+)*)[ \\t]*:(?!=)([^#]*)");
    private static final Pattern EXPANSION = Pattern.compile("\\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]");
    private static final Pattern SCRIPT = Pattern.compile("\\$\\(ROOT\\)/(\\S+\\.sh)");
    /** How a {@code set -u} script reads an optional variable of its environment: {@code ${NAME:-default}}. */
    private static final Pattern OPTIONAL_INPUT = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*):-");

    private final Map<String, List<String>> prerequisites = new HashMap<>();
    private final Map<String, Set<String>> scriptInputs = new HashMap<>();
    private final Set<String> expanded = new HashSet<>();

    private Makefile() {
    }

    /** The Makefile at the root of the project. */
    static Makefile read(Path root) {
        Makefile makefile = new Makefile();
        String current = null;
        for (String line : lines(root.resolve("Makefile"))) {
            Matcher expansion = EXPANSION.matcher(line);
            while (expansion.find()) {
                makefile.expanded.add(expansion.group(1));
            }
            Matcher rule = RULE.matcher(line);
            if (rule.find() && !line.startsWith("\t")) {
                current = null;
                for (String target : rule.group(1).trim().split("[ \\t]+")) {
                    if (!target.startsWith(".")) {
                        makefile.prerequisites.put(target, List.of(rule.group(2).trim().split("[ \\t]+")));
                        makefile.scriptInputs.putIfAbsent(target, new HashSet<>());
                        current = target;
                    }
                }
            } else if (line.startsWith("\t") && current != null) {
                Matcher script = SCRIPT.matcher(line);
                while (script.find()) {
                    makefile.scriptInputs.get(current).addAll(optionalInputs(root.resolve(script.group(1))));
                }
            } else if (!line.isBlank()) {
                current = null;
            }
        }
        return makefile;
    }

    /** Whether a rule makes {@code target}. */
    boolean defines(String target) {
        return prerequisites.containsKey(target);
    }

    /**
     * Whether {@code make target VAR=value} hands {@code variable} to something that reads it:
     * the Makefile expands it ({@code $(VAR)}), or a script run for the target or one of its
     * prerequisites reads it from its environment (make exports command-line variables to its
     * recipes).
     */
    boolean reads(String target, String variable) {
        if (expanded.contains(variable)) {
            return true;
        }
        Deque<String> pending = new ArrayDeque<>(List.of(target));
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            String next = pending.pop();
            if (seen.add(next) && defines(next)) {
                if (scriptInputs.get(next).contains(variable)) {
                    return true;
                }
                pending.addAll(prerequisites.get(next));
            }
        }
        return false;
    }

    private static Set<String> optionalInputs(Path script) {
        Set<String> inputs = new HashSet<>();
        Matcher input = OPTIONAL_INPUT.matcher(String.join("\n", lines(script)));
        while (input.find()) {
            inputs.add(input.group(1));
        }
        return inputs;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
