package com.example.localaws;

import com.example.localaws.messages.ProducerSigner;
import com.example.localaws.proxy.LoopbackProxy;
import com.example.localaws.proxy.TlsEnds;
import com.example.receiver.testkit.AwsApi;
import com.example.receiver.testkit.AwsTime;
import com.example.receiver.testkit.MotoServer;
import com.example.receiver.testkit.TransactionConflicts;
import com.example.receiver.testkit.WriteCapacity;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.TlsTrustManagersProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The local AWS of one test run or one {@code make up}: the moto launcher (or, asked with
 * {@link LocalAwsBackend}, LocalStack in Docker) and a one-node TLS Redis Cluster (as ElastiCache
 * Serverless presents itself) on free loopback ports, with the template's tables. A three-master
 * cluster and a standalone (cluster mode off) server are started on first use, for the tests that
 * need them. Clients it hands out talk to 127.0.0.1 only, with dummy credentials (the harness's
 * own key, whose calls the launcher does not record: {@link CallRecording}).
 */
public final class LocalAws implements LocalClients, AutoCloseable {

    /** The name of the local secret holding the fast path's signing key. */
    public static final String FAST_PATH_SIGNING_SECRET = "idempotent-receiver/fast-path-signing-key";

    /**
     * The name of the local producer's secret, whose key {@code make send} signs with. Named {@code ProducerSigningKey-<suffix>},
     * as the template's resources are locally: a recorded read of it maps back to {@code ProducerSigningSecretArns}.
     */
    public static final String PRODUCER_SIGNING_SECRET = "ProducerSigningKey-local";
    /** The id of the local producer's key in {@link #PRODUCER_SIGNING_SECRET}. */
    public static final String PRODUCER_KEY_ID = "local-1";

    /**
     * The name of the local push API credential's secret, the notifier's {@code PUSH_API_CREDENTIAL_SECRET} in local runs,
     * named {@code PushApiCredential-<suffix>}: a recorded read of it maps back to {@code PushApiCredentialSecretArn}.
     */
    public static final String PUSH_API_CREDENTIAL_SECRET = "PushApiCredential-local";
    /** The id of the signing key in a local push API credential made by {@link #pushApiCredential}. */
    public static final String PUSH_API_KEY_ID = "local-1";

    /** The region of every local client. */
    public static final Region REGION = Region.US_EAST_1;

    /**
     * Idle connections the JDK's HTTP client keeps per host ({@code http.maxConnections}, default
     * 5: https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/net/doc-files/net-properties.html),
     * read once, when that client is first used. This JVM runs functions in process beside the
     * harness's own clients, more than five calls at once to the one local endpoint: with the
     * default, every connection beyond five was closed after its call and the next call made a new
     * one, a TLS handshake each (measured in make demo: about ten a second). The deployed function
     * raises it likewise (PaymentAuthorizer); a value given on the command line is kept.
     */
    static final String KEPT_CONNECTIONS = "64";

    static {
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", KEPT_CONNECTIONS);
        }
    }

    private final Path root;
    private final AwsApi api;
    private final RedisCluster redis;
    private final List<TemplateTables.Table> tables;
    private final DynamoDbClient admin;
    private RedisCluster threeMasters;
    private RedisNode standaloneRedis;
    private final LocalSecrets secrets = new LocalSecrets(this::secretsManager);

    LocalAws(Path root, AwsApi api, RedisCluster redis) {
        // Before any function of the run is built in this JVM (InProcessFunction, a test's own handler).
        redis.tls().trustInThisJvm();
        this.root = root;
        this.api = api;
        this.redis = redis;
        this.tables = TemplateTables.read(root.resolve("template.yaml"));
        this.admin = dynamoDb();
    }

    /** Starts both servers on free ports (logs in {@link LocalAwsFolder}, calls for the rehearsal), creates the template's tables. */
    public static LocalAws start() {
        Path root = ProjectRoot.find();
        return start(root, LocalAwsFolder.of(root), CallRecording.recording(root));
    }

    /** The same under {@code <folder>/name}: a second local AWS beside another (its own launcher, Redis, files, calls). */
    public static LocalAws start(String name) {
        Path root = ProjectRoot.find();
        Path logs = LocalAwsFolder.of(root).resolve(name);
        return start(root, logs, logs.resolve(CallRecording.FILE));
    }

    private static LocalAws start(Path root, Path logs, Path calls) {
        AwsApi api = LocalAwsBackend.chosen(System.getProperties(), System.getenv()).start(root, logs, calls);
        RedisCluster redis = RedisCluster.of(1, "redis", LocalTls.in(root), logs);
        try {
            redis.start();
            LocalAws aws = new LocalAws(root, api, redis);
            aws.resetTables();
            return aws;
        } catch (RuntimeException e) {
            redis.close();
            api.close();
            throw e;
        }
    }

    /**
     * The local AWS another process started and left running ({@code make up}): clients for the
     * launcher at {@code endpoint} and the one-node Redis Cluster on {@code redisPort}. Neither
     * is stopped by {@link #close()}, and the tables are left as they are.
     */
    public static LocalAws attach(URI endpoint, int redisPort) {
        Path root = ProjectRoot.find();
        Path logs = LocalAwsFolder.of(root);
        LocalTls tls = LocalTls.in(root);
        return new LocalAws(root, MotoServer.attach(endpoint, tls.sslContext()), RedisCluster.attached(redisPort, tls, logs));
    }

    /**
     * Closes this handle's clients and leaves both servers running, for a later process to
     * {@link #attach} to and stop ({@code make up}). Do not {@link #close()} it afterwards.
     */
    public void detach() {
        admin.close();
    }

    /** The project's root folder. */
    public Path root() {
        return root;
    }

    @Override
    public URI endpoint() {
        return api.endpoint();
    }

    /**
     * The moto launcher, for the tests that inject faults through it.
     *
     * @throws IllegalStateException when this run's AWS is another backend (LOCAL_AWS=localstack)
     */
    public MotoServer moto() {
        if (api instanceof MotoServer moto) {
            return moto;
        }
        throw new IllegalStateException("this test drives the moto launcher (fault injection); run it without LOCAL_AWS");
    }

    /**
     * Transactions that conflict as DynamoDB's do (the launcher's conflict mode), each holding its
     * items for {@code hold}, until the handle is closed.
     *
     * @throws UnsupportedOperationException on a backend without that mode (LocalStack)
     */
    public TransactionConflicts transactionConflicts(Duration hold) {
        api.transactionConflicts(hold);
        return new TransactionConflicts(api);
    }

    /**
     * Every table limited to {@code writeUnitsPerSecond} write units a second (the launcher's
     * write capacity: DynamoDB's throttling, shaped by the load), until the handle is closed.
     *
     * @throws UnsupportedOperationException on a backend without it (LocalStack)
     */
    public WriteCapacity writeCapacity(int writeUnitsPerSecond) {
        api.writeCapacity(writeUnitsPerSecond);
        return new WriteCapacity(api);
    }

    /**
     * AWS's time, to be moved forward by the test ({@link AwsTime}), until the handle is closed.
     *
     * @throws UnsupportedOperationException on a backend that cannot (LocalStack)
     */
    public AwsTime awsTime() {
        return new AwsTime(api, REGION.id());
    }

    /**
     * A proxy in front of the local AWS endpoint, in pass mode, for the tests and benches that
     * delay or drop its traffic: on an {@code https} endpoint TLS ends and starts again at it
     * (its clients handshake with it as with the launcher, trusting the same CA), so it still
     * reads the requests; on a plain one it relays the bytes.
     */
    public LoopbackProxy proxyToAws() {
        LocalTls tls = redis.tls();
        return LoopbackProxy.start(endpoint().getPort(), "https".equals(endpoint().getScheme())
                ? new TlsEnds(tls.awsServerContext(), tls.sslContext()) : null);
    }

    /** The one-node Redis Cluster owning all 16 384 slots: the fast path's cache, as ElastiCache Serverless runs it. */
    public RedisCluster redis() {
        return redis;
    }

    /**
     * A Redis Cluster of three masters (a node-based cluster-mode cache), started on first use and
     * kept for the rest of the run, for the tests whose keys must spread over several nodes.
     */
    public synchronized RedisCluster threeMasterRedis() {
        if (threeMasters == null) {
            threeMasters = RedisCluster.of(3, "redis3", redis.tls(), LocalAwsFolder.of(root));
        }
        threeMasters.start();
        return threeMasters;
    }

    /** A standalone Redis (cluster mode off, TLS on), started on first use: a node-based cache without cluster mode. */
    public synchronized RedisNode standaloneRedis() {
        if (standaloneRedis == null) {
            standaloneRedis = RedisNode.standalone("redis-standalone", redis.tls(), LocalAwsFolder.of(root));
        }
        standaloneRedis.start();
        return standaloneRedis;
    }

    /** The local CA's trust, for an HTTP client of the harness's own ({@code tlsTrustManagersProvider}). */
    @Override
    public TlsTrustManagersProvider trust() {
        return redis.tls().sdkTrust();
    }

    /** The current value of the local secret {@code secretId} (the function reads its fast-path signing key so). */
    public String secretString(String secretId) {
        return secrets.secretString(secretId);
    }

    /** The fast path's signing key's secret (the template's {@code FastPathSigningKey}), made on first use. Its name. */
    public String fastPathSigningSecret() {
        return secrets.fastPathSigningSecret();
    }

    /** The local producer's secret (one key, {@link #PRODUCER_KEY_ID}), created on first use. Its name. */
    public String producerSigningSecret() {
        return secrets.producerSigningSecret();
    }

    /** A push API credential's secret {@code name}, created on first use: its keys by key id. */
    public Map<String, String> pushApiCredential(String name) {
        return secrets.pushApiCredential(name);
    }

    /** The local producer's signer, once {@link #producerSigningSecret()} made its key; empty before. */
    public Optional<ProducerSigner> producerSigner() {
        return secrets.producerSigner();
    }

    /** Dummy credentials: the local AWS accepts any. */
    public static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    }

    /** The tables of the template, by logical id. */
    public List<TemplateTables.Table> tables() {
        return tables;
    }

    /** Drops and re-creates every table of the template: each test starts from empty tables. */
    public void resetTables() {
        api.clearFaults();
        for (TemplateTables.Table table : tables) {
            try {
                admin.deleteTable(request -> request.tableName(table.name()));
            } catch (ResourceNotFoundException absent) {
                // first run: nothing to drop
            }
            admin.createTable(table.create());
            table.ttlAttribute().ifPresent(attribute -> admin.updateTimeToLive(request -> request
                    .tableName(table.name())
                    .timeToLiveSpecification(ttl -> ttl.attributeName(attribute).enabled(true))));
        }
    }

    @Override
    public synchronized void close() {
        admin.close();
        redis.close();
        if (threeMasters != null) {
            threeMasters.close();
        }
        if (standaloneRedis != null) {
            standaloneRedis.close();
        }
        api.close();
    }
}
