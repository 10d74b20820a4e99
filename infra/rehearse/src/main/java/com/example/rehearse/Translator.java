package com.example.rehearse;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * template.yaml translated to CloudFormation by AWS's own SAM translator
 * ({@code aws-sam-translator}, pinned in the SAM tools virtualenv), offline: the functions' code
 * locations become {@code s3://} ones and the region is the rehearsal's (infra/rehearse/translate.py).
 */
final class Translator {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path script;
    private final Path python;

    /** The translator of the project at {@code root}: its translate.py, run by its SAM tools' Python. */
    Translator(Path root) {
        this.script = root.resolve("infra/rehearse/translate.py");
        this.python = root.resolve(".tools/sam/bin/python");
        if (!Files.isExecutable(python)) {
            throw new IllegalStateException(python + " is missing: run infra/rehearse/setup-rehearse-tools.sh (make rehearse and make test do)");
        }
    }

    /** {@code template} translated once per parameter map, in order. */
    List<JsonNode> translate(Path template, List<Map<String, String>> parameterSets) {
        try {
            byte[] output = ToolProcess.run("the SAM translator", List.of(python.toString(), script.toString(), template.toString(),
                    JSON.writeValueAsString(parameterSets)), template.getParent(), Map.of("AWS_DEFAULT_REGION", ResolvedTemplate.REGION), new byte[0]);
            List<JsonNode> translated = new ArrayList<>();
            JSON.readTree(output).forEach(translated::add);
            return translated;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the SAM translator's output", e);
        }
    }
}
