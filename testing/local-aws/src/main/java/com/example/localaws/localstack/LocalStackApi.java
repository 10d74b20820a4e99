package com.example.localaws.localstack;

import com.example.receiver.testkit.AwsApi;
import com.example.receiver.testkit.Fault;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * LocalStack in a Testcontainers container, as the local AWS's APIs. The image is pinned; only
 * the services the project uses run. LocalStack has no fault injection of the project's kind, so
 * the fault tests need the moto launcher ({@link #inject} says so).
 */
public final class LocalStackApi implements AwsApi {

    private static final String REAL_TIME_ONLY = "SQS's clock is the moto launcher's (the default backend); "
            + "LocalStack's runs in real time only: run this test without LOCAL_AWS";

    /** The pinned image (LocalStack's community edition). */
    static final String IMAGE = "localstack/localstack:4.13.1";
    /** DynamoDB (streams come with it), SQS and SNS: what the tables, queues and topics need. */
    static final List<String> SERVICES = List.of("dynamodb", "sqs", "sns");
    /** The image's repository, which Testcontainers' LocalStack module accepts. */
    static final DockerImageName IMAGE_NAME = DockerImageName.parse(IMAGE);
    /** What a run without Docker says, before anything else happens. */
    static final String NO_DOCKER = "LOCAL_AWS=localstack needs a Docker engine, and none answers here "
            + "(Testcontainers found no DOCKER_HOST, socket or context): install or start Docker, or run without "
            + "LOCAL_AWS to use the moto launcher, the default. Nothing was run.";

    private final URI endpoint;
    private final Runnable stop;

    /**
     * @param endpoint the container's edge endpoint
     * @param stop     stops the container
     */
    LocalStackApi(URI endpoint, Runnable stop) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.stop = Objects.requireNonNull(stop, "stop");
    }

    /**
     * Starts LocalStack.
     *
     * @throws DockerUnavailableException at once, when no Docker engine answers
     */
    public static LocalStackApi start() {
        return start(() -> DockerClientFactory.instance().isDockerAvailable());
    }

    static LocalStackApi start(BooleanSupplier dockerAvailable) {
        requireDocker(dockerAvailable);
        LocalStackContainer container = new LocalStackContainer(IMAGE_NAME).withServices(SERVICES.toArray(String[]::new));
        container.start();
        return new LocalStackApi(container.getEndpoint(), container::stop);
    }

    /**
     * Refuses, with {@link #NO_DOCKER}, when {@code dockerAvailable} says no.
     *
     * @throws DockerUnavailableException when no Docker engine answers
     */
    public static void requireDocker(BooleanSupplier dockerAvailable) {
        if (!dockerAvailable.getAsBoolean()) {
            throw new DockerUnavailableException(NO_DOCKER);
        }
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void inject(Fault fault) {
        throw new UnsupportedOperationException("fault injection needs the moto launcher (the default backend); "
                + "LocalStack has none: run this test without LOCAL_AWS");
    }

    @Override
    public void clearFaults() {
        // nothing can have been injected
    }

    @Override
    public void transactionConflicts(Duration hold) {
        throw new UnsupportedOperationException("the transaction conflict mode is the moto launcher's (the default "
                + "backend); LocalStack decides conflicts its own way: run this test without LOCAL_AWS");
    }

    @Override
    public int transactionConflictsOff() {
        return 0; // never switched on
    }

    @Override
    public void writeCapacity(int writeUnitsPerSecond) {
        throw new UnsupportedOperationException("the write capacity is the moto launcher's (the default backend); "
                + "LocalStack throttles nothing: run this test without LOCAL_AWS");
    }

    @Override
    public int writeCapacityOff() {
        return 0; // never switched on
    }

    @Override
    public Duration advanceSqsClock(Duration by) {
        throw new UnsupportedOperationException(REAL_TIME_ONLY);
    }

    @Override
    public Duration advanceSqsClockToNextVisible(String queueUrl, String region, Duration atMost) {
        throw new UnsupportedOperationException(REAL_TIME_ONLY);
    }

    @Override
    public void resetSqsClock() {
        // never moved
    }

    @Override
    public void close() {
        stop.run();
    }
}
