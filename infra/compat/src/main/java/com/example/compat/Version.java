package com.example.compat;

import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.LambdaFunction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One version of the payment functions: the authorizer's and the publisher's code as that version
 * ships it, and the tree it was built from (its {@code template.yaml} and {@code env.json} give the
 * functions their handler, timeout and variables, as that version's deploy would).
 *
 * @param label     how the report names it: the release's version, or {@code tree}
 * @param source    the version's source tree (template.yaml, env.json)
 * @param authorizer the payment-authorizer's code: its deployment package, or its module's classes and libraries
 * @param publisher the payment-events function's code, likewise
 */
record Version(String label, Path source, List<Path> authorizer, List<Path> publisher) {

    static final String AUTHORIZER = "PaymentAuthorizerFunction";
    static final String PUBLISHER = "PaymentEventsFunction";

    Version {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(source, "source");
        authorizer = List.copyOf(authorizer);
        publisher = List.copyOf(publisher);
    }

    /**
     * The last release this checkout descends from ({@code infra/release/last-release.sh} names it),
     * as {@code last-release.sh --build} ({@code make last-release}) left it in
     * {@code target/last-release/<version>}: its shaded packages under {@code functions/}, its
     * source under {@code src/}.
     */
    static Version released(Path root) {
        String named = ProcessOutput.of(root, List.of(root.resolve("infra/release/last-release.sh").toString())).strip();
        String version = named.split(" ")[0];
        Path folder = root.resolve("target/last-release").resolve(version);
        Path authorizer = folder.resolve("functions/payment-authorizer-" + version + ".jar");
        Path publisher = folder.resolve("functions/payment-events-" + version + ".jar");
        for (Path jar : List.of(authorizer, publisher)) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException(jar + " is missing: infra/release/last-release.sh --build (make last-release) builds it");
            }
        }
        return new Version(version, folder.resolve("src"), List.of(authorizer), List.of(publisher));
    }

    /** The working tree's functions as the reactor built them (their modules' classes and runtime libraries). */
    static Version tree(Path root) {
        return new Version("tree", root, LambdaFunction.moduleClasspath(root.resolve("functions/payment-authorizer")),
                LambdaFunction.moduleClasspath(root.resolve("functions/payment-events")));
    }

    /** The authorizer with this version's variables ({@code env.json}), {@code overrides} applied. */
    LambdaFunction authorizerFunction(Map<String, String> overrides) {
        return function(AUTHORIZER, authorizer, overrides);
    }

    /** The publisher with this version's variables ({@code env.json}), {@code overrides} applied. */
    LambdaFunction publisherFunction(Map<String, String> overrides) {
        return function(PUBLISHER, publisher, overrides);
    }

    /** Both functions' code, authorizer first: what this version's readers of the table load. */
    List<Path> readersClasspath() {
        List<Path> classpath = new ArrayList<>(authorizer);
        classpath.addAll(publisher);
        return classpath;
    }

    /** The variable {@code name} this version's {@code env.json} gives the authorizer. */
    String authorizerVariable(String name) {
        String value = EnvVarsFile.read(source).variables(AUTHORIZER).get(name);
        if (value == null) {
            throw new IllegalStateException(label + "'s env.json gives " + AUTHORIZER + " no " + name);
        }
        return value;
    }

    private LambdaFunction function(String logicalId, List<Path> code, Map<String, String> overrides) {
        Map<String, String> env = new HashMap<>(EnvVarsFile.read(source).variables(logicalId));
        env.putAll(overrides);
        Path template = source.resolve("template.yaml");
        if (!Files.isRegularFile(template)) {
            throw new UncheckedIOException(new IOException(template + " is missing"));
        }
        return LambdaFunction.fromTemplate(template, logicalId, code, env);
    }
}
