package com.example.payment.authorizer;

import com.example.localaws.CallRecording;
import com.example.localaws.LocalAws;
import com.example.localaws.invoke.LambdaPhaseInterceptor;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An HTTP/1.1 front on 127.0.0.1 that forwards every request to the local AWS and keeps its
 * clients' connections alive, as AWS's endpoints do: a port of its own, so that a test can tell
 * the connections one client keeps from those the JVM's other clients keep to the local AWS. It
 * closes a connection whose request asks so ({@code Connection: close}), without saying so in its
 * answer (the JDK's own server). A test gets a client of it with {@link #client}.
 */
final class KeepAliveFront implements AutoCloseable {

    /** Headers the JDK's HTTP client sets itself (and refuses to be given). */
    private static final Set<String> OWN_HEADERS = Set.of("connection", "content-length", "expect", "host", "upgrade");

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpClient upstream;
    private final URI target;

    private KeepAliveFront(LocalAws aws) throws IOException {
        this.target = aws.endpoint();
        this.upstream = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(aws.redis().tls().sslContext()) // the local CA, on HTTPS
                .build();
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(threads);
        server.createContext("/", this::forward);
        server.start();
    }

    /** A front for {@code aws}, on HTTP or HTTPS as it answers. */
    static KeepAliveFront to(LocalAws aws) {
        try {
            return new KeepAliveFront(aws);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the front", e);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    /**
     * A DynamoDB client of the function {@code logicalId} on {@code http}, reaching the local AWS
     * through this front: signing as the function and saying the Lambda phase of each call, as a
     * function process's clients do, so that the launcher records its calls for make rehearse.
     */
    DynamoDbClient client(SdkHttpClient http, String logicalId) {
        return DynamoDbClient.builder()
                .httpClient(http)
                .endpointOverride(URI.create("http://127.0.0.1:" + port()))
                .region(LocalAws.REGION)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(CallRecording.accessKeyId(logicalId), "local")))
                .overrideConfiguration(override -> override.addExecutionInterceptor(new LambdaPhaseInterceptor()))
                .build();
    }

    private void forward(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().toString()))
                    .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(in.readAllBytes()));
            for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
                if (!OWN_HEADERS.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                    header.getValue().forEach(value -> request.header(header.getKey(), value));
                }
            }
            HttpResponse<byte[]> response = upstream.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            response.headers().map().forEach((name, values) -> {
                if (!OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT)) && !name.equalsIgnoreCase("transfer-encoding")
                        && !name.startsWith(":")) {
                    exchange.getResponseHeaders().put(name, values);
                }
            });
            byte[] body = response.body();
            exchange.sendResponseHeaders(response.statusCode(), body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        upstream.close();
    }
}
