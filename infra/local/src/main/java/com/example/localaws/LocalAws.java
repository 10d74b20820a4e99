package com.example.localaws;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The local AWS of one test run or one {@code make up}: the moto launcher (or, asked with
 * {@link LocalAwsBackend}, LocalStack in Docker) and a redis-server on free loopback ports, with
 * the template's tables. Clients it hands out talk to 127.0.0.1 only,
 * with dummy credentials.
 */
public final class LocalAws implements AutoCloseable {

    /** The region of every local client. */
    public static final Region REGION = Region.US_EAST_1;

    private final Path root;
    private final AwsApi api;
    private final RedisServer redis;
    private final List<TemplateTables.Table> tables;
    private final DynamoDbClient admin;

    LocalAws(Path root, AwsApi api, RedisServer redis) {
        this.root = root;
        this.api = api;
        this.redis = redis;
        this.tables = TemplateTables.read(root.resolve("template.yaml"));
        this.admin = dynamoDb();
    }

    /** Starts both servers on free ports and creates the template's tables. */
    public static LocalAws start() {
        Path root = ProjectRoot.find();
        Path logs = root.resolve("target/local-aws");
        AwsApi api = LocalAwsBackend.chosen(System.getProperties(), System.getenv()).start(root, logs);
        RedisServer redis = new RedisServer(LocalProcess.freePort(), logs.resolve("redis.log"));
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
     * launcher at {@code endpoint} and the redis-server on {@code redisPort}. Neither is stopped
     * by {@link #close()}, and the tables are left as they are.
     */
    public static LocalAws attach(URI endpoint, int redisPort) {
        Path root = ProjectRoot.find();
        return new LocalAws(root, MotoServer.attach(endpoint),
                new RedisServer(redisPort, root.resolve("target/local-aws/redis.log")));
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

    public RedisServer redis() {
        return redis;
    }

    /** A DynamoDB client for the local AWS, with the given interceptors (e.g. a call counter). */
    public DynamoDbClient dynamoDb(ExecutionInterceptor... interceptors) {
        return local(DynamoDbClient.builder(), Duration.ofSeconds(10))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .retryStrategy(RetryMode.STANDARD)
                        .executionInterceptors(List.of(interceptors))
                        .build())
                .build();
    }

    /** An SQS client for the local AWS. */
    public SqsClient sqs() {
        return local(SqsClient.builder(), Duration.ofSeconds(30)).build();
    }

    /** An SNS client for the local AWS. */
    public SnsClient sns() {
        return local(SnsClient.builder(), Duration.ofSeconds(10)).build();
    }

    /** {@code builder} pointed at the local moto launcher, with dummy credentials and the URL-connection HTTP client. */
    private <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B local(B builder, Duration socketTimeout) {
        return builder.endpointOverride(api.endpoint())
                .region(REGION)
                .credentialsProvider(credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(socketTimeout));
    }

    /** A DynamoDB Streams client for the local AWS (the tables' streams). */
    public DynamoDbStreamsClient dynamoDbStreams() {
        return local(DynamoDbStreamsClient.builder(), Duration.ofSeconds(10)).build();
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
    public void close() {
        admin.close();
        redis.close();
        api.close();
    }
}
