package com.example.receiver.internal.redis;

import com.example.receiver.internal.CacheNodes;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One call of the fast path across the cache's nodes: the keys grouped by the node serving their
 * hash slot, every node asked at once (one pipeline each), the keys a node redirected
 * ({@code MOVED}, {@code ASK}) asked again through the cluster client. Each node has its own
 * {@link CircuitBreaker}, and the slot map one of its own; a node that fails has its breaker
 * opened and the slot map learnt again in the background.
 */
final class NodeFanOut {

    private final CacheNodes cache;
    private final ExecutorService nodes;
    private final Clock clock;
    private final Duration breakerOpenFor;
    private final Map<String, CircuitBreaker> breakers = new ConcurrentHashMap<>();
    /** For learning the slot map itself (the configuration endpoint down or slow). */
    private final CircuitBreaker topologyBreaker;
    private final AtomicBoolean refreshing = new AtomicBoolean();

    NodeFanOut(CacheNodes cache, ExecutorService askers, Clock clock, Duration breakerOpenFor) {
        this.cache = cache;
        this.nodes = askers;
        this.clock = clock;
        this.breakerOpenFor = breakerOpenFor;
        this.topologyBreaker = new CircuitBreaker(clock, breakerOpenFor);
    }

    /** What the nodes answered: the values found (absent keys left out), and whether every node could be asked. */
    record Answers(Map<String, String> values, boolean allAvailable) {
    }

    /** Groups {@code redisKeys} by node, runs {@code call} on every node at once, and follows redirections. */
    Answers ask(List<String> redisKeys, NodeCall call) {
        Map<String, List<String>> byNode = new LinkedHashMap<>();
        if (!topologyBreaker.allows()) {
            return new Answers(Map.of(), false);
        }
        try {
            for (String redisKey : redisKeys) {
                byNode.computeIfAbsent(cache.nodeOf(redisKey), node -> new ArrayList<>()).add(redisKey);
            }
        } catch (RuntimeException e) {
            // the slot map could not be learnt: the configuration endpoint is down or slow
            topologyBreaker.recordFailure();
            return new Answers(Map.of(), false);
        }
        Map<String, Future<CacheNodes.Reply>> running = new LinkedHashMap<>();
        Map<String, CacheNodes.Reply> replies = new LinkedHashMap<>();
        if (byNode.size() == 1) {
            byNode.forEach((node, nodeKeys) -> replies.put(node, askNode(node, nodeKeys, call)));
        } else {
            byNode.forEach((node, nodeKeys) -> running.put(node, nodes.submit(() -> askNode(node, nodeKeys, call))));
            running.forEach((node, reply) -> replies.put(node, await(reply)));
        }
        Map<String, String> values = new HashMap<>();
        boolean allAvailable = true;
        for (CacheNodes.Reply reply : replies.values()) {
            if (reply == null) {
                allAvailable = false;
                continue;
            }
            values.putAll(reply.values());
            for (String redirected : reply.redirected()) {
                allAvailable &= followRedirection(redirected, call, values);
            }
        }
        return new Answers(values, allAvailable);
    }

    /** {@code null} when the node could not be asked (its breaker is open, or it failed now). */
    private CacheNodes.Reply askNode(String node, List<String> redisKeys, NodeCall call) {
        CircuitBreaker breaker = breakers.computeIfAbsent(node, any -> new CircuitBreaker(clock, breakerOpenFor));
        if (!breaker.allows()) {
            return null;
        }
        try {
            return call.onNode(node, redisKeys);
        } catch (RuntimeException e) {
            breaker.recordFailure();
            refreshInBackground();
            return null;
        }
    }

    private static CacheNodes.Reply await(Future<CacheNodes.Reply> reply) {
        try {
            return reply.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            return null;
        }
    }

    /** A key the node sent elsewhere, asked through the cluster client, which follows MOVED and ASK. */
    private boolean followRedirection(String redisKey, NodeCall call, Map<String, String> values) {
        try {
            call.followed(redisKey).ifPresent(value -> values.put(redisKey, value));
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * Learns the slot map again (a replica may have taken the failed node's slots), off the
     * batch's path, so that the failure costs the batch one timeout, not two; one at a time.
     */
    private void refreshInBackground() {
        if (!refreshing.compareAndSet(false, true)) {
            return;
        }
        try {
            nodes.execute(() -> {
                try {
                    cache.refresh();
                } catch (RuntimeException stillDown) {
                    // no node answers: a later failure tries again
                } finally {
                    refreshing.set(false);
                }
            });
        } catch (RejectedExecutionException closed) {
            refreshing.set(false);
        }
    }

    /** Stops the threads asking the nodes. */
    void close() {
        nodes.shutdownNow();
    }
}
