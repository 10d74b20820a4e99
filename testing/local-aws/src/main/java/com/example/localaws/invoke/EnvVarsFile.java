package com.example.localaws.invoke;

import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The project's {@code env.json}: the file {@code sam local invoke --env-vars} takes (and
 * samconfig.toml's {@code local_invoke} section names), one object per function, keyed by its
 * logical id, of string values for its variables. SAM CLI gives a function only the variables
 * the template declares for it (its own and the {@code Globals}'), taking a value from this file
 * where it has one; a name the template does not declare is dropped. So the file names exactly
 * the template's variables of every function, which {@link #disagreements} checks.
 *
 * <p>The local runtime ({@code make invoke}, {@code make drain}) reads the same sections, a
 * value that is a queue's or topic's logical id standing for that resource of the local AWS.
 */
public final class EnvVarsFile {

    /** The file's name, at the project's root. */
    public static final String NAME = "env.json";

    private final JsonNode root;

    private EnvVarsFile(JsonNode root) {
        this.root = root;
    }

    /** {@value #NAME} at the root of the project at {@code projectRoot}. */
    public static EnvVarsFile read(Path projectRoot) {
        Path file = projectRoot.resolve(NAME);
        try {
            JsonNode root = new ObjectMapper().readTree(file.toFile());
            if (root == null || !root.isObject()) {
                throw new IllegalArgumentException(file + " must be one JSON object, of one object per function");
            }
            return new EnvVarsFile(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /**
     * The variables of the function {@code logicalId}, in the file's order. Fails, naming the
     * function, when the file has no section for it or a value is not a string.
     */
    public Map<String, String> variables(String logicalId) {
        JsonNode section = root.path(logicalId);
        if (!section.isObject()) {
            throw new IllegalArgumentException(NAME + " has no section for " + logicalId
                    + ": add one with each variable template.yaml declares for it");
        }
        Map<String, String> variables = new LinkedHashMap<>();
        section.properties().forEach(variable -> {
            if (!variable.getValue().isTextual()) {
                throw new IllegalArgumentException(NAME + ": " + logicalId + "." + variable.getKey()
                        + " must be a string, as Lambda's variables are");
            }
            variables.put(variable.getKey(), variable.getValue().textValue());
        });
        return variables;
    }

    /**
     * Where this file and the template at {@code template} disagree, one sentence each: a function
     * without a section, a variable the template declares for a function and the file lacks, a
     * variable the file sets that the template does not declare (SAM CLI would drop it), a section
     * naming no function. Empty when they agree.
     */
    public List<String> disagreements(Path template) {
        List<String> problems = new ArrayList<>();
        Set<String> functions = new TreeSet<>();
        Template.read(template).functions().forEach(function -> functions.add(function.logicalId()));
        for (String function : functions) {
            if (!root.path(function).isObject()) {
                problems.add(NAME + " has no section for " + function + ", a function of template.yaml");
                continue;
            }
            Set<String> declared = LambdaFunction.declaredVariables(template, function);
            Set<String> given = new TreeSet<>(variables(function).keySet());
            for (String variable : declared) {
                if (!given.contains(variable)) {
                    problems.add(NAME + ": " + function + " lacks " + variable + ", which template.yaml declares for it");
                }
            }
            for (String variable : given) {
                if (!declared.contains(variable)) {
                    problems.add(NAME + ": " + function + " sets " + variable
                            + ", which template.yaml does not declare for it (sam local invoke drops it)");
                }
            }
        }
        root.fieldNames().forEachRemaining(section -> {
            if (!functions.contains(section)) {
                problems.add(NAME + " has a section " + section + ", which is no function of template.yaml");
            }
        });
        return problems;
    }
}
