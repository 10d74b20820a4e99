package com.example.rehearse.iam;

import com.example.rehearse.ToolProcess;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A real IAM policy evaluator, run as its own process: {@code @cloud-copilot/iam-simulate}
 * (npm, AGPL-3.0, used unmodified as a test tool and never part of a function's artifact),
 * through {@code infra/rehearse/iam/evaluate.mjs}. It evaluates identity, resource and VPC
 * endpoint policies together, conditions included, as AWS's policy evaluation logic
 * (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_evaluation-logic.html).
 *
 * <p>One adaptation, equivalent in meaning: the tool accepts only {@code "Principal": "*"} in
 * an endpoint policy, so a statement naming principals is given as {@code "*"} with an
 * {@code aws:PrincipalArn} condition on the same principals, and every request carries its
 * principal's ARN in that key.
 */
public final class IamSimulator {

    /** The evaluator's answer for one request. */
    public record Answer(String result, String errors) {
        public boolean allowed() {
            return "Allowed".equals(result);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The evaluator's answers so far, by the request's JSON as the evaluator reads it. */
    private static final Map<String, Answer> ANSWERED = new ConcurrentHashMap<>();

    private final Path evaluator;

    /** {@code evaluator} is the folder holding evaluate.mjs and its installed node_modules. */
    public IamSimulator(Path evaluator) {
        if (!Files.isDirectory(evaluator.resolve("node_modules/@cloud-copilot/iam-simulate"))) {
            throw new IllegalStateException("the IAM evaluator is not installed in " + evaluator
                    + ": run infra/rehearse/setup-rehearse-tools.sh (make rehearse and make test do)");
        }
        this.evaluator = evaluator;
    }

    /**
     * The answers to {@code requests}, in order: one evaluator process for those not answered
     * before. An answer depends on its request alone (the call, the policies, the context, all in
     * the request's JSON), so answers are kept for the JVM's life by that JSON: a request asked
     * again, as the rehearsal's defect cases ask most of the committed template's, is not
     * evaluated again.
     */
    public List<Answer> evaluate(List<AccessRequest> requests) {
        List<String> asked = requests.stream().map(IamSimulator::json).toList();
        List<String> unanswered = asked.stream().filter(request -> !ANSWERED.containsKey(request)).distinct().toList();
        if (!unanswered.isEmpty()) {
            List<Answer> answers = run(unanswered);
            for (int i = 0; i < unanswered.size(); i++) {
                ANSWERED.put(unanswered.get(i), answers.get(i));
            }
        }
        return asked.stream().map(ANSWERED::get).toList();
    }

    private List<Answer> run(List<String> simulations) {
        try {
            byte[] output = ToolProcess.run("the IAM evaluator", List.of("node", evaluator.resolve("evaluate.mjs").toString()),
                    evaluator, Map.of(), ("[" + String.join(",", simulations) + "]").getBytes(StandardCharsets.UTF_8));
            List<Answer> answers = new ArrayList<>();
            for (JsonNode answer : JSON.readTree(output)) {
                answers.add(new Answer(answer.path("result").asText(), answer.path("errors").toString()));
            }
            if (answers.size() != simulations.size()) {
                throw new IllegalStateException("the IAM evaluator answered " + answers.size() + " of " + simulations.size());
            }
            return answers;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the IAM evaluator's answers", e);
        }
    }

    private static String json(AccessRequest request) {
        try {
            return JSON.writeValueAsString(simulation(request));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a request for the IAM evaluator", e);
        }
    }

    private static ObjectNode simulation(AccessRequest request) {
        ObjectNode simulation = JSON.createObjectNode();
        ObjectNode call = simulation.putObject("request");
        call.put("principal", request.principal());
        call.put("action", request.action());
        call.putObject("resource").put("resource", request.resource()).put("accountId", ResolvedTemplate.ACCOUNT);
        ObjectNode context = call.putObject("contextVariables");
        request.context().forEach(context::put);
        if (request.principal().startsWith("arn:")) {
            context.put("aws:PrincipalArn", request.principal());
        }
        ArrayNode identity = simulation.putArray("identityPolicies");
        request.identityPolicies().forEach((name, policy) -> identity.addObject().put("name", name).set("policy", policy));
        simulation.putArray("serviceControlPolicies");
        simulation.putArray("resourceControlPolicies");
        request.resourcePolicy().ifPresent(policy -> simulation.set("resourcePolicy", policy));
        request.boundary().ifPresent(policy -> simulation.putArray("permissionBoundaryPolicies").addObject()
                .put("name", "permissions-boundary").set("policy", policy));
        request.endpoint().ifPresent(endpoint -> simulation.putArray("vpcEndpointPolicies").addObject()
                .put("name", endpoint.logicalId()).set("policy", anyPrincipal(endpoint.policy())));
        return simulation;
    }

    /** An endpoint policy with each named principal moved into an {@code aws:PrincipalArn} condition. */
    static JsonNode anyPrincipal(JsonNode policy) {
        ObjectNode copy = policy.deepCopy();
        for (JsonNode statement : copy.path("Statement")) {
            JsonNode principal = statement.path("Principal");
            if (principal.isMissingNode() || "*".equals(principal.asText(null))) {
                continue;
            }
            JsonNode named = principal.path("AWS");
            ObjectNode condition = statement.has("Condition") ? (ObjectNode) statement.get("Condition")
                    : ((ObjectNode) statement).putObject("Condition");
            condition.withObjectProperty("ArnEquals").set("aws:PrincipalArn", named.isMissingNode() ? principal : named);
            ((ObjectNode) statement).put("Principal", "*");
        }
        return copy;
    }
}
