package com.example.rehearse;

import com.example.receiver.lambda.ReceiverVariables;
import com.example.rehearse.calls.RecordedCall;
import com.example.rehearse.calls.RecordedCalls;
import com.example.rehearse.checks.CachePorts;
import com.example.rehearse.checks.Routes;
import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.ApiActions;
import com.example.rehearse.iam.IamSimulator;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.stack.Bootstrap;
import com.example.rehearse.stack.DeployPolicy;
import com.example.rehearse.template.PaymentTables;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rehearsal of one parameter set: its Rules, routes, SnapStart order and cache ports are
 * checked as it is prepared; the IAM requests it collects (the recorded calls, AWS's own, the
 * neighbours' and the resource-policy expectations) are judged once the evaluator has answered.
 */
final class SetRehearsal {

    private final ParameterSet set;
    /** The permissions boundary every role of the stack carries (infra/deploy/bootstrap.yaml). */
    private final JsonNode boundary;
    private final Report.Section section;
    private final ResolvedTemplate template;
    private final List<DeployedFunction> functions;
    private final Policies policies;
    private final List<AccessRequest> recorded = new ArrayList<>();
    private final List<AccessRequest> awsSide = new ArrayList<>();
    private final List<AccessRequest> neighbours = new ArrayList<>();
    private final List<ResourcePolicyChecks.Expectation> expectations = new ArrayList<>();
    private final List<GlobalTableChecks.Refusal> acrossRegions = new ArrayList<>();
    private StackLife life;

    /**
     * The checks of one parameter set that need no evaluator, and the requests it must evaluate;
     * {@code translated} is the template translated with its values (null when they are unusable).
     */
    static SetRehearsal prepare(ParameterSet set, JsonNode translated, RecordedCalls calls, Report.Section section,
                                Path subject, Path project) {
        set.findings().forEach(section::parameterFinding);
        if (translated == null) {
            return new SetRehearsal(set, section, null, null);
        }
        ResolvedTemplate template = ResolvedTemplate.of(translated, set.values(), set.stackName(), set.region());
        template.refusals(ruleValues(template)).forEach(section::parameterFinding);
        Bootstrap bootstrap = Bootstrap.of(subject, template);
        SetRehearsal rehearsal = new SetRehearsal(set, section, template, bootstrap.boundary());
        rehearsal.collect(calls);
        rehearsal.life = StackLife.prepare(set, template, bootstrap, subject, project, section);
        return rehearsal;
    }

    private SetRehearsal(ParameterSet set, Report.Section section, ResolvedTemplate template, JsonNode boundary) {
        this.set = set;
        this.boundary = boundary;
        this.section = section;
        this.template = template;
        this.functions = template == null ? List.of() : DeployedFunction.of(template);
        this.policies = template == null ? null : new Policies(template);
    }

    /**
     * Every request to evaluate, in order: recorded, AWS-side, neighbours, resource-policy
     * expectations, the refusals across Regions, the deployer's.
     */
    List<AccessRequest> requests() {
        List<AccessRequest> all = new ArrayList<>(recorded);
        all.addAll(awsSide);
        all.addAll(neighbours);
        expectations.forEach(expectation -> all.add(expectation.request()));
        acrossRegions.forEach(refusal -> all.add(refusal.request()));
        if (life != null) {
            all.addAll(life.requests());
        }
        return all;
    }

    private void collect(RecordedCalls calls) {
        Routes routes = new Routes(template);
        for (RecordedCall call : calls.all()) {
            if (call.operator()) {
                operatorCall(call);
                continue;
            }
            DeployedFunction.named(functions, call.function()).filter(FunctionSettings::singleWrite)
                    .filter(function -> FunctionSettings.transactionOnly(call))
                    .ifPresentOrElse(function -> section.skipped(), () -> functionCall(routes, call));
        }
        for (RecordedCall call : calls.singleWrite()) {
            if (DeployedFunction.named(functions, call.function()).filter(FunctionSettings::singleWrite).isPresent()) {
                functionCall(routes, call);
            }
        }
        functions.stream().filter(function -> !function.environment().getOrDefault(ReceiverVariables.FAST_PATH_ENDPOINT, "").isEmpty())
                .forEach(function -> CachePorts.missing(template, function.logicalId(), function.securityGroups())
                        .forEach(missing -> section.failure("unrouted", missing + " in parameter set " + set.name())));
        Set<String> roles = new HashSet<>();
        functions.forEach(function -> roles.add(function.roleArn()));
        AwsSideCalls.of(template, functions)
                .forEach(request -> awsSide.add(roles.contains(request.principal()) ? request.under(boundary) : request));
        CodeDeployCalls deploys = CodeDeployCalls.of(template, boundary);
        awsSide.addAll(deploys.allowed());
        neighbours.addAll(VpcNeighbours.requests(template, policies));
        expectations.addAll(ResourcePolicyChecks.of(template, functions));
        expectations.addAll(deploys.refused());
        acrossRegions.addAll(GlobalTableChecks.of(template, functions, recorded));
    }

    /** A function's call, judged under its role, on its route (and, at init, in SnapStart's order). */
    private void functionCall(Routes routes, RecordedCall call) {
        Optional<DeployedFunction> function = DeployedFunction.named(functions, call.function());
        if (function.isEmpty() && template.model().has(call.function())) {
            section.skipped(); // declared under a Condition that this set's parameters turn off (the sweeper in one Region)
            return;
        }
        if (function.isEmpty()) {
            section.failure("call", "a recorded call of " + call.function() + ", which the template does not declare: " + call.api());
            return;
        }
        if (!ApiActions.knows(call.api())) {
            section.failure("call", call.function() + " calls " + call.api()
                    + ", which the rehearsal's API table (ApiActions) does not know: add its IAM actions and the AWS page");
            return;
        }
        if (FunctionSettings.switchedOff(function.get(), call)) {
            section.skipped();
            return;
        }
        Optional<List<ApiActions.Need>> needs = ApiActions.needs(call, template);
        if (needs.isEmpty()) {
            section.skipped();
            return;
        }
        recorded.addAll(recorded(routes, function.get(), call, needs.get()));
    }

    /**
     * An operator's recorded call ({@code make replay}): the operators' own IAM policies are not
     * the template's, so what is checked is that the resources' policies let a named operator
     * make it, and refuse it to anyone else ({@link ResourcePolicyChecks#operatorCall}).
     */
    private void operatorCall(RecordedCall call) {
        if (!ApiActions.knows(call.api())) {
            section.failure("call", "an operator's command calls " + call.api()
                    + ", which the rehearsal's API table (ApiActions) does not know: add its IAM actions and the AWS page");
            return;
        }
        ApiActions.needs(call, template).ifPresentOrElse(
                needs -> expectations.addAll(ResourcePolicyChecks.operatorCall(template, functions, call.api(), needs)),
                section::skipped);
    }

    /** Reports the evaluator's {@code answers} to {@link #requests()}, in their order. */
    void judge(List<IamSimulator.Answer> answers) {
        List<AccessRequest> all = requests();
        int judged = recorded.size() + awsSide.size() + neighbours.size();
        for (int i = 0; i < expectations.size(); i++) {
            ResourcePolicyChecks.Expectation expectation = expectations.get(i);
            IamSimulator.Answer answer = answers.get(judged + i);
            section.expectation(expectation, answer.allowed());
            if (answer.allowed() != expectation.allowed()) {
                section.failure("resource policy", expectation.why() + ": " + expectation.request().action() + " on "
                        + expectation.request().resourceId() + " is " + answer.result() + ", must be "
                        + (expectation.allowed() ? "allowed" : "refused by " + expectation.request().resourceId() + "'s policy")
                        + " (parameter set " + set.name() + ")");
            }
        }
        List<AccessRequest> allowed = new ArrayList<>();
        for (int i = 0; i < judged; i++) {
            AccessRequest request = all.get(i);
            IamSimulator.Answer answer = answers.get(i);
            if (answer.allowed()) {
                allowed.add(request);
                section.proven(request, i >= recorded.size());
            } else if (neighbours.contains(request)) {
                section.failure("neighbour", "the policy of " + request.endpoint().orElseThrow().logicalId()
                        + " (private DNS: every workload of the VPC goes through it) denies another workload " + request.action()
                        + " on its own " + request.resourceId() + " (" + answer.result() + "): keep the default endpoint policy");
            } else {
                section.failure("denied", request.describe() + ": " + answer.result() + " " + request.denialHint()
                        + ("Error".equals(answer.result()) ? " " + answer.errors() : ""));
            }
        }
        section.counted(recorded.size(), awsSide.size());
        int refusalsAt = judged + expectations.size();
        for (int i = 0; i < acrossRegions.size(); i++) {
            GlobalTableChecks.Refusal refusal = acrossRegions.get(i);
            IamSimulator.Answer answer = answers.get(refusalsAt + i);
            if (answer.allowed()) {
                section.failure("across Regions", refusal.why() + ": " + refusal.request().action() + " on " + refusal.request().resource()
                        + " is " + answer.result() + ", must be refused (" + refusal.request().origin() + ", parameter set " + set.name() + ")");
            }
        }
        if (life != null) {
            int before = refusalsAt + acrossRegions.size();
            life.judge(answers.subList(before, answers.size()));
        }
        if (template != null) {
            List<String> unused = UnusedGrants.of(functions, policies, allowed);
            List<String> notSingleWrite = FunctionSettings.singleWriteTableGrants(unused, functions, template.stackName());
            notSingleWrite.forEach(grant -> section.failure("across Regions", "a grant on a payment table the single-write path does not use"
                    + " (MRSC tables refuse transactions and have no TTL): " + grant + " (parameter set " + set.name() + ")"));
            unused.stream().filter(grant -> !notSingleWrite.contains(grant)).forEach(section::unusedGrant);
            section.acrossRegions(acrossRegions.size() + (PaymentTables.global(template) ? 1 : 0));
        }
    }

    private List<AccessRequest> recorded(Routes routes, DeployedFunction function, RecordedCall call, List<ApiActions.Need> needs) {
        String endpointService = "dynamodbstreams".equals(call.service()) ? "dynamodb" : call.service();
        Optional<Routes.Route> route = routes.route(function.securityGroups(), endpointService);
        if (route.isEmpty()) {
            section.failure("unrouted", function.logicalId() + " calls " + call.api() + " (" + call.phase()
                    + ") from its VPC with no route in parameter set " + set.name() + ": needs " + Routes.remedy(endpointService));
            return List.of();
        }
        Optional<AccessRequest.Endpoint> endpoint = route.get().endpointId()
                .map(id -> new AccessRequest.Endpoint(id, policies.endpointPolicy(id)));
        List<AccessRequest> requests = new ArrayList<>();
        for (ApiActions.Need need : needs) {
            Map<String, String> context = new HashMap<>(Map.of("aws:SecureTransport", "true"));
            // The function's code calls: Lambda adds the function's ARN to the request
            // (https://docs.aws.amazon.com/lambda/latest/dg/permissions-source-function-arn.html).
            context.put("lambda:SourceFunctionArn", template.attribute(function.logicalId(), "Arn"));
            if (template.has(need.resourceId())) {
                // CloudFormation tags what it creates with the stack's name.
                context.put(DeployPolicy.STACK_TAG, template.stackName());
            }
            need.viaService().ifPresent(via -> {
                context.put("kms:ViaService", via);
                context.put("kms:CallerAccount", ResolvedTemplate.ACCOUNT);
            });
            if (need.viaService().isEmpty()) {
                endpoint.ifPresent(through -> context.put("aws:SourceVpce", template.ref(through.logicalId())));
            }
            String origin = "recorded " + call.phase() + " " + call.api() + (need.viaService().isPresent() ? ", by " + call.service() : "");
            requests.add(new AccessRequest(function.logicalId(), origin, function.roleArn(), need.action(), need.resource(),
                    need.resourceId(), context, policies.identityPolicies(function.roleId()), policies.resourcePolicy(need.resource()),
                    need.viaService().isPresent() ? Optional.empty() : endpoint).under(boundary));
        }
        if (call.atInit() && function.snapStart()) {
            List<String> reached = new ArrayList<>();
            // A resource the stack does not create (given by a parameter) exists before it.
            needs.stream().filter(need -> need.viaService().isEmpty() && template.has(need.resourceId()))
                    .forEach(need -> reached.add(need.resourceId()));
            route.get().endpointId().ifPresent(reached::add);
            ordering(function, call, reached);
        }
        return requests;
    }

    /** Each version SnapStart publishes runs init: it must come after everything init reaches. */
    private void ordering(DeployedFunction function, RecordedCall call, List<String> reached) {
        template.ofType("AWS::Lambda::Version").forEach((version, properties) -> {
            if (!properties.path("FunctionName").asText().equals(template.ref(function.logicalId()))) {
                return;
            }
            Set<String> closure = template.dependencyClosure(version);
            for (String resource : reached) {
                if (!closure.contains(resource)) {
                    section.failure("ordering", version + " (SnapStart runs " + function.logicalId() + "'s init when it is published)"
                            + " does not depend on " + resource + ", which its init call " + call.api() + " reaches, in parameter set "
                            + set.name() + ": CloudFormation may publish it first, and init fails; refer to " + resource
                            + " from the function (a Ref in its Metadata or Properties)");
                }
            }
        });
    }

    /** The parameter values the Rules see: every parameter, lists as lists. */
    private static Map<String, Object> ruleValues(ResolvedTemplate template) {
        Map<String, Object> values = new LinkedHashMap<>();
        template.model().parameters().values().forEach(parameter -> {
            String value = template.parameter(parameter.name());
            values.put(parameter.name(), parameter.isList() ? List.of(value.split(",", -1)) : value);
        });
        return values;
    }
}
