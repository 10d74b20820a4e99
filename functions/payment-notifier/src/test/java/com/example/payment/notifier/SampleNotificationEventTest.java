package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.localaws.push.Admission;
import com.example.localaws.push.LocalPushApi;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code events/payment-notifier/sns-raw-approval.json} invoked the way Lambda runs the notifier:
 * the real handler (Powertools woven in) under the runtime emulator, configured as template.yaml
 * configures it with env.json's values (those of {@code sam local invoke}), against the local AWS
 * and the local push API.
 */
@ExtendWith(LocalAwsExtension.class)
class SampleNotificationEventTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FUNCTION = "PaymentNotifierFunction";

    private final LocalAws aws;

    SampleNotificationEventTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void approvalIsPushedOnce_evenWhenLambdaDeliversTheSampleTwice() throws Exception {
        aws.resetTables();
        // AND a push API that admits only notifications signed with the local credential's key
        try (LocalPushApi api = LocalPushApi.start(Admission.signed(aws.pushApiCredential(LocalAws.PUSH_API_CREDENTIAL_SECRET),
                Clock.systemUTC()));
             SqsClient sqs = aws.sqs();
             FunctionInvoker emulator = RuntimeEmulator.start(function(api, sqs), aws.root(),
                     LocalAwsFolder.of(aws.root()))) {
            // GIVEN the sample: TXN-VISA-8847291's approval as the topic delivers it (raw)
            String event = Files.readString(aws.root().resolve("events/payment-notifier/sns-raw-approval.json"));

            // WHEN Lambda hands it to the function twice (a redelivery)
            Invocation first = emulator.invoke(event);
            Invocation second = emulator.invoke(event);

            // THEN both are acknowledged, and the push API delivered once, under the transaction id
            for (Invocation invocation : List.of(first, second)) {
                assertFalse(invocation.payload().contains("errorType"), invocation.payload());
                assertEquals(0, JSON.readTree(invocation.payload()).path("batchItemFailures").size());
            }
            assertEquals(1, api.delivered());
            assertEquals(List.of("TXN-VISA-8847291"), api.keysReceived());
        }
    }

    private LambdaFunction function(LocalPushApi api, SqsClient sqs) {
        String dlq = sqs.createQueue(request -> request.queueName("NotificationsDeadLetterQueue-sample")).queueUrl();
        // env.json's values (what sam local invoke gives it), its push API, DLQ and credential the local ones
        Map<String, String> env = new HashMap<>(EnvVarsFile.read(aws.root()).variables(FUNCTION));
        env.put(NotifierConfig.PUSH_API_BASE_URL, api.baseUrl().toString());
        env.put(NotifierConfig.NOTIFIER_DLQ_URL, dlq);
        env.put(NotifierConfig.PUSH_API_CREDENTIAL_SECRET, LocalAws.PUSH_API_CREDENTIAL_SECRET);
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        return LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/payment-notifier")), env);
    }
}
