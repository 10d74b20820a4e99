package com.example.localpayments.cli;

import com.example.localpayments.Accounts;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.LocalTls;
import com.example.localaws.PushApiProcess;
import com.example.localaws.TemplateMessaging;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * {@code make up}: starts the moto launcher, a one-node TLS Redis Cluster (with the fast path's
 * signing secret in the local Secrets Manager) and the local push API in the
 * background on free loopback ports, creates what {@code template.yaml} declares (tables, queues
 * with their visibility timeout, retention and redrive policy, topics, the queues' subscriptions
 * with their raw delivery and filter policy), seeds the accounts, and records it all in the
 * state file. When the recorded local AWS still runs it only says so: running it twice is
 * harmless. Its document names the CA of the local HTTPS endpoints ({@code caBundle}, and the
 * {@code AWS_CA_BUNDLE=...} to {@code export} for the AWS CLI), unless TLS is off.
 *
 * <p>It also creates the local producer's secret ({@link LocalAws#PRODUCER_SIGNING_SECRET}, one
 * key), with which {@code send} signs every message, and the local push API credential's secret
 * ({@link LocalAws#PUSH_API_CREDENTIAL_SECRET}, one key), with which the notifier that
 * {@code invoke} and {@code drain} run signs every notification, and whose key the local push
 * API alone admits.
 *
 * <p>Options: {@code --accounts FILE} (default {@code infra/local-payments/accounts.json});
 * {@code --visibility-timeout SECONDS} overrides the template's for every queue, so that a local
 * {@code drain} need not wait the deployed timeout between redeliveries, but keeps a queue's
 * {@code maxReceiveCount} receives longer than a minute ({@link #visibility});
 * {@code --require-producer-signatures true} makes the payment authorizer that {@code invoke} and
 * {@code drain} run require producers' signatures, the local producer's key being the one it
 * knows (default {@code false}, as the template's {@code RequireProducerSignatures}).
 */
final class Up implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String REQUIRE_PRODUCER_SIGNATURES = "require-producer-signatures";
    /**
     * How soon a function reads a secret again after a read that failed: the notifier's push credential
     * ({@code CREDENTIAL_READ_EVERY}), the receiver's producer keys and fast path key. A message that arrives while
     * the first read of its function's environment failed (Secrets Manager slow as the environment starts) is
     * retried at each receive until then; it must not run out of receives before.
     */
    static final Duration SECRET_READ_AGAIN = Duration.ofSeconds(60);

    @Override
    public JsonNode run(Options options, Console console) {
        Path accountsFile = options.file("accounts", console.root()).orElse(console.root().resolve("infra/local-payments/accounts.json"));
        List<Accounts.Account> accounts = Accounts.read(accountsFile);
        boolean producerSignatures = requireProducerSignatures(options);
        var recorded = RunState.read(console.stateDir());
        if (recorded.isPresent() && recorded.get().running()) {
            console.progress("already running (moto pid %d, redis-server pid %d): nothing to do",
                    recorded.get().motoPid(), recorded.get().redisPid());
            if (options.get(REQUIRE_PRODUCER_SIGNATURES).isPresent() && recorded.get().producerSignatures() != producerSignatures) {
                console.progress("producer signatures stay %s: `make down` first to change it",
                        recorded.get().producerSignatures() ? "required" : "not required");
            }
            return document(recorded.get(), true, -1, console.root());
        }
        recorded.ifPresent(stale -> {
            console.progress("the recorded local AWS has stopped; stopping what is left of it and starting anew");
            Down.stop(stale, console);
        });
        console.progress("starting the moto launcher and a one-node TLS Redis Cluster (logs in %s)", LocalAwsFolder.of(console.root()));
        LocalAws aws = LocalAws.start();
        PushApiProcess.Started pushApi = null;
        try (SqsClient sqs = aws.sqs(); SnsClient sns = aws.sns()) {
            TemplateMessaging template = TemplateMessaging.read(console.root().resolve("template.yaml"));
            Map<String, String> queues = createQueues(sqs, template, options.number("visibility-timeout").orElse(null), console);
            Map<String, String> topics = new LinkedHashMap<>();
            for (String topic : template.topics()) {
                topics.put(topic, sns.createTopic(request -> request.name(topic)).topicArn());
            }
            List<String> subscriptions = subscribe(sqs, sns, template, queues, topics);
            Accounts.seed(aws.dynamoDb(), accounts);
            aws.fastPathSigningSecret();
            aws.producerSigningSecret();
            pushApi = PushApiProcess.start(console.stateDir().resolve("push-api.log"),
                    aws.pushApiCredential(LocalAws.PUSH_API_CREDENTIAL_SECRET));
            StreamPosition.remove(console.stateDir());
            RunState state = new RunState(aws.endpoint().getPort(), aws.moto().pid(), RunState.startOf(aws.moto().pid()),
                    "https".equals(aws.endpoint().getScheme()),
                    aws.redis().port(), aws.redis().pid(), RunState.startOf(aws.redis().pid()),
                    pushApi.port(), pushApi.pid(), RunState.startOf(pushApi.pid()), queues, topics,
                    producerSignatures, Instant.now().toString());
            state.write(console.stateDir());
            console.progress("up: moto at %s, %s, push API at %s; %d tables, %d queues, %d topics, "
                            + "%d subscriptions, %d accounts from %s; producer signatures %s",
                    aws.endpoint(), aws.redis(), pushApi.baseUrl(), aws.tables().size(), queues.size(), topics.size(),
                    subscriptions.size(), accounts.size(), console.root().relativize(accountsFile),
                    producerSignatures ? "required (key " + LocalAws.PRODUCER_KEY_ID + " of " + LocalAws.PRODUCER_SIGNING_SECRET + ")"
                            : "not required");
            if (state.motoTls()) {
                console.progress("its HTTPS endpoints use the CA %s: export AWS_CA_BUNDLE=%s for the aws CLI, or redis-cli --tls --cacert %s",
                        caBundle(console.root()), caBundle(console.root()), caBundle(console.root()));
            }
            aws.detach();
            return document(state, false, accounts.size(), console.root());
        } catch (RuntimeException e) {
            if (pushApi != null) {
                ProcessHandle.of(pushApi.pid()).ifPresent(ProcessHandle::destroy);
            }
            aws.close();
            throw e;
        }
    }

    /** {@code --require-producer-signatures}: {@code true} or {@code false} (the default). */
    private static boolean requireProducerSignatures(Options options) {
        return switch (options.get(REQUIRE_PRODUCER_SIGNATURES).orElse("false")) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new CliException("--" + REQUIRE_PRODUCER_SIGNATURES + " must be true or false, got: "
                    + options.get(REQUIRE_PRODUCER_SIGNATURES).orElseThrow());
        };
    }

    /** Subscribes the template's queues to its topics, with the template's attributes; returns the subscriptions' logical ids. */
    static List<String> subscribe(SqsClient sqs, SnsClient sns, TemplateMessaging template, Map<String, String> queues,
                                  Map<String, String> topics) {
        List<String> created = new ArrayList<>();
        for (TemplateMessaging.QueueSubscription subscription : template.queueSubscriptions()) {
            String queueUrl = queues.get(subscription.queue());
            String topicArn = topics.get(subscription.topic());
            if (queueUrl == null || topicArn == null) {
                throw new IllegalStateException(subscription.logicalId() + ": " + subscription.topic() + " or "
                        + subscription.queue() + " is not a topic or queue of the template");
            }
            String queueArn = sqs.getQueueAttributes(request -> request.queueUrl(queueUrl)
                    .attributeNames(QueueAttributeName.QUEUE_ARN)).attributes().get(QueueAttributeName.QUEUE_ARN);
            sns.subscribe(request -> request.topicArn(topicArn).protocol("sqs").endpoint(queueArn)
                    .attributes(subscription.attributes()));
            created.add(subscription.logicalId());
        }
        return created;
    }

    /** Creates every queue of the template, redrive targets first; returns URL by logical id. */
    static Map<String, String> createQueues(SqsClient sqs, TemplateMessaging template, Integer visibilityOverride, Console console) {
        Map<String, String> urls = new LinkedHashMap<>();
        for (TemplateMessaging.Queue queue : template.queues()) {
            Map<QueueAttributeName, String> attributes = new LinkedHashMap<>();
            if (visibilityOverride != null) {
                int visibility = visibility(visibilityOverride, queue.maxReceiveCount());
                if (visibility != visibilityOverride) {
                    console.progress("%s: visibility timeout %d s, not %d: its %d receives outlast a failed secret read's minute",
                            queue.logicalId(), visibility, visibilityOverride, queue.maxReceiveCount());
                }
                attributes.put(QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(visibility));
            } else {
                queue.visibilityTimeout().ifPresent(seconds -> attributes.put(QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(seconds)));
            }
            queue.retentionSeconds().ifPresent(seconds -> attributes.put(QueueAttributeName.MESSAGE_RETENTION_PERIOD, Integer.toString(seconds)));
            if (queue.fifo()) {
                attributes.put(QueueAttributeName.FIFO_QUEUE, "true");
            }
            queue.deadLetterQueue().ifPresent(target -> {
                String targetUrl = urls.get(target);
                if (targetUrl == null) {
                    throw new IllegalStateException(queue.logicalId() + ": its dead-letter queue " + target + " is not a queue of the template");
                }
                String arn = sqs.getQueueAttributes(request -> request.queueUrl(targetUrl)
                        .attributeNames(QueueAttributeName.QUEUE_ARN)).attributes().get(QueueAttributeName.QUEUE_ARN);
                attributes.put(QueueAttributeName.REDRIVE_POLICY, "{\"deadLetterTargetArn\":\"" + arn
                        + "\",\"maxReceiveCount\":\"" + queue.maxReceiveCount() + "\"}");
            });
            urls.put(queue.logicalId(), sqs.createQueue(request -> request.queueName(queue.name()).attributes(attributes)).queueUrl());
        }
        return urls;
    }

    /**
     * The visibility timeout {@code --visibility-timeout} gives a queue: the option's, but never so short that the
     * queue's {@code maxReceiveCount} receives end within {@link #SECRET_READ_AGAIN}. The option compresses SQS's
     * time, not the functions': the template's receives (181 s each) outlast that minute many times over.
     */
    static int visibility(int requested, int maxReceiveCount) {
        return maxReceiveCount == 0 ? requested : Math.max(requested, (int) SECRET_READ_AGAIN.toSeconds() / maxReceiveCount + 1);
    }

    /** The CA that signed the local AWS endpoint's and the Redis nodes' certificates. */
    private static Path caBundle(Path root) {
        return LocalTls.in(root).caFile();
    }

    private static JsonNode document(RunState state, boolean alreadyRunning, int accounts, Path root) {
        ObjectNode document = JSON.createObjectNode();
        document.put("status", alreadyRunning ? "already running" : "started");
        document.put("moto", state.motoEndpoint().toString());
        if (state.motoTls()) {
            document.put("caBundle", caBundle(root).toString());
            document.put("export", "AWS_CA_BUNDLE=" + caBundle(root));
        }
        document.put("motoPid", state.motoPid());
        document.put("redis", "127.0.0.1:" + state.redisPort());
        document.put("redisPid", state.redisPid());
        document.set("queues", JSON.valueToTree(state.queues()));
        document.set("topics", JSON.valueToTree(state.topics()));
        document.put("pushApi", state.pushApiBaseUrl().toString());
        document.put("pushApiPid", state.pushApiPid());
        document.put("producerSignatures", state.producerSignatures() ? "required" : "not required");
        document.put("producerSigningSecret", LocalAws.PRODUCER_SIGNING_SECRET);
        document.put("pushApiCredentialSecret", LocalAws.PUSH_API_CREDENTIAL_SECRET);
        if (accounts >= 0) {
            document.put("accountsSeeded", accounts);
        }
        document.put("startedAt", state.startedAt());
        return document;
    }
}
