package com.example.storesize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The function's SBOM (target/bom.json, the CycloneDX plugin's, which make release publishes as
 * {@code sbom/dedup-store-size-<version>.cdx.json}) against what Maven resolves for its jar
 * ({@code mvn dependency:list}, runtime scope, written to target/shipped-dependencies.txt by the
 * same build): every shipped dependency is listed with its version, nothing else is, and every
 * third-party one carries a licence. The SBOM is also reproducible: no clock time in it.
 * Milliseconds; the two files come from the build before the tests (the function's pom).
 */
class SoftwareInventoryTest {

    /** A dependency:list line: {@code group:artifact:type[:classifier]:version:scope}, then maybe {@code -- module ...}. */
    private static final Pattern LISTED = Pattern.compile("^\\s+([^:\\s]+):([^:\\s]+):[^:\\s]+(?::[^:\\s]+)?:([^:\\s]+):(compile|runtime)\\b.*");
    private static final Path TARGET = Path.of("target");

    @Test
    void sbom_listsEveryShippedDependency_withItsVersion_andNothingElse() throws IOException {
        // GIVEN what Maven resolves for the jar, and the SBOM the build made
        Set<String> shipped = shippedDependencies();
        JsonNode bom = bom();
        // WHEN the SBOM's components are read as group:name:version
        Set<String> listed = new TreeSet<>();
        for (JsonNode component : bom.path("components")) {
            listed.add(component.path("group").asText() + ":" + component.path("name").asText() + ":" + component.path("version").asText());
        }
        // THEN the two are the same set (the handler's own SDK and Lambda libraries among them)
        assertTrue(shipped.contains("software.amazon.awssdk:dynamodb:" + version(shipped, "software.amazon.awssdk:dynamodb")), shipped::toString);
        assertEquals(shipped, listed);
    }

    @Test
    void sbom_givesEveryThirdPartyComponentALicence_andNoClockTime() throws IOException {
        // GIVEN the SBOM, and the project's own group (its metadata's component)
        JsonNode bom = bom();
        String ownGroup = bom.path("metadata").path("component").path("group").asText();
        assertEquals("io.github.idempotentreceiver", ownGroup);
        // WHEN the components from elsewhere are read
        List<String> unlicensed = new ArrayList<>();
        int thirdParty = 0;
        for (JsonNode component : bom.path("components")) {
            if (component.path("group").asText().equals(ownGroup)) {
                continue;
            }
            thirdParty++;
            boolean licensed = false;
            for (JsonNode choice : component.path("licenses")) {
                JsonNode license = choice.path("license");
                licensed |= !license.path("id").asText().isBlank() || !license.path("name").asText().isBlank()
                        || !choice.path("expression").asText().isBlank();
            }
            if (!licensed) {
                unlicensed.add(component.path("purl").asText());
            }
        }
        // THEN each names a licence (an SPDX id, a name or an expression)
        assertTrue(thirdParty > 0, "no third-party component in the SBOM");
        assertEquals(List.of(), unlicensed, "components without a licence");
        // AND the document has no time of its own (Reproducible Builds mode: two builds, one file)
        assertFalse(bom.path("metadata").has("timestamp"), () -> "the SBOM carries a clock time: " + bom.path("metadata"));
    }

    // ------------------------------------------------------------------ helpers

    private static Set<String> shippedDependencies() throws IOException {
        Path list = TARGET.resolve("shipped-dependencies.txt");
        assertTrue(Files.exists(list), "no " + list + ": the function's pom lists its dependencies before the tests");
        Set<String> shipped = new TreeSet<>();
        for (String line : Files.readAllLines(list)) {
            Matcher listed = LISTED.matcher(line);
            if (listed.matches()) {
                shipped.add(listed.group(1) + ":" + listed.group(2) + ":" + listed.group(3));
            }
        }
        assertFalse(shipped.isEmpty(), "no dependency read from " + list);
        return shipped;
    }

    private static JsonNode bom() throws IOException {
        Path bom = TARGET.resolve("bom.json");
        assertTrue(Files.exists(bom), "no " + bom + ": the CycloneDX plugin makes it after the classes, and skips it when"
                + " Maven runs offline (-o)");
        return new ObjectMapper().readTree(bom.toFile());
    }

    private static String version(Set<String> shipped, String groupAndArtifact) {
        return shipped.stream().filter(coordinates -> coordinates.startsWith(groupAndArtifact + ":"))
                .map(coordinates -> coordinates.substring(groupAndArtifact.length() + 1)).findFirst().orElse("(none)");
    }
}
