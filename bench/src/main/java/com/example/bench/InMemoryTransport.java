package com.example.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An HTTP transport for the SDK that never opens a socket: it reads the request body the SDK
 * marshalled and signed, and answers {@code 200 {}}, which is DynamoDB's answer to a
 * TransactWriteItems that committed, or, to the receiver's one {@code DescribeTimeToLive} at its
 * build, TTL on {@code expiresAt}. The client on top is the real SDK client, so everything
 * the function's CPU does for a call (marshalling, SigV4 signing, interceptors, response
 * parsing) is measured, and nothing of the network is. Benchmarks only: behaviour is tested
 * against the local AWS.
 */
final class InMemoryTransport implements SdkHttpClient {

    private static final byte[] COMMITTED = "{}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] TTL_ON = ("{\"TimeToLiveDescription\":{\"AttributeName\":\"expiresAt\","
            + "\"TimeToLiveStatus\":\"ENABLED\"}}").getBytes(StandardCharsets.UTF_8);

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                byte[] answer = request.httpRequest().firstMatchingHeader("X-Amz-Target")
                        .filter(target -> target.endsWith(".DescribeTimeToLive")).isPresent() ? TTL_ON : COMMITTED;
                if (request.contentStreamProvider().isPresent()) {
                    try (InputStream body = request.contentStreamProvider().get().newStream()) {
                        body.transferTo(OutputStream.nullOutputStream());
                    }
                }
                return HttpExecuteResponse.builder()
                        .response(SdkHttpResponse.builder()
                                .statusCode(200)
                                .putHeader("Content-Type", "application/x-amz-json-1.0")
                                .putHeader("Content-Length", Integer.toString(answer.length))
                                .build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(answer)))
                        .build();
            }

            @Override
            public void abort() {
                // nothing in flight to abort: the answer is already in memory
            }
        };
    }

    @Override
    public String clientName() {
        return "InMemory";
    }

    @Override
    public void close() {
        // no connections to close
    }
}
