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
import java.util.concurrent.ConcurrentHashMap;

/**
 * template.yaml translated to CloudFormation by AWS's own SAM translator
 * ({@code aws-sam-translator}, pinned in the SAM tools virtualenv), offline: the functions' code
 * locations become {@code s3://} ones and the region is the rehearsal's (infra/rehearse/translate.py).
 *
 * <p>The translation is a function of the script, the template's text and the parameter sets
 * alone, and one costs a Python process that loads the translator (seconds): what was translated
 * once in this process is answered again, as copies, without running it (the rehearsal's tests
 * rehearse the same template under several other defects).
 */
final class Translator {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Translations made in this process, by script, template text and parameter sets. */
    private static final Map<List<String>, List<JsonNode>> MADE = new ConcurrentHashMap<>();

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
            String sets = JSON.writeValueAsString(parameterSets);
            List<String> key = List.of(script.toString(), Files.readString(template), sets);
            return MADE.computeIfAbsent(key, made -> run(template, sets)).stream().<JsonNode>map(JsonNode::deepCopy).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + template, e);
        }
    }

    private List<JsonNode> run(Path template, String parameterSets) {
        try {
            byte[] output = ToolProcess.run("the SAM translator", List.of(python.toString(), script.toString(), template.toString(),
                    parameterSets), template.getParent(), Map.of("AWS_DEFAULT_REGION", ResolvedTemplate.REGION), new byte[0]);
            List<JsonNode> translated = new ArrayList<>();
            JSON.readTree(output).forEach(translated::add);
            return List.copyOf(translated);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the SAM translator's output", e);
        }
    }
}
