package com.example.rehearse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.example.rehearse.template.ResolvedTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * template.yaml translated to CloudFormation by AWS's own SAM translator
 * ({@code aws-sam-translator}, pinned in the SAM tools virtualenv), offline: the functions' code
 * locations become {@code s3://} ones and the region is the rehearsal's (infra/rehearse/translate.py).
 */
final class Translator {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path root;
    private final Path python;

    Translator(Path root, Path python) {
        this.root = root;
        this.python = python;
    }

    JsonNode translate(Map<String, String> parameters) {
        try {
            ProcessBuilder builder = new ProcessBuilder(python.toString(), root.resolve("infra/rehearse/translate.py").toString(),
                    root.resolve("template.yaml").toString(), JSON.writeValueAsString(parameters))
                    .directory(root.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().put("AWS_DEFAULT_REGION", ResolvedTemplate.REGION);
            Process process = builder.start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("the SAM translator failed on template.yaml: "
                        + new String(output, StandardCharsets.UTF_8));
            }
            return JSON.readTree(output);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the SAM translator (" + python + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
