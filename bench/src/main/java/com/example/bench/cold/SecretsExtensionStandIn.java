package com.example.bench.cold;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueResponse;
import software.amazon.awssdk.services.secretsmanager.model.SecretsManagerException;

/**
 * For the {@code extension} variant: a stand-in of the AWS Parameters and Secrets Lambda Extension's
 * local HTTP API on a loopback port, answering {@code GET /secretsmanager/get?secretId=<id>} with
 * GetSecretValue's JSON from the local Secrets Manager, and refusing (403) a request without the
 * {@value SecretsThroughExtension#TOKEN_HEADER} header
 * (https://docs.aws.amazon.com/secretsmanager/latest/userguide/retrieving-secrets_lambda.html).
 * In Lambda the extension is a process of the execution environment that fetches over TLS and
 * caches; here the fetch runs in the benchmark's process, off the function's pinned core (the
 * extension's own CPU is not counted), and nothing is cached (the variant reads each key once).
 * Locally the function has no session token (it signs with a key of its own), so any value of the
 * header is accepted.
 */
final class SecretsExtensionStandIn implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final SecretsManagerClient secrets;

    SecretsExtensionStandIn(SecretsManagerClient secrets) {
        this.secrets = secrets;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on the loopback interface", e);
        }
        server.createContext("/secretsmanager/get", this::answer);
        server.start();
    }

    /** The port, for {@value SecretsThroughExtension#PORT}. */
    int port() {
        return server.getAddress().getPort();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String query = exchange.getRequestURI().getRawQuery();
            if (exchange.getRequestHeaders().getFirst(SecretsThroughExtension.TOKEN_HEADER) == null) {
                send(exchange, 403, JSON.createObjectNode().put("message", "missing token header"));
                return;
            }
            if (query == null || !query.startsWith("secretId=")) {
                send(exchange, 400, JSON.createObjectNode().put("message", "secretId is required"));
                return;
            }
            String secretId = URLDecoder.decode(query.substring("secretId=".length()), StandardCharsets.UTF_8);
            try {
                GetSecretValueResponse value = secrets.getSecretValue(request -> request.secretId(secretId));
                send(exchange, 200, JSON.createObjectNode().put("ARN", value.arn()).put("Name", value.name())
                        .put("VersionId", value.versionId()).put("SecretString", value.secretString()));
            } catch (SecretsManagerException refused) {
                send(exchange, refused.statusCode(), JSON.createObjectNode().put("message", refused.awsErrorDetails().errorCode()));
            }
        }
    }

    private static void send(HttpExchange exchange, int status, ObjectNode body) throws IOException {
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        secrets.close();
    }
}
