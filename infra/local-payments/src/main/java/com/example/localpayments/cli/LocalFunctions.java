package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalTls;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.LambdaFunction;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The template's functions as the local runtime runs them: the code of the module its
 * {@code CodeUri} names (built by the Makefile), the variables of its section in the root
 * {@code env.json} ({@link EnvVarsFile}: the file {@code sam local invoke} takes; a value naming a
 * queue or topic by its logical id is that queue's URL or topic's ARN in the running local AWS, a
 * table's logical id is its local name); with the fast path pointed at the local one-node TLS Redis
 * Cluster (its endpoint, the local CA, the local signing secret), producers' signatures required
 * or not as {@code up} was told (the local producer's secret being the one producer's), {@code PUSH_API_BASE_URL} at the local push API and {@code PUSH_API_CREDENTIAL_SECRET} at the local push API credential's secret, and the AWS connection pointed at the
 * local moto launcher (each function signs with its own key, {@link com.example.localaws.CallRecording}).
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
        Template model = Template.read(template);
        JsonNode codeUri = model.has(logicalId) ? model.resource(logicalId).property("CodeUri") : MissingNode.getInstance();
        if (!codeUri.isTextual()) {
            throw new CliException("template.yaml declares no function " + logicalId + " with a CodeUri");
        }
        Map<String, String> env = new HashMap<>();
        try {
            EnvVarsFile.read(root).variables(logicalId).forEach((name, value) -> env.put(name, messaging(value)));
        } catch (IllegalArgumentException noSection) {
            throw new CliException(noSection.getMessage());
        }
        if (env.containsKey(ReceiverVariables.FAST_PATH_ENDPOINT)) {
            env.putAll(ReceiverEnvironment.fastPath("127.0.0.1:" + state.redisPort(), LocalTls.in(root).caFile(),
                    LocalAws.FAST_PATH_SIGNING_SECRET));
        }
        if (env.containsKey(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES)) {
            env.put(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES, Boolean.toString(state.producerSignatures()));
            env.put(ReceiverVariables.PRODUCER_SIGNING_SECRETS,
                    state.producerSignatures() ? LocalAws.PRODUCER_SIGNING_SECRET : "");
        }
        if (env.containsKey("PUSH_API_BASE_URL")) {
            env.put("PUSH_API_BASE_URL", state.pushApiBaseUrl().toString());
        }
        if (env.containsKey("PUSH_API_CREDENTIAL_SECRET")) {
            env.put("PUSH_API_CREDENTIAL_SECRET", LocalAws.PUSH_API_CREDENTIAL_SECRET);
        }
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", state.motoEndpoint().toString());
        Path module = root.resolve(codeUri.asText());
        try {
            return LambdaFunction.fromTemplate(template, logicalId, LambdaFunction.moduleClasspath(module), env);
        } catch (IllegalStateException notBuilt) {
            throw new CliException(notBuilt.getMessage() + " (the Makefile builds it: make invoke / make drain)");
        }
    }

    /** A queue's or topic's logical id to its local URL or ARN; any other value stays as it is. */
    private String messaging(String value) {
        return state.queues().getOrDefault(value, state.topics().getOrDefault(value, value));
    }
}
