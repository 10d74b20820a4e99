package com.example.localaws.push;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The Standard Webhooks specification's own verifiers, unmodified, each in a process of its own
 * over a batch of requests (testing/webhook-verifiers: the PyPI and npm {@code standardwebhooks}
 * packages, pinned; infra/rehearse/setup-rehearse-tools.sh installs them, as make test does):
 * what a receiver of our notifications runs without any of our code.
 */
public enum OfficialVerifiers {

    /** The Python package, in {@code .tools/webhooks}. */
    PYTHON,
    /** The npm package, in {@code testing/webhook-verifiers/node_modules}. */
    JAVASCRIPT;

    /**
     * A request as a receiver gets it.
     *
     * @param secret  the secret the receiver holds ({@code whsec_<base64>})
     * @param headers the request's headers
     * @param body    the request's body, as received
     */
    public record Request(String secret, Map<String, String> headers, String body) {
    }

    /**
     * The verifier's answer.
     *
     * @param verified whether it accepted the request
     * @param error    its message when it refused it, else null
     */
    public record Verdict(boolean verified, String error) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 60;

    /** The verdicts on {@code requests}, in order, of this verifier installed below the project's {@code root}. */
    public List<Verdict> verify(Path root, List<Request> requests) {
        Path folder = root.resolve("testing/webhook-verifiers");
        List<String> command = switch (this) {
            case PYTHON -> List.of(root.resolve(".tools/webhooks/bin/python").toString(), folder.resolve("verify.py").toString());
            case JAVASCRIPT -> List.of("node", folder.resolve("verify.cjs").toString());
        };
        Path installed = this == PYTHON ? root.resolve(".tools/webhooks/bin/python") : folder.resolve("node_modules/standardwebhooks");
        if (!Files.exists(installed)) {
            throw new IllegalStateException("the Standard Webhooks " + this + " verifier is not installed (" + installed
                    + "): run infra/rehearse/setup-rehearse-tools.sh (make test does)");
        }
        try {
            Process process = new ProcessBuilder(command).directory(folder.toFile()).start();
            try (OutputStream stdin = process.getOutputStream()) {
                stdin.write(JSON.writeValueAsBytes(requests));
            }
            byte[] output = process.getInputStream().readAllBytes();
            String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException("the Standard Webhooks " + this + " verifier failed: " + errors);
            }
            List<Verdict> verdicts = JSON.readValue(output, new TypeReference<>() {
            });
            if (verdicts.size() != requests.size()) {
                throw new IllegalStateException("the " + this + " verifier answered " + verdicts.size() + " of " + requests.size());
            }
            return verdicts;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the Standard Webhooks " + this + " verifier", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
