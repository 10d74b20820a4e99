package com.example.localpayments.template;

import com.example.template.EventSource;
import com.example.template.Intrinsic;
import com.example.template.Queue;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What several families of checks read alike: the template's SQS event sources, the queue each
 * reads, its function's environment, the resource a reference names, and AWS's defaults for what
 * the template leaves out.
 */
final class SqsSources {

    /** Lambda's default timeout, and SQS's default visibility timeout and retention. */
    static final long DEFAULT_FUNCTION_TIMEOUT = 3;
    static final long DEFAULT_VISIBILITY_TIMEOUT = 30;
    static final long DEFAULT_RETENTION = 345_600;

    /** SQS's default {@code MaximumMessageSize} since August 2025: 1 MiB. */
    static final long SQS_DEFAULT_MESSAGE_BYTES = 1_048_576;

    private SqsSources() {
    }

    /** Every SQS event source of every function, in template order. */
    static List<EventSource> of(Template template) {
        return template.eventSources().stream().filter(EventSource::isSqs).toList();
    }

    /** The queue an SQS event source reads. */
    static Queue queueOf(Template template, EventSource event) {
        String queue = target(event.property("Queue"));
        if (!"AWS::SQS::Queue".equals(template.resource(queue).type())) {
            throw new IllegalArgumentException(event.name() + ": Queue is not an AWS::SQS::Queue of this template");
        }
        return template.queue(queue);
    }

    /** The {@code Environment.Variables} of the event source's function, the Globals' merged under its own. */
    static JsonNode environment(Template template, EventSource event) {
        return template.function(event.function()).environmentNode();
    }

    /**
     * The logical id that {@code {"Ref": id}} or {@code {"Fn::GetAtt": [id, attribute]}} names; of a
     * name chosen by {@code Fn::If [SingleRegion, ...]}, the stack's own table's (GlobalTables=off,
     * the default, whose tables these checks are about).
     */
    static String target(JsonNode reference) {
        return Intrinsic.target(Intrinsic.inOneRegion(reference)).orElseThrow(() -> new IllegalArgumentException("not a Ref or Fn::GetAtt: " + reference));
    }

    /** The properties of the resource a reference names. */
    static JsonNode propertiesOf(Template template, JsonNode reference) {
        return template.resource(target(reference)).properties();
    }
}
