package com.example.sim;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The command's {@code NAME=value} arguments: known names only, empty values left out. */
final class Variables {

    private static final Set<String> KNOWN = Set.of("SEED", "SEEDS", "FIRST_SEED", "PAYMENTS", "PROFILE", "KEEP_PAYMENTS",
            "KEEP_FAULTS", "SHRINK", "TEMPLATE", "RATE", "MINUTES", "CONCURRENCY", "WARM_WRITE_UNITS",
            "RESERVED", "LAMBDA_THROTTLE_MINUTES", "CACHE", "QUEUE", "DRAW", "RULES", "DESIGN", "RELEASE", "HOT");

    private Variables() {
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> variables = new LinkedHashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("arguments are NAME=value, was '" + arg + "'");
            }
            String name = arg.substring(0, equals);
            if (!KNOWN.contains(name)) {
                throw new IllegalArgumentException("unknown variable " + name + ": known are " + new java.util.TreeSet<>(KNOWN));
            }
            if (!arg.substring(equals + 1).isEmpty()) {
                variables.put(name, arg.substring(equals + 1));
            }
        }
        return variables;
    }

    static int number(Map<String, String> variables, String name, int otherwise, int min, int max) {
        String text = variables.get(name);
        if (text == null) {
            return otherwise;
        }
        if (!text.matches("[0-9]{1,10}") || Long.parseLong(text) < min || Long.parseLong(text) > max) {
            throw new IllegalArgumentException(name + " must be a whole number from " + min + " to " + max + ", was '" + text + "'");
        }
        return Integer.parseInt(text);
    }
}
