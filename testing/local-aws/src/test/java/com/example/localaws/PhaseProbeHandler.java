package com.example.localaws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A handler for {@link CallRecordingTest}: one {@code DescribeTable} from each place a function
 * makes calls from, each naming a table of its own (which the test creates; the names are
 * constants, so that reading them does not initialise this class). At init: its class's static
 * init, its constructor and a thread the constructor starts and joins. At invoke: the handler, a
 * thread it starts, and a thread the constructor started that calls only once the first
 * invocation lets it.
 */
public final class PhaseProbeHandler implements RequestHandler<Map<String, String>, String> {

    static final String STATIC_INIT = "ProbeStaticInit";
    static final String CONSTRUCTOR = "ProbeConstructor";
    static final String CONSTRUCTOR_THREAD = "ProbeConstructorThread";
    static final String HANDLER = "ProbeHandler";
    static final String HANDLER_THREAD = "ProbeHandlerThread";
    static final String LINGERING_THREAD = "ProbeLingeringThread";

    static {
        try (DynamoDbClient dynamoDb = client()) {
            dynamoDb.describeTable(request -> request.tableName(STATIC_INIT));
        }
    }

    private final DynamoDbClient dynamoDb = client();
    private final CountDownLatch invoked = new CountDownLatch(1);
    private final Thread lingering;

    public PhaseProbeHandler() throws InterruptedException {
        describe(CONSTRUCTOR);
        Thread atInit = new Thread(() -> describe(CONSTRUCTOR_THREAD));
        atInit.start();
        atInit.join();
        lingering = new Thread(() -> {
            awaitInvocation();
            describe(LINGERING_THREAD);
        });
        lingering.start();
    }

    @Override
    public String handleRequest(Map<String, String> event, Context context) {
        describe(HANDLER);
        Thread atInvoke = new Thread(() -> describe(HANDLER_THREAD));
        atInvoke.start();
        invoked.countDown();
        try {
            atInvoke.join();
            lingering.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return "probed";
    }

    private void describe(String table) {
        dynamoDb.describeTable(request -> request.tableName(table));
    }

    private void awaitInvocation() {
        try {
            invoked.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A client as a function builds one: region, endpoint and credentials from Lambda's environment. */
    private static DynamoDbClient client() {
        return DynamoDbClient.builder().httpClientBuilder(UrlConnectionHttpClient.builder()).build();
    }
}
