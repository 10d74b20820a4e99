package com.example.payment.authorizer;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;

/**
 * An SDK HTTP client for the calls made once before a SnapStart snapshot (the signing key's read at
 * init, the priming's read) that keeps no connection: each call's connection is dropped when the
 * SDK closes its answer, so that none is carried into the restored environments. Dropped means
 * aborted, which for the URL-connection client is {@code HttpURLConnection.disconnect()} while the
 * answer is still open: that takes the connection the JDK would keep alive for reuse out of its
 * cache and closes it, whatever the server answered (asking the server with
 * {@code Connection: close} is not enough: the JDK keeps the connection unless the answer says so
 * too). Once the answer is closed, {@code disconnect()} no longer reaches the connection.
 */
final class DisconnectingHttpClient implements SdkHttpClient {

    private final SdkHttpClient delegate;

    DisconnectingHttpClient(SdkHttpClient delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        ExecutableHttpRequest call = delegate.prepareRequest(request);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                HttpExecuteResponse response = call.call();
                if (response.responseBody().isEmpty()) {
                    call.abort();
                    return response;
                }
                InputStream dropsTheConnection = new FilterInputStream(response.responseBody().get()) {
                    @Override
                    public void close() throws IOException {
                        call.abort();
                        super.close();
                    }
                };
                return HttpExecuteResponse.builder()
                        .response(response.httpResponse())
                        .responseBody(AbortableInputStream.create(dropsTheConnection, call::abort))
                        .build();
            }

            @Override
            public void abort() {
                call.abort();
            }
        };
    }

    @Override
    public String clientName() {
        return delegate.clientName();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
