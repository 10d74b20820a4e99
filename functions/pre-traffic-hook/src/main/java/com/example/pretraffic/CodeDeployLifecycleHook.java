package com.example.pretraffic;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;

/**
 * The verdict through CodeDeploy's {@code PutLifecycleEventHookExecutionStatus}: one request of
 * CodeDeploy's JSON 1.1 protocol ({@code POST /}, target {@code CodeDeploy_20141006.<operation>},
 * as the service's API model has it), signed with Signature Version 4 for the service
 * {@code codedeploy} under the function's role.
 */
final class CodeDeployLifecycleHook implements LifecycleHook {

    private static final String TARGET = "CodeDeploy_20141006.PutLifecycleEventHookExecutionStatus";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SdkHttpClient http;
    private final AwsCredentialsProvider credentials;
    private final String region;
    private final URI endpoint;

    CodeDeployLifecycleHook(SdkHttpClient http, AwsCredentialsProvider credentials, String region, URI endpoint) {
        this.http = http;
        this.credentials = credentials;
        this.region = region;
        this.endpoint = endpoint;
    }

    /** CodeDeploy's regional endpoint of {@code region}. */
    static URI endpointOf(String region) {
        return URI.create("https://codedeploy." + region + ".amazonaws.com/");
    }

    @Override
    public void report(LifecycleEvent event, Verdict verdict) {
        byte[] body = JSON.createObjectNode().put("deploymentId", event.deploymentId())
                .put("lifecycleEventHookExecutionId", event.executionId()).put("status", verdict.status())
                .toString().getBytes(StandardCharsets.UTF_8);
        SdkHttpFullRequest request = SdkHttpFullRequest.builder().method(SdkHttpMethod.POST).uri(endpoint)
                .putHeader("Content-Type", "application/x-amz-json-1.1").putHeader("X-Amz-Target", TARGET).build();
        SignedRequest signed = AwsV4HttpSigner.create().sign(sign -> sign.identity(credentials.resolveCredentials())
                .request(request).payload(ContentStreamProvider.fromByteArray(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "codedeploy")
                .putProperty(AwsV4HttpSigner.REGION_NAME, region));
        try {
            HttpExecuteResponse response = http.prepareRequest(HttpExecuteRequest.builder().request(signed.request())
                    .contentStreamProvider(signed.payload().orElseThrow()).build()).call();
            if (!response.httpResponse().isSuccessful()) {
                String answer = response.responseBody().isPresent()
                        ? new String(response.responseBody().get().readAllBytes(), StandardCharsets.UTF_8) : "";
                throw new IllegalStateException("CodeDeploy refused the hook's status " + verdict.status() + " ("
                        + response.httpResponse().statusCode() + "): " + answer);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot report the hook's status to CodeDeploy", e);
        }
    }
}
