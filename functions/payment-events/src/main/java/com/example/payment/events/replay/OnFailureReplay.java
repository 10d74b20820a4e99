package com.example.payment.events.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * Replays the stream batches named in the publisher's on-failure queue. Each message is Lambda's
 * record of a batch it skipped ({@code DDBStreamBatchInfo}: shard, first and last sequence numbers,
 * and the approximate arrival of its first and last record). The stream itself keeps records 24
 * hours only, so the batch is read back from the idempotency table instead: every decision whose
 * {@code processedAt} lies between {@link #BEFORE_ARRIVAL} before the first arrival and
 * {@link #AFTER_ARRIVAL} after the last. That window holds the batch's decisions (a decision is
 * taken, then committed within the authorizer's 30 s timeout, then it arrives in the stream) and
 * possibly others, published again harmlessly.
 *
 * <p>The messages of one receive whose windows overlap are replayed as one window (one Scan), and
 * deleted together once it was wholly published. Otherwise they stay in the queue, hidden for the
 * rest of this run (so the run ends) and made visible again as the run ends, so the next run, once
 * the cause is fixed, finds them at once; a run that dies midway leaves its messages hidden for
 * {@link #VISIBILITY} at most.
 */
public final class OnFailureReplay {

    /** How much earlier than its stream arrival a decision can have been taken: the authorizer's timeout, with margin. */
    static final Duration BEFORE_ARRIVAL = Duration.ofMinutes(5);
    /** Arrival times are approximate (whole seconds): margin after the last one. */
    static final Duration AFTER_ARRIVAL = Duration.ofMinutes(1);
    /** How long a message being replayed stays invisible to another run, should this run die before it releases it. */
    static final Duration VISIBILITY = Duration.ofMinutes(15);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SqsClient sqs;
    private final DecisionReplay replay;
    private final BatchTransactions batchTransactions;
    private final PrintStream progress;

    /** A replay that does not read the batches' records back (it cannot tell published before from not). */
    public OnFailureReplay(SqsClient sqs, DecisionReplay replay, PrintStream progress) {
        this(sqs, replay, BatchTransactions.UNREAD, progress);
    }

    /** A replay that tells, through {@code batchTransactions}, which transactions each batch held. */
    public OnFailureReplay(SqsClient sqs, DecisionReplay replay, BatchTransactions batchTransactions, PrintStream progress) {
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.replay = Objects.requireNonNull(replay, "replay");
        this.batchTransactions = Objects.requireNonNull(batchTransactions, "batchTransactions");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /** What a run did: the totals, and per group of overlapping batches what it covered and published. */
    public record Run(ReplayResult total, List<BatchReport> batches) {

        public Run {
            Objects.requireNonNull(total, "total");
            batches = List.copyOf(batches);
        }
    }

    /** As {@link #run}, the totals only. */
    public ReplayResult replay(String queueUrl) {
        return run(queueUrl).total();
    }

    /**
     * Replays every batch the queue names, until the queue has none left visible; the messages of
     * batches not wholly published are left in the queue, visible, each named on the progress stream.
     */
    public Run run(String queueUrl) {
        ReplayResult total = ReplayResult.NONE;
        List<BatchReport> reports = new ArrayList<>();
        List<Message> left = new ArrayList<>();
        try {
            while (true) {
                List<Message> messages = sqs.receiveMessage(request -> request.queueUrl(queueUrl).maxNumberOfMessages(10)
                        .visibilityTimeout((int) VISIBILITY.toSeconds())).messages();
                if (messages.isEmpty()) {
                    return new Run(total, reports);
                }
                for (Overlapping batches : overlapping(messages)) {
                    ReplayWindow window = batches.window();
                    Optional<Set<String>> covered = covered(batches.messages());
                    List<String> published = new ArrayList<>();
                    ReplayResult result = replay.replay(window, published::add);
                    BatchReport report = report(batches, covered, published, result);
                    reports.add(report);
                    progress.println("batches " + window.from() + " .. " + window.to() + ": " + result.published() + " of "
                            + result.found() + " decisions published; "
                            + (report.coveredKnown() ? "the batches held " + report.covered() + ", published for the first time "
                                    + report.publishedFirstTime() + ", published again (decided in the window's margins, "
                                    + "before or after the batches: already published) " + report.publishedAgain()
                                    : "the stream no longer holds the batches' records: which were published before is unknown"));
                    if (result.complete()) {
                        batches.messages().forEach(message -> sqs.deleteMessage(request -> request.queueUrl(queueUrl)
                                .receiptHandle(message.receiptHandle())));
                    } else {
                        left.addAll(batches.messages());
                        progress.println("batches " + window.from() + " .. " + window.to() + ": " + result.failed().size()
                                + " not published, left in the failure queue (messages "
                                + batches.messages().stream().map(Message::messageId).toList()
                                + "): run the replay again once the cause is fixed");
                    }
                    total = total.plus(result);
                }
            }
        } finally {
            release(queueUrl, left);
        }
    }

    /** The transactions the messages' batches held, or empty when one of them cannot be read back. */
    private Optional<Set<String>> covered(List<Message> messages) {
        Set<String> covered = new LinkedHashSet<>();
        for (Message message : messages) {
            Optional<Set<String>> batch;
            try {
                batch = batchTransactions.of(JSON.readTree(message.body()).path("DDBStreamBatchInfo"));
            } catch (IOException e) {
                return Optional.empty();
            }
            if (batch.isEmpty()) {
                return Optional.empty();
            }
            covered.addAll(batch.get());
        }
        return Optional.of(covered);
    }

    private static BatchReport report(Overlapping batches, Optional<Set<String>> covered, List<String> published,
                                      ReplayResult result) {
        List<String> ids = batches.messages().stream().map(Message::messageId).toList();
        if (covered.isEmpty()) {
            return new BatchReport(ids, batches.window(), false, List.of(), published, List.of(), result.failed());
        }
        return new BatchReport(ids, batches.window(), true, List.copyOf(covered.get()),
                published.stream().filter(covered.get()::contains).toList(),
                published.stream().filter(txn -> !covered.get().contains(txn)).toList(), result.failed());
    }

    /** Messages whose windows overlap, and the one window that covers them all. */
    record Overlapping(ReplayWindow window, List<Message> messages) {
    }

    /**
     * The messages grouped by overlapping windows, each group's windows joined into one: a long
     * outage skips many batches whose windows overlap (each is widened by minutes), and each
     * window is a Scan of the whole table, so overlapping ones are read once together.
     *
     * @throws IllegalArgumentException naming the field, when a body is not Lambda's stream
     *                                  on-failure record with arrival times
     */
    static List<Overlapping> overlapping(List<Message> messages) {
        List<Message> byStart = new ArrayList<>(messages);
        byStart.sort(Comparator.comparing(message -> windowOf(message.body()).from()));
        List<Overlapping> groups = new ArrayList<>();
        for (Message message : byStart) {
            ReplayWindow window = windowOf(message.body());
            Overlapping last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            if (last != null && !window.from().isAfter(last.window().to())) {
                List<Message> joined = new ArrayList<>(last.messages());
                joined.add(message);
                Instant to = window.to().isAfter(last.window().to()) ? window.to() : last.window().to();
                groups.set(groups.size() - 1, new Overlapping(new ReplayWindow(last.window().from(), to), List.copyOf(joined)));
            } else {
                groups.add(new Overlapping(window, List.of(message)));
            }
        }
        return groups;
    }

    /** Makes the messages of batches not wholly published visible again, for the next run. */
    private void release(String queueUrl, List<Message> left) {
        for (Message message : left) {
            sqs.changeMessageVisibility(request -> request.queueUrl(queueUrl).receiptHandle(message.receiptHandle())
                    .visibilityTimeout(0));
        }
    }

    /**
     * The window of decision times that holds the batch {@code body} names.
     *
     * @throws IllegalArgumentException naming the field, when the body is not Lambda's stream
     *                                  on-failure record with arrival times
     */
    public static ReplayWindow windowOf(String body) {
        JsonNode info;
        try {
            info = JSON.readTree(body).path("DDBStreamBatchInfo");
        } catch (IOException e) {
            throw new IllegalArgumentException("an on-failure record must be JSON", e);
        }
        if (info.isMissingNode()) {
            throw new IllegalArgumentException("DDBStreamBatchInfo is missing: not a stream on-failure record");
        }
        return new ReplayWindow(arrival(info, "approximateArrivalOfFirstRecord").minus(BEFORE_ARRIVAL),
                arrival(info, "approximateArrivalOfLastRecord").plus(AFTER_ARRIVAL));
    }

    private static Instant arrival(JsonNode info, String field) {
        String text = info.path(field).asText("");
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("DDBStreamBatchInfo." + field + " must be an ISO-8601 instant, was '" + text + "'", e);
        }
    }
}
