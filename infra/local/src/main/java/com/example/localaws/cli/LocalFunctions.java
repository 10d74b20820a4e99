package com.example.localaws.cli;

import com.example.localaws.LocalAws;
import com.example.localaws.invoke.LambdaFunction;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The template's functions as the local runtime runs them: the code of the module its
 * {@code CodeUri} names (built by the Makefile), the variables of its section in the root
 * {@code env.json} (the file {@code sam local invoke --env-vars} takes), with the fast path
 * pointed at the local redis-server without TLS, and the AWS connection pointed at the local
 * moto launcher with dummy credentials.
 */
final class LocalFunctions {

    private final Path root;
    private final RunState state;

    LocalFunctions(Path root, RunState state) {
        this.root = root;
        this.state = state;
    }

    LambdaFunction function(String logicalId) {
        Path template = root.resolve("template.yaml");
        JsonNode codeUri = readYaml(template).path("Resources").path(logicalId).path("Properties").path("CodeUri");
        if (!codeUri.isTextual()) {
            throw new CliException("template.yaml declares no function " + logicalId + " with a CodeUri");
        }
        Map<String, String> env = new HashMap<>();
        readJson(root.resolve("env.json")).path(logicalId).fields()
                .forEachRemaining(variable -> env.put(variable.getKey(), variable.getValue().asText()));
        if (env.containsKey("FAST_PATH_ENDPOINT")) {
            env.put("FAST_PATH_ENDPOINT", "127.0.0.1:" + state.redisPort());
            env.put("FAST_PATH_TLS", "false");
        }
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", state.motoEndpoint().toString());
        env.put("AWS_ACCESS_KEY_ID", "local");
        env.put("AWS_SECRET_ACCESS_KEY", "local");
        Path module = root.resolve(codeUri.asText());
        try {
            return LambdaFunction.fromTemplate(template, logicalId, LambdaFunction.moduleClasspath(module), env);
        } catch (IllegalStateException notBuilt) {
            throw new CliException(notBuilt.getMessage() + " (the Makefile builds it: make invoke / make drain)");
        }
    }

    private static JsonNode readYaml(Path file) {
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static JsonNode readJson(Path file) {
        try {
            return new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
