package com.example.localaws.observability;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines a function wrote to stdout, read as CloudWatch Logs reads them: the bytes must be
 * UTF-8, and each line one JSON object with nothing before or after it. Fails with the
 * offending line otherwise, so a test that reads a function's output checks that too.
 *
 * @param lines every line, parsed
 */
public record FunctionOutput(List<JsonNode> lines) {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    public FunctionOutput {
        lines = List.copyOf(lines);
    }

    /** Parses {@code bytes}; throws {@link IllegalArgumentException} naming the first line that is not a JSON object. */
    public static FunctionOutput parse(byte[] bytes) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("the output is not UTF-8: " + e);
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text.split("\r?\n")) {
            if (line.isEmpty()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (IOException e) {
                throw new IllegalArgumentException("not a JSON line: " + line + " (" + e.getMessage() + ")");
            }
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("not a JSON object: " + line);
            }
            lines.add(node);
        }
        return new FunctionOutput(lines);
    }

    /** The EMF lines. */
    public List<JsonNode> emf() {
        return lines.stream().filter(EmfSpecification::isEmf).toList();
    }

    /** The log lines (every line that is not EMF). */
    public List<JsonNode> logs() {
        return lines.stream().filter(line -> !EmfSpecification.isEmf(line)).toList();
    }

    /** Every violation of the EMF specification in the EMF lines, each prefixed with its line. */
    public List<String> emfViolations() {
        List<String> violations = new ArrayList<>();
        for (JsonNode line : emf()) {
            EmfSpecification.violations(line).forEach(violation -> violations.add(violation + " in " + line));
        }
        return violations;
    }
}
