package com.example.demo;

import static com.example.demo.LocalCli.JSON;
import static com.example.demo.LocalCli.ROOT;
import static com.example.demo.LocalCli.aws;
import static com.example.demo.LocalCli.ok;
import static com.example.demo.LocalCli.runWith;
import static com.example.demo.LocalCli.writeString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalTls;
import com.example.localpayments.Accounts;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The local runtime's command line end to end, as {@code make up send drain state redrive down} runs
 * it: a real moto launcher, redis-server and push API on free ports, the real authorizer,
 * publisher and notifier under the Lambda runtime emulator, the sample
 * {@code events/payments.jsonl} and the seed accounts.
 */
class LocalRuntimeCommandLineTest extends LocalRuntimeSession {

    @Test
    void upSendDrainStateDown_stateTotalsMatchTheInputs_andOneNotificationPerApprovedPayment() throws IOException {
        // GIVEN the local AWS started by `up`, with a 1 s visibility timeout so redeliveries are quick
        JsonNode up = ok(run("up", "--visibility-timeout", "1"));
        assertEquals("started", up.path("status").asText());
        assertEquals(List.of("NotificationsDeadLetterQueue", "NotificationsQueue", "PaymentEventsFailureQueue",
                "PaymentEventsUnpublishableQueue", "PaymentsDeadLetterQueue", "PaymentsQueue"), sorted(up.path("queues").fieldNames()));
        assertTrue(up.path("topics").has("PaymentsAuthorizedTopic"));
        assertTrue(up.path("pushApi").asText().startsWith("http://127.0.0.1:"), up::toString);
        // AND the local AWS is HTTPS, as AWS is (plain HTTP only when LOCAL_AWS_TLS=false), its queue URLs too
        String aws = (LocalTls.awsEndpointTls() ? "https" : "http") + "://127.0.0.1:";
        assertTrue(up.path("moto").asText().startsWith(aws), up::toString);
        up.path("queues").forEach(url -> assertTrue(url.asText().startsWith(up.path("moto").asText() + "/"), up::toString));
        // AND a second `up` changes nothing
        assertEquals("already running", ok(run("up")).path("status").asText());

        // WHEN the sample messages are sent and drained
        assertEquals(9, ok(run("send", "--messages", "events/payments.jsonl")).path("sent").asInt());
        JsonNode drain = ok(run("drain", "--timeout-seconds", "120"));
        JsonNode state = ok(run("state"));

        // THEN the drain ended with every queue empty; each unique payment was decided once:
        // 0001 (+ its producer retry), 0002 and 0003 (+ its copy) approved, 0004 (funds) and 0005
        // (unknown account) declined; the copy of 0003 with another merchant and the cut-off body
        // were never acknowledged
        assertTrue(drain.path("drained").asBoolean());
        assertEquals(3, drain.path("outcomes").path("APPROVED").asInt());
        assertEquals(2, drain.path("outcomes").path("DECLINED").asInt());
        // AND the publisher put the five decisions on the topic, and the notifier had the push
        // API deliver one notification per approved payment (declines are filtered out)
        assertEquals(3, drain.path("published").path("PaymentAuthorized").asInt(), drain::toString);
        assertEquals(2, drain.path("published").path("PaymentDeclined").asInt(), drain::toString);
        assertEquals(3, drain.path("notifierOutcomes").path("DELIVERED").asInt(), drain::toString);
        assertEquals(3, drain.path("notificationsDelivered").asInt(), drain::toString);
        // AND the state's totals are what the inputs imply
        Map<String, Long> approved = Map.of("TXN-LOCAL-0001", -12_550L, "TXN-LOCAL-0002", 2_500L, "TXN-LOCAL-0003", -4_000L);
        long seeded = Accounts.read(ROOT.resolve("infra/local-payments/accounts.json")).stream().mapToLong(Accounts.Account::balanceMinor).sum();
        long change = approved.values().stream().mapToLong(Long::longValue).sum();
        JsonNode totals = state.path("totals");
        assertEquals(3, totals.path("accounts").asInt());
        assertEquals(seeded + change, totals.path("balanceMinor").path("EUR").asLong());
        assertEquals(approved.size(), totals.path("ledgerRows").asInt());
        assertEquals(change, totals.path("ledgerAmountMinor").path("EUR").asLong());
        assertEquals(Map.of("APPROVED", 3, "DECLINED", 2), JSON.convertValue(totals.path("recordsByStatus"), Map.class));
        assertEquals(2, totals.path("deadLetters").asInt());
        assertEquals(approved.size(), totals.path("notificationsDelivered").asInt());
        assertEquals(0, totals.path("notificationDeadLetters").asInt());
        assertEquals(0, totals.path("streamFailures").asInt());
        assertEquals(0, totals.path("unpublishable").asInt());
        // AND the items agree with the totals
        Map<String, Long> ledger = new HashMap<>();
        state.path("ledger").forEach(row -> ledger.put(row.path("sk").asText(), row.path("amountMinor").asLong()));
        assertEquals(approved, ledger);
        List<String> notified = new ArrayList<>();
        state.path("notifications").forEach(item -> notified.add(item.path("transactionId").asText()));
        assertEquals(sorted(approved.keySet().iterator()), sorted(notified.iterator()));
        List<String> deadBodies = new ArrayList<>();
        state.path("deadLetters").forEach(letter -> deadBodies.add(letter.path("body").asText()));
        assertTrue(deadBodies.stream().anyMatch(body -> body.contains("Other Merchant")), deadBodies::toString);
        assertTrue(deadBodies.stream().anyMatch(body -> body.endsWith("\"corr-cut")), deadBodies::toString);
        // AND reading the state leaves the DLQ as it was
        assertEquals(2, ok(run("state")).path("totals").path("deadLetters").asInt());

        // AND the function sent both there at once, with their reasons
        List<String> reasons = new ArrayList<>();
        state.path("deadLetters").forEach(letter -> reasons.add(letter.path("attributes").path("outcome").asText()));
        assertEquals(List.of("CONFLICT", "REJECTED"), sorted(reasons.iterator()), state.path("deadLetters")::toString);

        // WHEN the DLQ is redriven to the payments queue and drain runs again
        JsonNode redrive = ok(run("redrive"));
        assertEquals(2, redrive.path("moved").asInt(), redrive::toString);
        JsonNode again = ok(run("drain", "--timeout-seconds", "120"));
        // THEN the two came straight back to the DLQ, nothing was decided again, and the stream
        // resumed where the first drain left it: nothing is published again, and the push API
        // still holds the three deliveries
        assertTrue(again.path("drained").asBoolean());
        assertEquals(0, again.path("outcomes").path("APPROVED").asInt(), again::toString);
        JsonNode redriven = ok(run("state")).path("totals");
        assertEquals(2, redriven.path("deadLetters").asInt(), redriven::toString);
        assertEquals(approved.size(), redriven.path("ledgerRows").asInt());
        assertEquals(0, again.path("published").path("total").asInt(), again::toString);
        assertEquals(3, again.path("notificationsDelivered").asInt(), again::toString);

        // WHEN the on-call engineer follows docs/deploy.md#alarm-conflict and #alarm-dlq-not-empty
        // with their local forms: the DLQ read without hiding it (make dlq), the conflict beside the
        // record its txn_id names
        JsonNode dlq = ok(run("dlq", "--body", "true"));
        assertEquals(2, dlq.path("messages").size(), dlq::toString);
        JsonNode conflict = only(dlq.path("messages"), "CONFLICT");
        assertEquals("TXN-LOCAL-0003", conflict.path("attributes").path("txn_id").asText(), conflict::toString);
        assertEquals("TXN-LOCAL-0003", conflict.path("txnId").asText(), conflict::toString);
        assertTrue(conflict.path("body").asText().contains("Other Merchant"), conflict::toString);
        assertEquals("PAYMENT#TXN-LOCAL-0003", conflict.path("storedRecord").path("pk").asText(), conflict::toString);
        assertEquals("APPROVED", conflict.path("storedRecord").path("status").asText(), conflict::toString);
        assertEquals(4_000, conflict.path("storedRecord").path("result").path("amountMinor").asLong(), conflict::toString);
        assertEquals("ACC-30512", conflict.path("storedRecord").path("result").path("accountId").asText(), conflict::toString);
        assertEquals(conflict.path("attributes").path("stored_fingerprint").asText(),
                conflict.path("storedRecord").path("fingerprint").asText(), conflict::toString);
        JsonNode rejected = only(dlq.path("messages"), "REJECTED");
        // AND, both being the producer's to fix, deletes them by id (make dlq DELETE=...)
        JsonNode deleted = ok(run("dlq", "--delete", conflict.path("messageId").asText() + "," + rejected.path("messageId").asText()));
        assertEquals(2, deleted.path("deleted").size(), deleted::toString);
        assertEquals(0, deleted.path("messages").size(), deleted::toString);
        // AND moves the (empty) notifications DLQ back to its queue, the other redrive the runbook names
        JsonNode notifications = ok(run("redrive", "--from", "NotificationsDeadLetterQueue", "--to", "NotificationsQueue"));
        assertEquals("NotificationsDeadLetterQueue", notifications.path("from").asText(), notifications::toString);
        assertEquals(0, notifications.path("moved").asInt(), notifications::toString);
        // THEN every queue of the stack is empty, and the decisions and deliveries are as they were
        JsonNode recovered = ok(run("state"));
        recovered.path("queues").forEach(queue -> assertEquals(0, queue.path("visible").asInt() + queue.path("inFlight").asInt(),
                recovered.path("queues")::toString));
        assertEquals(6, recovered.path("queues").size(), recovered.path("queues")::toString);
        assertEquals(0, recovered.path("totals").path("deadLetters").asInt());
        assertEquals(0, recovered.path("totals").path("unpublishable").asInt());
        assertEquals(approved.size(), recovered.path("totals").path("ledgerRows").asInt());
        assertEquals(3, recovered.path("totals").path("notificationsDelivered").asInt());
        // WHEN the push API fails (make push-api-fault COUNT=100 STATUS=503) while an approval is notified, the
        // notifications queue's receives 1 s apart for it (make up gave the queue 5 s, not 1: its 15 receives outlast
        // the minute the notifier waits to read its credential again after a failed read)
        String notificationsQueue = up.path("queues").path("NotificationsQueue").asText();
        String upVisibility = aws(up, "aws sqs get-queue-attributes --region \"$REGION\" --queue-url \"$QUEUE\""
                + " --attribute-names VisibilityTimeout --query Attributes.VisibilityTimeout --output text", Map.of("QUEUE", notificationsQueue)).strip();
        assertEquals("5", upVisibility);
        aws(up, "aws sqs set-queue-attributes --region \"$REGION\" --queue-url \"$QUEUE\" --attributes VisibilityTimeout=1", Map.of("QUEUE", notificationsQueue));
        assertEquals(100, ok(run("push-api-fault", "--count", "100", "--status", "503")).path("pending").asInt());
        Path late = stateDir.resolve("late.jsonl");
        writeString(late, LocalCli.payment("0101"));
        assertEquals(1, ok(run("send", "--messages", late.toString())).path("sent").asInt());
        JsonNode failing = ok(run("drain", "--timeout-seconds", "120"));
        // THEN the notifier retried it at every receive, counted Retried in its EMF lines, until SQS moved it
        // after MaxReceiveCount (15) receives to the notifications DLQ, without a reason: the
        // notifications-dlq-not-empty alarm's threshold (1 visible message)
        assertTrue(failing.path("notifierOutcomes").path("RETRY").asInt() >= 15, failing::toString);
        JsonNode stranded = ok(run("dlq", "--queue", "NotificationsDeadLetterQueue"));
        assertEquals(1, stranded.path("messages").size(), stranded::toString);
        assertFalse(stranded.path("messages").get(0).path("attributes").has("reason"), stranded::toString);
        assertEquals("TXN-LOCAL-0101", stranded.path("messages").get(0).path("txnId").asText(), stranded::toString);
        assertTrue(stranded.path("messages").get(0).path("receiveCount").asInt() >= 15, stranded::toString);
        assertTrue(retriedInEmf(stateDir) >= 15, "the notifier's EMF lines count Retried");
        aws(up, "aws sqs set-queue-attributes --region \"$REGION\" --queue-url \"$QUEUE\" --attributes VisibilityTimeout=$VISIBILITY",
                Map.of("QUEUE", notificationsQueue, "VISIBILITY", upVisibility));
        // WHEN the push API is back and the engineer follows docs/deploy.md#alarm-notifications-dlq-not-empty
        assertEquals(0, ok(run("push-api-fault", "--count", "0")).path("pending").asInt());
        assertEquals(1, ok(run("redrive", "--from", "NotificationsDeadLetterQueue", "--to", "NotificationsQueue"))
                .path("moved").asInt());
        JsonNode resumed = ok(run("drain", "--timeout-seconds", "120"));
        // THEN the approval is notified, once, and every queue is empty
        assertEquals(1, resumed.path("notifierOutcomes").path("DELIVERED").asInt(), resumed::toString);
        JsonNode afterPush = ok(run("state"));
        assertEquals(approved.size() + 1, afterPush.path("totals").path("notificationsDelivered").asInt(), afterPush::toString);
        afterPush.path("queues").forEach(queue -> assertEquals(0, queue.path("visible").asInt() + queue.path("inFlight").asInt(),
                afterPush.path("queues")::toString));

        // WHEN the push API refuses the next notification with 422 (make push-api-fault COUNT=1 STATUS=422)
        assertEquals(1, ok(run("push-api-fault", "--count", "1", "--status", "422")).path("pending").asInt());
        Path refusedPayment = stateDir.resolve("refused.jsonl");
        writeString(refusedPayment, Files.readString(late).replace("0101", "0102"));
        assertEquals(1, ok(run("send", "--messages", refusedPayment.toString())).path("sent").asInt());
        JsonNode refusing = ok(run("drain", "--timeout-seconds", "120"));
        // THEN the notifier dead-lettered it at once, with the API's status as its reason, retrying nothing
        assertEquals(1, refusing.path("notifierOutcomes").path("DEAD_LETTERED").asInt(), refusing::toString);
        assertEquals(0, refusing.path("notifierOutcomes").path("RETRY").asInt(), refusing::toString);
        JsonNode refusedRead = ok(run("dlq", "--queue", "NotificationsDeadLetterQueue"));
        assertEquals(1, refusedRead.path("listed").asInt(), refusedRead::toString);
        JsonNode refusal = refusedRead.path("messages").get(0);
        assertEquals("push API refused it with 422", refusal.path("reason").asText(), refusal::toString);
        assertEquals("TXN-LOCAL-0102", refusal.path("txnId").asText(), refusal::toString);
        assertTrue(refusal.path("receiveCount").asInt() >= 1 && refusal.path("ageSeconds").asLong() >= 0, refusal::toString);
        assertFalse(refusal.has("body"), "the body only on request (BODY=true): " + refusal);
        // WHEN the engineer reads it with docs/deploy.md's one DLQ read (aws sqs receive-message, which hides what it
        // reads for 60 s), then tries make dlq and make redrive
        // (DLQ="$(out NotificationsDeadLetterQueueUrl)": out() answers the stack's output names locally, make out)
        LocalCli.Result output = run("outputs", "--name", "NotificationsDeadLetterQueueUrl");
        assertEquals(0, output.status(), output::err);
        String notificationsDlq = output.out().strip();
        assertEquals(up.path("queues").path("NotificationsDeadLetterQueue").asText(), notificationsDlq);
        JsonNode outputs = ok(run("outputs"));
        assertTrue(outputs.path("outputs").path("NotificationsDeadLetterQueueArn").asText().startsWith("arn:aws:sqs:"), outputs::toString);
        assertTrue(outputs.path("outputs").path("IdempotencyTableStreamArn").asText().startsWith("arn:aws:dynamodb:"), outputs::toString);
        assertTrue(outputs.path("noLocalForm").has("PaymentAuthorizerFunctionName"), outputs::toString);
        LocalCli.Result noOutput = run("outputs", "--name", "PaymentAuthorizerFunctionName");
        assertEquals(2, noOutput.status(), noOutput::toString);
        assertTrue(noOutput.err().contains("no local form"), noOutput::err);
        JsonNode awsRead = JSON.readTree(runbookCommand(up, "alarm-dlq-not-empty", "receive-message", notificationsDlq, Map.of()));
        JsonNode hidden = ok(run("dlq", "--queue", "NotificationsDeadLetterQueue"));
        JsonNode blocked = ok(run("redrive", "--from", "NotificationsDeadLetterQueue", "--to", "NotificationsQueue"));
        // THEN the AWS read shows the columns to act on: the message id, the transaction, the reason, the receives
        assertEquals(1, awsRead.size(), awsRead::toString);
        assertEquals(refusal.path("messageId").asText(), awsRead.get(0).path("id").asText(), awsRead::toString);
        assertEquals("TXN-LOCAL-0102", awsRead.get(0).path("txn").asText(), awsRead::toString);
        assertEquals("push API refused it with 422", awsRead.get(0).path("reason").asText(), awsRead::toString);
        assertTrue(awsRead.get(0).path("receives").asInt() >= 1, awsRead::toString);
        // AND neither make dlq nor make redrive prints a silent zero: both say one message is in flight, and why
        // it is neither listed nor moved
        assertEquals(0, hidden.path("listed").asInt(), hidden::toString);
        assertEquals(1, hidden.path("inFlight").asInt(), hidden::toString);
        assertTrue(hidden.path("why").asText().startsWith("1 in flight"), hidden::toString);
        assertEquals(0, blocked.path("moved").asInt(), blocked::toString);
        assertEquals(1, blocked.path("inFlight").asInt(), blocked::toString);
        assertTrue(blocked.path("why").asText().contains("run it again once they are visible"), blocked::toString);
        // WHEN the reader releases what it read (the runbook's change-message-visibility), the API is fixed (the
        // fault is used up), and the engineer moves the refusals back as #alarm-notifications-dlq-not-empty says
        runbookCommand(up, "alarm-dlq-not-empty", "change-message-visibility", notificationsDlq,
                Map.of("handle", awsRead.get(0).path("handle").asText()));
        JsonNode redrivenRefusal = ok(run("redrive", "--from", "NotificationsDeadLetterQueue", "--to", "NotificationsQueue",
                "--reason", "push API refused"));
        assertEquals(1, redrivenRefusal.path("moved").asInt(), redrivenRefusal::toString);
        JsonNode delivered = ok(run("drain", "--timeout-seconds", "120"));
        // THEN it is delivered, once, with no table edited by hand: the push API received the refused request and the
        // delivering one, and every queue is empty
        assertEquals(1, delivered.path("notifierOutcomes").path("DELIVERED").asInt(), delivered::toString);
        JsonNode afterRefusal = ok(run("state"));
        assertEquals(approved.size() + 2, afterRefusal.path("totals").path("notificationsDelivered").asInt(), afterRefusal::toString);
        JsonNode notification = StreamSupport.stream(afterRefusal.path("notifications").spliterator(), false)
                .filter(item -> item.path("transactionId").asText().equals("TXN-LOCAL-0102")).findFirst().orElseThrow();
        assertEquals(2, notification.path("requests").asInt(), notification::toString);
        assertEquals(0, afterRefusal.path("totals").path("notificationDeadLetters").asInt(), afterRefusal::toString);
        // AND the push API's log has each of its requests with its status
        String pushLog = Files.readString(stateDir.resolve("push-api.log"));
        assertTrue(pushLog.contains("Idempotency-Key=TXN-LOCAL-0102 422 injected failure"), pushLog);
        assertTrue(pushLog.contains("Idempotency-Key=TXN-LOCAL-0102 201 delivered"), pushLog);

        // AND a message id the queue does not hold is named, exit status 2
        LocalCli.Result unknown = run("dlq", "--delete", "no-such-message");
        assertEquals(2, unknown.status(), unknown::toString);
        assertTrue(unknown.err().contains("no-such-message"), unknown::err);

        // WHEN it is stopped THEN both servers are gone, and a second `down` is harmless
        JsonNode down = ok(run("down"));
        assertTrue(down.path("motoStopped").asBoolean() && down.path("redisStopped").asBoolean()
                && down.path("pushApiStopped").asBoolean(), down::toString);
        assertFalse(ProcessHandle.of(up.path("pushApiPid").asLong()).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(ProcessHandle.of(up.path("motoPid").asLong()).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(ProcessHandle.of(up.path("redisPid").asLong()).map(ProcessHandle::isAlive).orElse(false));
        assertEquals("not running", ok(run("down")).path("status").asText());
    }

    @Test
    void upRequiringSignatures_sendSignsWithTheLocalProducersKey_andAWronglySignedMessageIsRejected() throws IOException {
        // GIVEN the local AWS started with the authorizer requiring producers' signatures
        JsonNode up = ok(run("up", "--visibility-timeout", "1", "--require-producer-signatures", "true"));
        assertEquals("required", up.path("producerSignatures").asText(), up::toString);
        assertEquals("ProducerSigningKey-local", up.path("producerSigningSecret").asText());
        List<String> lines = Files.readAllLines(ROOT.resolve("events/payments.jsonl"));
        Path purchase = Files.writeString(stateDir.resolve("purchase.jsonl"), lines.get(0) + "\n");
        Path refund = Files.writeString(stateDir.resolve("refund.jsonl"), lines.get(1) + "\n");
        // WHEN a purchase is sent as make send sends it, signed with the local producer's key, and a
        // refund whose signature attribute is replaced by one no key made
        assertEquals("local-1", ok(run("send", "--messages", purchase.toString())).path("signedWith").asText());
        ok(run("send", "--messages", refund.toString(), "--attributes", "signature=" + "0".repeat(64)));
        JsonNode drain = ok(run("drain", "--timeout-seconds", "120"));
        // THEN the purchase is approved; the refund is rejected on every receive, then dead-lettered, nothing written
        assertTrue(drain.path("drained").asBoolean(), drain::toString);
        assertEquals(1, drain.path("outcomes").path("APPROVED").asInt(), drain::toString);
        assertTrue(drain.path("outcomes").path("REJECTED").asInt() >= 1, drain::toString);
        JsonNode totals = ok(run("state")).path("totals");
        assertEquals(1, totals.path("ledgerRows").asInt());
        assertEquals(-12_550, totals.path("ledgerAmountMinor").path("EUR").asLong());
        assertEquals(1, totals.path("deadLetters").asInt());
    }

    @Test
    void invoke_runsEachFunctionWithItsSampleEvent_underTheEmulator_andPrintsItsResponse() {
        // GIVEN the local AWS started by `up`
        ok(run("up"));
        // WHEN the sample purchase is invoked
        JsonNode response = ok(run("invoke", "--function", "PaymentAuthorizerFunction", "--event", "events/purchase.json"));
        // THEN the function's batch response is printed, and the purchase is in the ledger
        assertEquals(0, response.path("batchItemFailures").size(), response::toString);
        JsonNode totals = ok(run("state")).path("totals");
        assertEquals(1, totals.path("ledgerRows").asInt());
        assertEquals(-12_550, totals.path("ledgerAmountMinor").path("EUR").asLong());

        // WHEN each other function is invoked with its sample, configured by its section of env.json
        JsonNode published = ok(run("invoke", "--function", "PaymentEventsFunction",
                "--event", "events/payment-events/stream-insert-and-remove.json"));
        JsonNode notified = ok(run("invoke", "--function", "PaymentNotifierFunction",
                "--event", "events/payment-notifier/sns-raw-approval.json"));
        JsonNode measured = ok(run("invoke", "--function", "DedupStoreSizeFunction",
                "--event", "events/dedup-store-size/scheduled.json"));
        // THEN each answers as events/README.md says, and the push API delivered the approval once
        assertEquals(0, published.path("batchItemFailures").size(), published::toString);
        assertEquals(0, notified.path("batchItemFailures").size(), notified::toString);
        assertTrue(measured.isNull(), measured::toString);
        assertEquals(1, ok(run("state")).path("totals").path("notificationsDelivered").asInt());
    }

    @Test
    void commandsOtherThanUpAndDown_sayTheLocalAwsIsNotRunning() {
        // GIVEN nothing started WHEN state is asked THEN exit status 2, nothing on stdout
        LocalCli.Result result = run("state");
        assertEquals(2, result.status());
        assertEquals("", result.out());
        assertTrue(result.err().contains("make up"), result.err());
    }

    @Test
    void upNamesItsCa_andTheReadmesAwsCliCallRunsAgainstIt() throws Exception {
        // GIVEN the local AWS started by `up`
        JsonNode up = ok(run("up"));
        // THEN its document names the CA of its HTTPS endpoints, and the AWS_CA_BUNDLE to export
        // (none when TLS is off: LOCAL_AWS_TLS=false)
        String caBundle = up.path("caBundle").asText("");
        if (LocalTls.awsEndpointTls()) {
            assertEquals(LocalTls.in(ROOT).caFile().toString(), caBundle, up::toString);
            assertEquals("AWS_CA_BUNDLE=" + caBundle, up.path("export").asText(), up::toString);
        } else {
            assertFalse(up.has("caBundle"), up::toString);
        }

        // WHEN README.md's aws call runs, as written, with make up's endpoint and CA in its variables
        String line = readmeAwsCall();
        Map<String, String> environment = new HashMap<>(Map.of("ENDPOINT", up.path("moto").asText(), "CA_BUNDLE", caBundle));
        String output = runWith(line, environment);

        // THEN the AWS CLI lists the local queues over HTTPS, trusting that CA
        assertTrue(output.contains(up.path("queues").path("PaymentsQueue").asText()), output);
    }

    /** The one line of README.md's sh blocks that calls the AWS CLI against the local AWS. */
    private static String readmeAwsCall() throws IOException {
        List<String> calls = Files.readAllLines(ROOT.resolve("README.md")).stream()
                .filter(line -> line.contains(" aws ") && line.contains("--endpoint-url \"$ENDPOINT\"")).toList();
        assertEquals(1, calls.size(), () -> "README.md's aws calls against make up: " + calls);
        return calls.get(0);
    }

    /**
     * Runs the one command of docs/deploy.md's entry {@code anchor} that contains {@code verb}, as written (continued
     * lines joined), against make up's local AWS: {@code aws} given its endpoint, {@code REGION} its region, the
     * entry's queue variable {@code DLQ} the queue {@code queueUrl}, each {@code <placeholder>} filled from {@code fill}.
     */
    private static String runbookCommand(JsonNode up, String anchor, String verb, String queueUrl, Map<String, String> fill)
            throws IOException {
        String guide = Files.readString(ROOT.resolve("docs/deploy.md"));
        int from = guide.indexOf("<a id=\"" + anchor + "\"></a>");
        String entry = guide.substring(from, guide.indexOf("<a id=\"alarm-", from + 1));
        List<String> commands = new ArrayList<>();
        java.util.regex.Matcher block = java.util.regex.Pattern.compile("```sh\n(.*?)```", java.util.regex.Pattern.DOTALL).matcher(entry);
        while (block.find()) {
            for (String command : block.group(1).replace("\\\n", " ").split("\n")) {
                if (command.contains(" " + verb + " ")) {
                    commands.add(command.strip());
                }
            }
        }
        assertEquals(1, commands.size(), () -> "the commands with " + verb + " in docs/deploy.md#" + anchor + ": " + commands);
        String command = commands.get(0);
        for (Map.Entry<String, String> placeholder : fill.entrySet()) {
            command = command.replace("<" + placeholder.getKey() + ">", placeholder.getValue());
        }
        return aws(up, command, Map.of("DLQ", queueUrl));
    }

    /** The {@code Retried} counts of the notifier's EMF lines in the functions' log files of {@code folder}. */
    private static long retriedInEmf(Path folder) {
        long retried = 0;
        try (java.util.stream.Stream<Path> logs = Files.list(folder)) {
            for (Path log : logs.filter(file -> file.getFileName().toString().endsWith(".log")).toList()) {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    if (line.startsWith("{") && line.contains("\"_aws\"") && line.contains("payment-notifier")) {
                        retried += JSON.readTree(line).path("Retried").asLong();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return retried;
    }

    /** The one message of {@code messages} with {@code outcome}. */
    private static JsonNode only(JsonNode messages, String outcome) {
        List<JsonNode> matching = new ArrayList<>();
        messages.forEach(message -> {
            if (outcome.equals(message.path("attributes").path("outcome").asText())) {
                matching.add(message);
            }
        });
        assertEquals(1, matching.size(), messages::toString);
        return matching.get(0);
    }

    private static List<String> sorted(java.util.Iterator<String> names) {
        List<String> list = new ArrayList<>();
        names.forEachRemaining(list::add);
        list.sort(null);
        return list;
    }
}
