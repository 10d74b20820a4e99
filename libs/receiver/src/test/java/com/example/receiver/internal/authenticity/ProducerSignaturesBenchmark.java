package com.example.receiver.internal.authenticity;

import com.example.lambdakit.telemetry.FunctionLog;
import com.example.localaws.messages.ProducerSigner;
import com.example.receiver.internal.InboundMessage;
import com.example.receiver.internal.MessageAuthenticity;
import com.example.receiver.internal.config.ProducerSignaturesConfig;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The CPU and allocation of checking a producer's signature ({@code REQUIRE_PRODUCER_SIGNATURES=true})
 * on the message of DESIGN §3: the three attributes read, HMAC-SHA256 over the timestamp and the
 * body, compared in constant time, the window; the keys already read, as after the function's
 * init. The library benches its own internals here; {@code make bench-cpu} runs it beside the
 * payment path's benchmark, and the report's CPU section reads both.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class ProducerSignaturesBenchmark {

    /** The message of DESIGN §3, as the payment path's benchmark sends it. */
    static final String MESSAGE = """
            {"headers": {"message_id": "msg-7f3a9c21", "correlation_id": "corr-5521", "timestamp": "2026-04-07T14:32:15Z",\
             "source": "payment-network-gateway"},
             "body": {"transaction_id": "TXN-VISA-8847291",\
             "card_number_hash": "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",\
             "account_id": "ACC-44821", "amount": 125.50, "currency": "EUR", "merchant": "Amazon.es",\
             "merchant_category": "5411", "authorization_type": "PURCHASE"}}""";

    private final Clock clock = Clock.fixed(Instant.parse("2026-04-07T14:32:16Z"), ZoneOffset.UTC);
    private final Instant sentAt = Instant.parse("2026-04-07T14:32:16.120Z");
    private ProducerSignatures signatures;
    private InboundMessage signed;

    @Setup
    public void setUp() {
        ProducerSigner gateway = new ProducerSigner("gw-2026-12", ProducerSigner.newKey());
        signatures = ProducerSignatures.reading(
                new ProducerSignaturesConfig(List.of("ProducerSigningKey-gateway"), Duration.ofMinutes(5), Duration.ofDays(18)),
                secretId -> ProducerSigner.secretDocument(Map.of(gateway.keyId(), gateway.key(), "gw-2026-11", ProducerSigner.newKey())),
                clock, new FunctionLog(new PrintStream(OutputStream.nullOutputStream()), clock, "bench"));
        String timestamp = Long.toString(sentAt.getEpochSecond() - 1);
        signed = new InboundMessage("bench-1", MESSAGE, Optional.empty(), Map.of(
                ProducerSigner.KEY_ID, gateway.keyId(), ProducerSigner.TIMESTAMP, timestamp,
                ProducerSigner.SIGNATURE, gateway.signature(timestamp, MESSAGE)), Optional.of(sentAt));
        if (signatures.verify(signed) != MessageAuthenticity.Verdict.AUTHENTIC) {
            throw new IllegalStateException("the benchmark message must be signed as documented");
        }
    }

    @Benchmark
    public MessageAuthenticity.Verdict signatureCheck() {
        return signatures.verify(signed);
    }
}
