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
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ProducerSignaturesBenchmark {

    /**
     * A message of the library's own tests' kind, as long as the payment message of DESIGN §3 that
     * the payment path's benchmark reads (444 characters): HMAC's cost grows with the body.
     */
    static final String MESSAGE = message(444);

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

    /** {@code length} characters of JSON: an order's key and a note padded to that length. */
    static String message(int length) {
        String head = "{\"headers\": {\"message_id\": \"msg-7f3a9c21\", \"timestamp\": \"2026-04-07T14:32:15Z\"}, "
                + "\"body\": {\"order_id\": \"ORD-8847291\", \"note\": \"";
        String tail = "\"}}";
        return head + "n".repeat(length - head.length() - tail.length()) + tail;
    }
}
