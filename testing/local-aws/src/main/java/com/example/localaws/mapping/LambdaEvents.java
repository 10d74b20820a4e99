package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * An event as JSON, written by the Lambda runtime's own serializers
 * ({@code aws-lambda-java-serialization}, the library the java21 runtime reads events with): field
 * names, nesting, dates and binary values exactly as Lambda's event classes map them, null fields
 * left out.
 */
final class LambdaEvents {

    private LambdaEvents() {
    }

    static <T> String json(Class<T> type, T event) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LambdaEventSerializers.serializerFor(type, LambdaEvents.class.getClassLoader()).toJson(event, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
