package com.example.localaws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.proxy.LoopbackProxy;
import com.example.localaws.proxy.TlsEnds;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * The local AWS answers on TLS as AWS does ("Data protection in Amazon DynamoDB: encryption in
 * transit", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/data-protection.html:
 * every DynamoDB, SQS, SNS and Secrets Manager endpoint is HTTPS), with a certificate only the
 * local CA vouches for: a plain-HTTP client gets no answer, a client trusting only the JDK's CAs
 * fails the handshake, and a client trusting the local CA is served, SQS queue URLs and SNS to
 * SQS delivery included; a proxy where TLS ends and starts again still reads the requests. About
 * 5 s, most of it the launcher's start.
 */
class LocalAwsTlsTest {

    @RegisterExtension
    static final OwnLauncher launcher = new OwnLauncher();

    @Test
    void theEndpoint_isHttps_andPlainHttpGetsNoAnswer() {
        // GIVEN the launcher's https endpoint
        assertEquals("https", launcher.moto().endpoint().getScheme());
        URI plain = URI.create("http://127.0.0.1:" + launcher.moto().endpoint().getPort() + "/_fault");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        // WHEN a client speaks plain HTTP to it
        // THEN no HTTP answer comes back (the bytes are not a TLS ClientHello: the connection is dropped)
        assertThrows(IOException.class, () -> http.send(HttpRequest.newBuilder(plain).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString()));
    }

    @Test
    void aClientTrustingOnlyTheJdksCas_failsTheHandshake() throws Exception {
        // GIVEN a client whose trust is the JDK's own CA list, without the local CA
        KeyStore jdkCas = KeyStore.getInstance(KeyStore.getDefaultType());
        try (InputStream cacerts = Files.newInputStream(Path.of(System.getProperty("java.home"), "lib/security/cacerts"))) {
            jdkCas.load(cacerts, null);
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(jdkCas);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        HttpClient http = HttpClient.newBuilder().sslContext(context).connectTimeout(Duration.ofSeconds(2)).build();
        // WHEN it calls the launcher THEN the handshake fails: the certificate chains to no CA it trusts
        assertThrows(SSLHandshakeException.class, () -> http.send(
                HttpRequest.newBuilder(launcher.moto().endpoint().resolve("/_fault")).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString()));
        try (SqsClient sqs = SqsClient.builder().endpointOverride(launcher.moto().endpoint()).region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder().tlsTrustManagersProvider(trust::getTrustManagers))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build()) {
            SdkClientException refused = assertThrows(SdkClientException.class, sqs::listQueues);
            assertTrue(causes(refused).stream().anyMatch(SSLHandshakeException.class::isInstance), refused::toString);
        }
    }

    @Test
    void aClientTrustingTheLocalCa_isServed_queueUrlsAreHttps_andSnsDeliversToSqs() {
        try (SqsClient sqs = sqs(launcher.moto().endpoint(), Duration.ofSeconds(5));
             SnsClient sns = SnsClient.builder().endpointOverride(launcher.moto().endpoint()).region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder().tlsTrustManagersProvider(launcher.tls().sdkTrust())).build()) {
            // GIVEN a queue subscribed to a topic
            String queueUrl = sqs.createQueue(request -> request.queueName("tls-events")).queueUrl();
            String queueArn = sqs.getQueueAttributes(request -> request.queueUrl(queueUrl).attributeNamesWithStrings("QueueArn"))
                    .attributesAsStrings().get("QueueArn");
            String topicArn = sns.createTopic(request -> request.name("tls-topic")).topicArn();
            sns.subscribe(request -> request.topicArn(topicArn).protocol("sqs").endpoint(queueArn)
                    .attributes(Map.of("RawMessageDelivery", "true")));
            // WHEN a message is published
            sns.publish(request -> request.topicArn(topicArn).message("{\"amountMinor\":1050}"));
            // THEN the queue URL the launcher built is the https endpoint, and it delivered there
            assertEquals(launcher.moto().endpoint() + "/123456789012/tls-events", queueUrl);
            List<Message> received = sqs.receiveMessage(request -> request.queueUrl(queueUrl).waitTimeSeconds(2)).messages();
            assertEquals(List.of("{\"amountMinor\":1050}"), received.stream().map(Message::body).toList());
        }
        // AND the launcher's own API answers over the same TLS
        assertEquals(0, launcher.moto().faultsLeft());
    }

    @Test
    void aProxyWithTlsEnds_servesHttps_andReadsTheRequests() {
        // GIVEN a proxy in front of the launcher where TLS ends and starts again, dropping the answer to a CreateQueue
        try (LoopbackProxy proxy = LoopbackProxy.start(launcher.moto().endpoint().getPort(),
                     new TlsEnds(launcher.tls().awsServerContext(), launcher.tls().sslContext()));
             SqsClient direct = sqs(launcher.moto().endpoint(), Duration.ofSeconds(5));
             // 2 s: the call waits that long for the dropped answer; 500 ms was too short for two TLS
             // handshakes on a machine at load 10, the request timing out before it reached the launcher
             SqsClient throughProxy = sqs(proxy.uri(), Duration.ofSeconds(2))) {
            proxy.dropResponses(1, request -> request.contains("CreateQueue"));
            // WHEN a client trusting the local CA creates a queue through it
            assertEquals("https", proxy.uri().getScheme());
            assertThrows(SdkClientException.class, () -> throughProxy.createQueue(request -> request.queueName("tls-dropped")));
            // THEN the proxy read the request through TLS: the queue exists, its answer was dropped
            assertEquals(1, proxy.droppedResponses());
            assertTrue(direct.getQueueUrl(request -> request.queueName("tls-dropped")).queueUrl().endsWith("/tls-dropped"));
            // AND a later call through the proxy is served
            assertTrue(throughProxy.getQueueUrl(request -> request.queueName("tls-dropped")).queueUrl().startsWith("https://"));
        }
    }

    @Test
    void theSetting_isTrueUnlessSaidFalse() {
        assertTrue(LocalTls.awsEndpointTls(new Properties(), Map.of()));
        assertFalse(LocalTls.awsEndpointTls(new Properties(), Map.of(LocalTls.TLS_VARIABLE, "false")));
        Properties on = new Properties();
        on.setProperty(LocalTls.TLS_PROPERTY, "true");
        assertTrue(LocalTls.awsEndpointTls(on, Map.of(LocalTls.TLS_VARIABLE, "false")));
        assertThrows(IllegalArgumentException.class, () -> LocalTls.awsEndpointTls(new Properties(), Map.of(LocalTls.TLS_VARIABLE, "no")));
    }

    /** An SQS client trusting the local CA, each call one attempt of at most {@code attempt}. */
    private static SqsClient sqs(URI endpoint, Duration attempt) {
        return SqsClient.builder().endpointOverride(endpoint).region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder().tlsTrustManagersProvider(launcher.tls().sdkTrust()))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()).apiCallAttemptTimeout(attempt))
                .build();
    }

    private static List<Throwable> causes(Throwable error) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain;
    }
}
