package com.example.compat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.mapping.StreamEventJson;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The stream's one event source mapping on the publisher's alias while two versions share it:
 * batches go to the versions in turn (weights of one half each), or all to the released one
 * during the rollback. Remembers which version was handed each payment's record last, so that
 * a message on the topic can be told by the version that published it.
 */
final class PublisherRoute {

    private static final String KEY_PREFIX = "PAYMENT#";

    private final Map<String, FunctionInvoker> versions;
    private final String released;
    private final Map<String, String> publishedBy = new HashMap<>();
    private volatile boolean rolledBack;
    private long batches;

    /** @param versions the publisher of each version, by label; {@code released} among them */
    PublisherRoute(Map<String, FunctionInvoker> versions, String released) {
        this.versions = Map.copyOf(versions);
        this.released = Objects.requireNonNull(released, "released");
        if (!this.versions.containsKey(released)) {
            throw new IllegalArgumentException("no publisher for " + released);
        }
    }

    /** From now on every batch goes to the released version ({@code true}), or to both in turn again. */
    void rolledBack(boolean rolledBack) {
        this.rolledBack = rolledBack;
    }

    StreamsEventResponse handle(DynamodbEvent event) {
        String version;
        synchronized (this) {
            List<String> labels = versions.keySet().stream().sorted().toList();
            version = rolledBack ? released : labels.get((int) (batches++ % labels.size()));
            for (DynamodbEvent.DynamodbStreamRecord record : event.getRecords()) {
                String pk = record.getDynamodb().getKeys().get("pk").getS();
                if (pk.startsWith(KEY_PREFIX)) {
                    publishedBy.put(pk.substring(KEY_PREFIX.length()), version);
                }
            }
        }
        Invocation invocation = versions.get(version).invoke(StreamEventJson.event(event));
        return StreamEventJson.response(invocation.payload());
    }

    /** The version last handed each transaction's record. */
    synchronized Map<String, String> publishedBy() {
        return Map.copyOf(publishedBy);
    }
}
