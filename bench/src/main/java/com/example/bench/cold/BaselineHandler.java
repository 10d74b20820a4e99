package com.example.bench.cold;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.config.Environment;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.reliability.baseline.BaselineFaults;
import com.example.reliability.baseline.PowertoolsAuthorizer;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The Powertools baseline as a Lambda would construct it: its table from {@value #TABLE}, the
 * payment tables from the same variables as ours, and the same DynamoDB client as ours
 * (URL-connection, same timeouts), so that the comparison is of the designs, not the clients.
 */
public final class BaselineHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {

    static final String TABLE = "POWERTOOLS_IDEMPOTENCY_TABLE";

    private final PowertoolsAuthorizer handler;

    public BaselineHandler() {
        Environment env = new Environment(System.getenv());
        DynamoDbClient dynamoDb = PaymentAuthorizer.dynamoDbClient();
        this.handler = new PowertoolsAuthorizer(dynamoDb, PowertoolsAuthorizer.asServed(dynamoDb, env.required(TABLE)),
                PaymentTables.from(env), BaselineFaults.NONE, Clock.systemUTC(), PowertoolsAuthorizer.DEFAULT_EXPIRATION);
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }
}
