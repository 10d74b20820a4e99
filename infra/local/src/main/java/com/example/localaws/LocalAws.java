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
 * The local AWS of one test run or one {@code make up}: the moto launcher and a redis-server on
 * free loopback ports, with the template's tables. Clients it hands out talk to 127.0.0.1 only,
 * with dummy credentials.
 */
public final class LocalAws implements AutoCloseable {

    /** The region of every local client. */
    public static final Region REGION = Region.US_EAST_1;

    private final Path root;
    private final MotoServer moto;
    private final RedisServer redis;
    private final List<TemplateTables.Table> tables;
    private final DynamoDbClient admin;

    private LocalAws(Path root, MotoServer moto, RedisServer redis) {
        this.root = root;
        this.moto = moto;
        this.redis = redis;
        this.tables = TemplateTables.read(root.resolve("template.yaml"));
        this.admin = dynamoDb();
    }

    /** Starts both servers on free ports and creates the template's tables. */
    public static LocalAws start() {
        Path root = ProjectRoot.find();
        Path logs = root.resolve("target/local-aws");
        MotoServer moto = MotoServer.start(root, LocalProcess.freePort(), logs.resolve("moto.log"));
        RedisServer redis = new RedisServer(LocalProcess.freePort(), logs.resolve("redis.log"));
        try {
            redis.start();
            LocalAws aws = new LocalAws(root, moto, redis);
            aws.resetTables();
            return aws;
        } catch (RuntimeException e) {
            redis.close();
            moto.close();
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
        return moto.endpoint();
    }

    public MotoServer moto() {
        return moto;
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
        return builder.endpointOverride(moto.endpoint())
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
        moto.clearFaults();
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
        moto.close();
    }
}
