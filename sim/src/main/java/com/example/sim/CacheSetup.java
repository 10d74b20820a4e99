package com.example.sim;

import com.example.payment.Payment;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.testing.CachedAnswer;
import com.example.receiver.testing.ReceiverTestKit;
import com.example.receiver.Outcome;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.CacheModel;
import com.example.sim.models.DynamoDbTable;
import com.example.sim.models.SimWorld;
import com.example.sim.oracles.Event;
import com.example.sim.oracles.Oracles;
import com.example.sim.oracles.RecordedDecisions;
import com.example.sim.oracles.Violation;
import com.example.sim.runtime.LaneExecutor;
import com.example.sim.runtime.Scheduler;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The fast path in a run, as production has it with {@code EnableFastPath=true}: the template's
 * {@code FAST_PATH_*} variables (its endpoint, TLS, the cluster protocol, its signing key's
 * secret, {@code FastPathTimeoutMs} and {@code FastPathTtlSeconds} as the template defaults them),
 * the receiver's real {@code RedisFastPath} built by the builder on a {@link CacheModel}'s nodes
 * ({@link Seams#withCache}), its nodes asked on the scheduler's fibers.
 *
 * <p>Its oracle watches each answer the fast path gives the batch (the hits it decoded and
 * verified), and holds it against the truth: the record DynamoDB holds for the key at that moment.
 * A cached answer that is no decision DynamoDB holds (another status, reason or fingerprint, or no
 * record at all) fails "a fast-path answer is a decision DynamoDB holds". Cache loss (a failover,
 * an outage) is among the run's faults, so the other oracles (no double debit, none lost) hold
 * through it. It also counts, from the receiver's answers (each duplicate's source), which
 * duplicates the cache answered and which DynamoDB did: the saving the fast path is for.
 */
final class CacheSetup {

    static final String SIGNING_SECRET = "sim-fast-path-signing-key";
    /** The fast path's signing key (at least 32 bytes, as {@code ValueSigner} requires). */
    static final String SIGNING_KEY = "simulated-fast-path-signing-key-of-at-least-32-bytes";

    private final Scheduler scheduler;
    private final CacheModel cache;
    private final TemplateWindows windows;
    private final DynamoDbTable records;
    private final List<Violation> violations;
    private long answers;
    private long byCache;
    private long byDynamoDb;
    private long inBatch;

    private CacheSetup(Scheduler scheduler, CacheModel cache, TemplateWindows windows, DynamoDbTable records,
                       List<Violation> violations) {
        this.scheduler = scheduler;
        this.cache = cache;
        this.windows = windows;
        this.records = records;
        this.violations = violations;
    }

    /** The cache of {@code profile}, if it has one, its faults on the scheduler; its violations go to {@code violations}. */
    static Optional<CacheSetup> of(Profile profile, Scheduler scheduler, SimWorld world, FaultSchedule faults,
                                   TemplateWindows windows, DynamoDbTable records, List<Violation> violations) {
        if (!profile.cacheOn()) {
            return Optional.empty();
        }
        CacheModel.Mode mode = profile.cache().equals("cluster") ? CacheModel.Mode.CLUSTER : CacheModel.Mode.SERVERLESS;
        CacheModel cache = new CacheModel(world, scheduler::sleep, mode, 3);
        schedule(scheduler, faults, cache);
        return Optional.of(new CacheSetup(scheduler, cache, windows, records, violations));
    }

    /** Puts the cache's windows of {@code faults} on the scheduler, against {@code cache}. */
    private static void schedule(Scheduler scheduler, FaultSchedule faults, CacheModel cache) {
        for (FaultSchedule.Window window : faults.windows()) {
            int shard = window.index() % cache.shards();
            if (window.kind() == FaultSchedule.Kind.CACHE_FAILOVER) {
                long failingOver = window.end() - window.start();
                scheduler.at(window.start(), () -> cache.failsAtNextWrite(shard,
                        scheduler.random().nextLong(CacheModel.MAX_LOSS_MICROS + 1),
                        () -> scheduler.after(failingOver, () -> cache.promoted(shard))));
            } else if (window.kind() == FaultSchedule.Kind.CACHE_OUTAGE) {
                scheduler.at(window.start(), () -> cache.unreachable(shard));
                scheduler.at(window.end(), () -> cache.reachable(shard));
            }
        }
    }

    /** The template's fast-path variables, as a deployment with the cache has them. */
    void environment(Map<String, String> env) {
        env.put("FAST_PATH_ENDPOINT", cache.mode() == CacheModel.Mode.SERVERLESS ? CacheModel.ENDPOINT
                : "payments-fast-path.cfg.euw1.cache.amazonaws.com:6379");
        env.put("FAST_PATH_TLS", "true");
        env.put("FAST_PATH_CLUSTER", "true");
        env.put("FAST_PATH_SIGNING_SECRET", SIGNING_SECRET);
        env.put("FAST_PATH_TIMEOUT_MS", Long.toString(windows.fastPathTimeoutMs()));
        env.put("FAST_PATH_TTL_SECONDS", Long.toString(windows.fastPathTtlSeconds()));
    }

    /** The model's nodes under the receiver's real fast path, through its test kit; every hit it hands a batch watched. */
    void attach(ReceiverTestKit<Payment> kit) {
        kit.cacheNodes(cache::client, maxParallelNodes -> new LaneExecutor(scheduler))
                .afterLookup(hits -> hits.forEach(this::answered));
    }

    /** A hit the fast path hands the batch: it must be the decision DynamoDB holds for the key now. */
    void answered(IdempotencyKey key, CachedAnswer cached) {
        answers++;
        String txn = key.value();
        String pk = RecordedDecisions.RECORD_PREFIX + txn; // the store's keyPrefix#key (PaymentAuthorizer.KEY_PREFIX)
        String said = cached.decision().status() + cached.decision().reason().map(r -> "(" + r + ")").orElse("")
                + " for fingerprint " + abbreviated(cached.fingerprint().hex());
        Optional<Map<String, AttributeValue>> record = records.get(pk, scheduler.instant());
        if (record.isEmpty()) {
            violations.add(new Violation(Violation.CACHE_ANSWER, txn, "the fast path answered " + said + " at "
                    + Oracles.at(scheduler.now()) + "; DynamoDB holds no record"));
            return;
        }
        Map<String, AttributeValue> item = record.get();
        String status = text(item, IdempotencyRecordAttributes.STATUS);
        String reason = text(item, IdempotencyRecordAttributes.REASON);
        String fingerprint = text(item, IdempotencyRecordAttributes.FINGERPRINT);
        if (!cached.decision().status().name().equals(status) || !cached.decision().reason().orElse("").equals(reason)
                || !cached.fingerprint().hex().equals(fingerprint)) {
            violations.add(new Violation(Violation.CACHE_ANSWER, txn, "the fast path answered " + said + " at "
                    + Oracles.at(scheduler.now()) + "; DynamoDB holds " + status + (reason.isEmpty() ? "" : "(" + reason + ")")
                    + " for fingerprint " + abbreviated(fingerprint)));
        }
    }

    private static String text(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || value.s() == null ? "" : value.s();
    }

    private static String abbreviated(String hex) {
        return hex.length() > 8 ? hex.substring(0, 8) + "…" : hex;
    }

    /** The receiver's answers: which duplicates the cache answered, which DynamoDB, which the batch itself. */
    void observe(Event event) {
        if (event instanceof Event.Answered answered && answered.result().outcome() instanceof Outcome.Duplicate duplicate) {
            switch (duplicate.source()) {
                case FAST_PATH -> byCache++;
                case IN_BATCH -> inBatch++;
                case STORE, LATE -> byDynamoDb++;
            }
        }
    }

    /** The run's cache figures: deterministic, for the run's line. */
    String report() {
        CacheModel.Counts c = cache.counts();
        return String.format(" cache=%s duplicates_by_cache=%d duplicates_by_dynamodb=%d duplicates_in_batch=%d "
                        + "cache_answers=%d cache_gets=%d cache_found=%d cache_sets=%d cache_timeouts=%d cache_redirects=%d "
                        + "cache_failovers=%d cache_lost_values=%d",
                cache.mode().name().toLowerCase(java.util.Locale.ROOT), byCache, byDynamoDb, inBatch, answers, c.gets(),
                c.found(), c.sets(), c.timeouts(), c.redirects(), c.failovers(), c.lostValues());
    }
}
