package com.example.receiver.testkit;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The local AWS of a domain's tests, from this jar alone (no checkout, no Docker): a JUnit 5
 * extension, registered on a static field with {@code @RegisterExtension}, that starts the moto
 * launcher once per test JVM on a free loopback port ({@link PythonEnvironment} makes its
 * virtualenv once per machine) and, before each test, drops and creates the tables the test
 * declares ({@link TableSpec}) and lifts the faults a test left. Clients it hands out talk to
 * 127.0.0.1 over plain HTTP, in {@link #REGION}, with dummy credentials.
 *
 * <p>The Redis fast path is not offered: it is optional, only ever costs speed, and is tested by the
 * library itself; a domain's tests build the receiver without it.
 */
public final class LocalAwsKit implements BeforeAllCallback, BeforeEachCallback {

    /** The region of every client. */
    public static final Region REGION = Region.US_EAST_1;

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LocalAwsKit.class);

    private final List<TableSpec> tables;
    private volatile Launched launched;

    private LocalAwsKit(List<TableSpec> tables) {
        this.tables = List.copyOf(tables);
    }

    /**
     * {@return the extension, making {@code tables} afresh before each test}
     *
     * @param tables the tables the test declares
     */
    public static LocalAwsKit withTables(TableSpec... tables) {
        return new LocalAwsKit(List.of(tables));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        launched = context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(Launched.class, key -> Launched.start(), Launched.class);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        launched().moto.clearFaults();
        try (DynamoDbClient admin = dynamoDb()) {
            for (TableSpec table : tables) {
                createTable(admin, table);
            }
        }
    }

    /**
     * Drops {@code table} if it exists and creates it empty (a table a test makes for itself).
     *
     * @param table the table
     */
    public void createTable(TableSpec table) {
        try (DynamoDbClient admin = dynamoDb()) {
            createTable(admin, table);
        }
    }

    private static void createTable(DynamoDbClient admin, TableSpec table) {
        try {
            admin.deleteTable(delete -> delete.tableName(table.name()));
        } catch (ResourceNotFoundException absent) {
            // the first test of the run: nothing to drop
        }
        table.createIn(admin);
    }

    /** {@return the local AWS's endpoint ({@code http://127.0.0.1:<port>})} */
    public URI endpoint() {
        return launched().moto.endpoint();
    }

    /**
     * {@return a DynamoDB client for the local AWS}
     *
     * @param interceptors its interceptors (a {@link DynamoDbCallCounter})
     */
    public DynamoDbClient dynamoDb(ExecutionInterceptor... interceptors) {
        return local(DynamoDbClient.builder())
                .overrideConfiguration(ClientOverrideConfiguration.builder().executionInterceptors(List.of(interceptors)).build())
                .build();
    }

    /** {@return an SQS client for the local AWS (the receiver's dead-letter queue and soon redelivery)} */
    public SqsClient sqs() {
        return local(SqsClient.builder()).build();
    }

    /**
     * Makes the next matching DynamoDB requests fail; lifted before the next test.
     *
     * @param fault which requests, how, how many
     */
    public void inject(Fault fault) {
        launched().moto.inject(fault);
    }

    /**
     * {@return transactions that conflict as DynamoDB's do, until closed}
     *
     * @param hold how long each holds its items
     */
    public TransactionConflicts transactionConflicts(Duration hold) {
        MotoServer moto = launched().moto;
        moto.transactionConflicts(hold);
        return new TransactionConflicts(moto);
    }

    /**
     * {@return every table limited in write units a second (DynamoDB's throttling), until closed}
     *
     * @param writeUnitsPerSecond each table's write units a second
     */
    public WriteCapacity writeCapacity(int writeUnitsPerSecond) {
        MotoServer moto = launched().moto;
        moto.writeCapacity(writeUnitsPerSecond);
        return new WriteCapacity(moto);
    }

    /** {@return AWS's time, moved forward by the test, until closed} */
    public AwsTime awsTime() {
        return new AwsTime(launched().moto, REGION.id());
    }

    /** {@return dummy credentials: the local AWS accepts any} */
    public static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    }

    private <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B local(B builder) {
        return builder.endpointOverride(endpoint()).region(REGION).credentialsProvider(credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(2)).socketTimeout(Duration.ofSeconds(30)));
    }

    private Launched launched() {
        return Objects.requireNonNull(launched,
                "the local AWS starts before the test class's first test: register LocalAwsKit on a static field");
    }

    /** The test JVM's launcher, closed when the run ends; its log under {@code target/receiver-testkit}. */
    private record Launched(MotoServer moto) implements AutoCloseable {

        static Launched start() {
            Path log = Path.of("target", "receiver-testkit", "moto-" + ProcessHandle.current().pid() + ".log").toAbsolutePath();
            return new Launched(MotoServer.launch(PythonEnvironment.python(), LocalProcess.freePort(), log).start());
        }

        @Override
        public void close() {
            moto.close();
        }
    }
}
