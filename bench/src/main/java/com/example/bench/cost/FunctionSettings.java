package com.example.bench.cost;

import com.example.localaws.invoke.LambdaFunction;
import com.example.template.EventSource;
import com.example.template.Function;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * What a function's bill depends on in {@code template.yaml}: its {@code MemorySize} and
 * architecture (its own, else the template's {@code Globals}, else Lambda's defaults of 128 MB and
 * x86_64) and the {@code BatchSize} of its event source.
 */
public record FunctionSettings(String logicalId, int memoryMb, String architecture, int batchSize) {

    public FunctionSettings {
        PricedItem.lambdaGbSecond(architecture);
        if (batchSize < 1) {
            throw new IllegalArgumentException(logicalId + ": BatchSize must be at least 1, was " + batchSize);
        }
    }

    /** The settings of {@code logicalId} in {@code template}. */
    public static FunctionSettings read(Path template, String logicalId) {
        Function function = LambdaFunction.declared(template, logicalId);
        JsonNode memory = function.property("MemorySize");
        if (!(memory.isMissingNode() || memory.canConvertToInt())) {
            throw new IllegalArgumentException(logicalId + ": MemorySize must be a literal number in " + template);
        }
        JsonNode architectures = function.property("Architectures");
        String architecture = architectures.isArray() && !architectures.isEmpty() ? architectures.get(0).asText() : "x86_64";
        int batchSize = 0;
        for (Iterator<EventSource> events = function.events().iterator(); events.hasNext() && batchSize == 0; ) {
            batchSize = events.next().property("BatchSize").asInt(0);
        }
        if (batchSize == 0) {
            throw new IllegalArgumentException(logicalId + " has no event source with a literal BatchSize in " + template);
        }
        return new FunctionSettings(logicalId, memory.asInt(128), architecture, batchSize);
    }
}
