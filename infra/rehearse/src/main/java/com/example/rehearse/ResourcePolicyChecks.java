package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.ApiActions;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who may use the queues and topics, as their resource policies must decide it whatever the
 * callers' IAM policies allow (AWS's SQS and SNS security best practices: least-privilege
 * resource policies, no request without TLS). Each expectation is one request: a principal of
 * the account whose identity policy allows everything (an administrator, a CI role, another
 * workload) must be refused what only the stack's roles or the named principals may do, a request
 * without TLS must be refused, and a named producer or operator must be allowed.
 */
final class ResourcePolicyChecks {

    /** One request and the answer the policies must give it. */
    record Expectation(AccessRequest request, boolean allowed, String why) {
    }

    static final String OUTSIDER = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT + ":role/another-workload";
    /** An operator of the account where OperatorPrincipalArns names none: any principal IAM allows. */
    static final String ACCOUNT_OPERATOR = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT + ":role/payments-operator";
    private static final Map<String, String> TLS = Map.of("aws:SecureTransport", "true");
    private static final Map<String, String> PLAIN_HTTP = Map.of("aws:SecureTransport", "false");

    private final ResolvedTemplate template;
    private final Policies policies;
    private final List<DeployedFunction> functions;
    private final List<Expectation> expectations = new ArrayList<>();

    private ResourcePolicyChecks(ResolvedTemplate template, List<DeployedFunction> functions) {
        this.template = template;
        this.policies = new Policies(template);
        this.functions = functions;
    }

    static List<Expectation> of(ResolvedTemplate template, List<DeployedFunction> functions) {
        ResourcePolicyChecks checks = new ResourcePolicyChecks(template, functions);
        checks.paymentsQueue();
        checks.topic();
        checks.operatorQueues();
        return checks.expectations;
    }

    /**
     * What the queues' and topics' policies must answer to an operator's recorded call (the
     * replay of the failure queue: {@code sqs:ReceiveMessage}, {@code sqs:ChangeMessageVisibility},
     * {@code sqs:DeleteMessage}): allowed to a named operator (any principal IAM allows when none
     * is named), refused to an outsider when operators are named (the queue's or topic's own
     * action; a key's, through the service, is the key policy's, which names no operator).
     */
    static List<Expectation> operatorCall(ResolvedTemplate template, List<DeployedFunction> functions, String api,
                                          List<ApiActions.Need> needs) {
        ResourcePolicyChecks checks = new ResourcePolicyChecks(template, functions);
        List<String> operators = checks.list("OperatorPrincipalArns");
        for (ApiActions.Need need : needs) {
            String why = "an operator's recorded " + api + " (make replay)";
            checks.expect(operators.isEmpty() ? ACCOUNT_OPERATOR : operators.get(0), need.action(), need.resource(),
                    need.resourceId(), TLS, true, why);
            if (!operators.isEmpty() && need.viaService().isEmpty()) {
                checks.expect(OUTSIDER, need.action(), need.resource(), need.resourceId(), TLS, false,
                        why + " made by a principal outside OperatorPrincipalArns");
            }
        }
        return checks.expectations;
    }

    private void paymentsQueue() {
        String queue = template.attribute("PaymentsQueue", "Arn");
        List<String> producers = list("ProducerPrincipalArns");
        if (!producers.isEmpty()) {
            expect(OUTSIDER, "sqs:SendMessage", queue, "PaymentsQueue", TLS, false, "a principal outside ProducerPrincipalArns sends a payment");
            expect(producers.get(0), "sqs:SendMessage", queue, "PaymentsQueue", TLS, true, "a named producer sends a payment");
        }
        expect(OUTSIDER, "sqs:ReceiveMessage", queue, "PaymentsQueue", TLS, false, "a principal other than the authorizer takes payments off the queue");
        owner("PaymentAuthorizerFunction").ifPresent(authorizer -> expect(authorizer.roleArn(), "sqs:ReceiveMessage", queue, "PaymentsQueue",
                PLAIN_HTTP, false, "the authorizer's own receive without TLS"));
        if (!producers.isEmpty()) {
            expect(producers.get(0), "sqs:SendMessage", queue, "PaymentsQueue", PLAIN_HTTP, false, "a named producer sends without TLS");
        }
        // A redrive (StartMessageMoveTask, make redrive) sends the dead letters back to the queue as
        // the operator who started it, who needs sqs:SendMessage there ("Configure a dead-letter queue
        // redrive", Amazon SQS Developer Guide): with producers named, only a named operator may.
        List<String> operators = list("OperatorPrincipalArns");
        expect(operators.isEmpty() ? ACCOUNT_OPERATOR : operators.get(0), "sqs:SendMessage", queue, "PaymentsQueue", TLS, true,
                "an operator's redrive of the DLQ sends the payments back to the queue");
    }

    private void topic() {
        String topic = template.ref("PaymentsAuthorizedTopic");
        expect(OUTSIDER, "sns:Publish", topic, "PaymentsAuthorizedTopic", TLS, false, "a principal other than the publisher publishes a decision");
        owner("PaymentEventsFunction").ifPresent(publisher -> expect(publisher.roleArn(), "sns:Publish", topic, "PaymentsAuthorizedTopic",
                PLAIN_HTTP, false, "the publisher's own publish without TLS"));
        Map<String, String> foreignEndpoint = Map.of("aws:SecureTransport", "true",
                "sns:Endpoint", "arn:aws:sqs:" + template.region() + ":" + ResolvedTemplate.ACCOUNT + ":another-workload",
                "sns:Protocol", "sqs");
        expect(OUTSIDER, "sns:Subscribe", topic, "PaymentsAuthorizedTopic", foreignEndpoint, false,
                "a principal outside SubscriberPrincipalArns subscribes a queue of its own");
    }

    private void operatorQueues() {
        List<String> operators = list("OperatorPrincipalArns");
        if (operators.isEmpty()) {
            return;
        }
        for (String queue : List.of("PaymentsDeadLetterQueue", "NotificationsDeadLetterQueue", "PaymentEventsFailureQueue",
                "PaymentEventsUnpublishableQueue")) {
            String arn = template.attribute(queue, "Arn");
            expect(OUTSIDER, "sqs:ReceiveMessage", arn, queue, TLS, false, "a principal outside OperatorPrincipalArns reads " + queue);
            expect(operators.get(0), "sqs:ReceiveMessage", arn, queue, TLS, true, "an operator reads " + queue);
        }
    }

    /** A request of {@code principal}, whose identity policy allows everything, with the resource's policy. */
    private void expect(String principal, String action, String resource, String resourceId, Map<String, String> context,
                        boolean allowed, String why) {
        JsonNode everything = Report.JSON.createObjectNode().put("Version", "2012-10-17").set("Statement",
                Report.JSON.createArrayNode().add(Report.JSON.createObjectNode().put("Effect", "Allow").put("Action", "*").put("Resource", "*")));
        Map<String, JsonNode> identity = functions.stream().filter(function -> function.roleArn().equals(principal)).findFirst()
                .map(function -> policies.identityPolicies(function.roleId())).orElse(Map.of("allows-everything", everything));
        AccessRequest request = new AccessRequest(why, "resource policy of " + resourceId, principal, action, resource, resourceId,
                context, identity, policies.resourcePolicy(resource), Optional.empty());
        expectations.add(new Expectation(request, allowed, why));
    }

    private Optional<DeployedFunction> owner(String functionId) {
        return DeployedFunction.named(functions, functionId);
    }

    private List<String> list(String parameter) {
        List<String> values = new ArrayList<>();
        for (String value : template.parameter(parameter).split(",")) {
            if (!value.isBlank()) {
                values.add(value.strip());
            }
        }
        return values;
    }
}
