package com.example.localaws.observability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The EMF rules, from "Specification: Embedded metric format", Amazon CloudWatch User Guide
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html):
 * a line shaped as the specification's example passes, and a copy breaking one rule is caught,
 * so the functions' tests that run every line through {@link EmfSpecification} can fail.
 */
class EmfSpecificationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The shape of the specification's example: one directive, one dimension set, one metric. */
    private static ObjectNode valid() {
        try {
            return (ObjectNode) JSON.readTree("""
                    {"_aws": {"Timestamp": 1574109732004, "CloudWatchMetrics": [{"Namespace": "lambda-function-metrics",
                      "Dimensions": [["functionVersion"]], "Metrics": [{"Name": "time", "Unit": "Milliseconds",
                      "StorageResolution": 60}]}]},
                     "functionVersion": "$LATEST", "time": 100, "requestId": "989ffbf8-9ace-4817-a57c-e4dd734019ee"}""");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theSpecificationsExample_isValid() {
        assertEquals(List.of(), EmfSpecification.violations(valid()));
    }

    static Stream<Arguments> brokenRules() {
        return Stream.of(
                broken("Timestamp in seconds", line -> metadata(line).put("Timestamp", 1574109732), "Timestamp"),
                broken("no Timestamp", line -> metadata(line).remove("Timestamp"), "Timestamp"),
                broken("no directive", line -> metadata(line).putArray("CloudWatchMetrics"), "CloudWatchMetrics"),
                broken("an unknown _aws member", line -> metadata(line).put("Namespace", "x"), "does not define"),
                broken("an empty namespace", line -> directive(line).put("Namespace", ""), "Namespace"),
                broken("a namespace of 256 characters", line -> directive(line).put("Namespace", "n".repeat(256)), "Namespace"),
                broken("a dimension set that is a string", line -> dimensions(line).set(0, JSON.getNodeFactory()
                        .textNode("functionVersion")), "not an array of dimension names"),
                broken("31 dimensions in a set", line -> {
                    ArrayNode set = dimensions(line).addArray();
                    for (int i = 0; i < 31; i++) {
                        set.add("d" + i);
                        line.put("d" + i, "v");
                    }
                }, "over 30"),
                broken("a dimension that is not a member", line -> line.remove("functionVersion"), "functionVersion"),
                broken("a dimension whose value is a number", line -> line.put("functionVersion", 1), "functionVersion"),
                broken("a metric that is not a member", line -> line.remove("time"), "metric time"),
                broken("a metric renamed in the directive only", line -> definition(line).put("Name", "times"), "metric times"),
                broken("a metric whose value is a string", line -> line.put("time", "100"), "metric time"),
                broken("101 values", line -> {
                    ArrayNode values = line.putArray("time");
                    for (int i = 0; i < 101; i++) {
                        values.add(i);
                    }
                }, "101 values"),
                broken("a unit CloudWatch does not know", line -> definition(line).put("Unit", "Millis"), "unit"),
                broken("a storage resolution of 5", line -> definition(line).put("StorageResolution", 5), "StorageResolution"),
                broken("101 metrics in a directive", line -> {
                    ArrayNode metrics = directive(line).putArray("Metrics");
                    for (int i = 0; i < 101; i++) {
                        metrics.addObject().put("Name", "m" + i);
                        line.put("m" + i, 1);
                    }
                }, "over 100"),
                broken("a metric defined twice", line -> directive(line).withArray("Metrics").addObject().put("Name", "time"),
                        "twice"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenRules")
    void aLineBreakingOneRule_isCaught(String rule, Consumer<ObjectNode> breakIt, String named) {
        ObjectNode line = valid();
        breakIt.accept(line);
        List<String> violations = EmfSpecification.violations(line);
        assertTrue(violations.stream().anyMatch(violation -> violation.contains(named)), rule + ": " + violations);
    }

    @Test
    void outputWithALineThatIsNotJson_isRefused_namingTheLine() {
        byte[] output = (valid() + "\n{\"message\":\"tab\tinside\"}\n").getBytes(StandardCharsets.UTF_8);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> FunctionOutput.parse(output));
        assertTrue(refused.getMessage().contains("tab"), refused.getMessage());
    }

    @Test
    void outputThatIsNotUtf8_isRefused() {
        byte[] output = {'{', '"', 'a', '"', ':', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}', '\n'};
        assertThrows(IllegalArgumentException.class, () -> FunctionOutput.parse(output));
    }

    private static Arguments broken(String rule, Consumer<ObjectNode> breakIt, String named) {
        return Arguments.of(rule, breakIt, named);
    }

    private static ObjectNode metadata(ObjectNode line) {
        return (ObjectNode) line.get("_aws");
    }

    private static ObjectNode directive(ObjectNode line) {
        return (ObjectNode) metadata(line).get("CloudWatchMetrics").get(0);
    }

    private static ArrayNode dimensions(ObjectNode line) {
        return (ArrayNode) directive(line).get("Dimensions");
    }

    private static ObjectNode definition(ObjectNode line) {
        return (ObjectNode) directive(line).get("Metrics").get(0);
    }
}
