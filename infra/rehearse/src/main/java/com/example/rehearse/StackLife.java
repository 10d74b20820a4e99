package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.IamSimulator;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.stack.Bootstrap;
import com.example.rehearse.stack.DeployAttempts;
import com.example.rehearse.stack.DeployNeed;
import com.example.rehearse.stack.DeployPolicy;
import com.example.rehearse.stack.Lifecycle;
import com.example.rehearse.stack.ResourceSchemas;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stack's life with one parameter set: its {@link Lifecycle} (what a failed create and a
 * delete leave, the teardown), and its deploy path ({@link Bootstrap}): the service role's
 * {@link DeployPolicy}, which the rehearsal writes to {@code docs/service-role-policy-<set>.json}
 * and proves with the IAM evaluator against the policy committed there (every permission the
 * stack's life needs allowed on the stack's resources, refused on another stack's), the
 * deployer's SAM CLI calls allowed, and every {@link DeployAttempts escalation or exfiltration
 * attempt} refused, to the deployer, the service role and a role made under the boundary. Every
 * role of the template carries the boundary and trusts Lambda alone.
 */
final class StackLife {

    private final ParameterSet set;
    private final Report.Section section;
    private final Path policyFile;
    private final DeployPolicy policy;
    private final List<DeployNeed> needs;
    /** The service role's policy as committed (or derived now, when none is). */
    private JsonNode committedOrDerived;
    private final List<AccessRequest> allowed = new ArrayList<>();
    private final List<AccessRequest> refused = new ArrayList<>();
    private final List<DeployAttempts.Attempt> attempts = new ArrayList<>();
    private final List<AccessRequest> attemptRequests = new ArrayList<>();

    private StackLife(ParameterSet set, Report.Section section, Path policyFile, DeployPolicy policy) {
        this.set = set;
        this.section = section;
        this.policyFile = policyFile;
        this.policy = policy;
        this.needs = policy.needs();
    }

    /** The checks of {@code template}'s life that need no evaluator, and the deployer's requests to evaluate. */
    static StackLife prepare(ParameterSet set, ResolvedTemplate template, Bootstrap bootstrap, Path subject, Path project,
                             Report.Section section) {
        Lifecycle lifecycle = Lifecycle.of(template, read(subject.resolve("docs/deploy.md")).orElse(""));
        lifecycle.failures().forEach(failure -> section.failure("lifecycle", failure + " (parameter set " + set.name() + ")"));
        lifecycle.notes().forEach(section::lifecycleNote);
        section.teardown(lifecycle.teardown());
        DeployPolicy policy = DeployPolicy.derive(template, ResourceSchemas.of(project), project.resolve("infra/rehearse/iam"),
                bootstrap.boundaryArn());
        policy.failures().forEach(failure -> section.failure("deploy path", failure));
        Path file = subject.resolve("docs/service-role-policy-" + set.name() + ".json");
        StackLife life = new StackLife(set, section, file, policy);
        life.collect(template);
        life.roles(template, bootstrap);
        life.attempts(template, bootstrap);
        return life;
    }

    /** The requests to evaluate: every need under the committed policy, then each outside one. */
    List<AccessRequest> requests() {
        List<AccessRequest> all = new ArrayList<>(allowed);
        all.addAll(refused);
        all.addAll(attemptRequests);
        return all;
    }

    /**
     * Every role the template creates carries the bootstrap's boundary and may be assumed by Lambda
     * alone, but a deployment group's service role, by CodeDeploy alone.
     */
    private void roles(ResolvedTemplate template, Bootstrap bootstrap) {
        java.util.Set<String> deployRoles = new java.util.HashSet<>();
        template.ofType("AWS::CodeDeploy::DeploymentGroup").values()
                .forEach(group -> deployRoles.add(group.path("ServiceRoleArn").asText()));
        template.ofType("AWS::IAM::Role").forEach((id, role) -> {
            String service = deployRoles.contains(template.attribute(id, "Arn")) ? "codedeploy.amazonaws.com" : "lambda.amazonaws.com";
            if (!bootstrap.boundaryArn().equals(role.path("PermissionsBoundary").asText())) {
                section.failure("deploy path", id + " has no PermissionsBoundary " + bootstrap.boundaryArn() + " (" + role.path("PermissionsBoundary")
                        + "): the service role may not create it, and nothing would hold what it does (parameter set " + set.name() + ")");
            }
            for (JsonNode statement : role.path("AssumeRolePolicyDocument").path("Statement")) {
                JsonNode principal = statement.path("Principal");
                if (principal.size() != 1 || !service.equals(principal.path("Service").asText())) {
                    section.failure("deploy path", id + " trusts " + principal + ": a role of the stack is assumed by " + service + " alone"
                            + " (parameter set " + set.name() + ")");
                }
            }
        });
    }

    /** The deployer's SAM CLI calls and every escalation attempt, under each principal's own policies. */
    private void attempts(ResolvedTemplate template, Bootstrap bootstrap) {
        Map<String, JsonNode> deployer = Map.of("deployer", bootstrap.deployerPolicy());
        // For the independent checker (infra/rehearse/check-policies.sh), in samconfig.toml's Region.
        write(policyFile.getParent().getParent().resolve("infra/rehearse/target/deployer-policy-" + set.name() + ".json"),
                localized(pretty(bootstrap.deployerPolicy())));
        Map<String, JsonNode> serviceRole = Map.of(policyFile.getFileName().toString(), committedOrDerived);
        JsonNode everything = readJson("{\"Version\": \"2012-10-17\", \"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"*\"}]}");
        for (DeployAttempts.Attempt attempt : DeployAttempts.of(template, bootstrap, bootstrap.readableSecrets())) {
            Map<String, String> context = new HashMap<>(attempt.context());
            context.put("aws:SecureTransport", "true");
            AccessRequest request = switch (attempt.principal()) {
                case DEPLOYER -> new AccessRequest(attempt.principal().label(), attempt.what(), DeployPolicy.DEPLOYER, attempt.action(),
                        attempt.resource(), attempt.resource(), context, deployer, Optional.empty(), Optional.empty());
                case SERVICE_ROLE -> new AccessRequest(attempt.principal().label(), attempt.what(), bootstrap.serviceRoleArn(), attempt.action(),
                        attempt.resource(), attempt.resource(), context, serviceRole, Optional.empty(),
                        Optional.empty());
                case UNDER_BOUNDARY -> new AccessRequest(attempt.principal().label(), attempt.what(),
                        "arn:aws:iam::" + ResolvedTemplate.ACCOUNT + ":role/" + template.stackName() + "-Escalation", attempt.action(),
                        attempt.resource(), attempt.resource(), context, Map.of("everything", everything), Optional.empty(), Optional.empty())
                        .under(bootstrap.boundary());
            };
            attempts.add(attempt);
            attemptRequests.add(request);
        }
    }

    /**
     * The policy as a deployer uses it: any account's (an identity policy reaches another account's
     * resources only where their own policies let it; the account is the reader's to fill in). The
     * Region is samconfig.toml's already: the rehearsal deploys each set there.
     */
    private static String localized(String text) {
        return text.replace(ResolvedTemplate.ACCOUNT, "*");
    }

    private void collect(ResolvedTemplate template) {
        String derived = localized(pretty(policy.document()));
        Optional<String> committed = read(policyFile);
        JsonNode evaluated = readJson(derived);
        if (committed.isEmpty()) {
            section.failure("deploy path", policyFile.getFileName() + " is missing: written now from the template; commit it");
        } else {
            try {
                evaluated = Report.JSON.readTree(committed.get());
            } catch (IOException e) {
                section.failure("deploy path", policyFile.getFileName() + " is not JSON: " + e.getMessage());
            }
            if (!committed.get().equals(derived)) {
                section.failure("deploy path", policyFile.getFileName() + " is not the policy the template needs: rewritten now;"
                        + " review the difference and commit it");
            }
        }
        write(policyFile, derived);
        if (DeployPolicy.size(policy.document()) > DeployPolicy.INLINE_LIMIT) {
            section.failure("deploy path", policyFile.getFileName() + " is " + DeployPolicy.size(policy.document())
                    + " characters without white space, more than a role's inline policies hold (" + DeployPolicy.INLINE_LIMIT + ")");
        }
        section.deployPolicy(policyFile.getFileName().toString(), DeployPolicy.size(policy.document()),
                policy.document().path("Statement").size(), needs.size(), policy.leftOut());
        committedOrDerived = evaluated;
        Policies policies = new Policies(template);
        Map<String, JsonNode> identity = Map.of(policyFile.getFileName().toString(), evaluated);
        for (DeployNeed need : needs) {
            Map<String, String> context = new HashMap<>(need.context());
            context.put("aws:SecureTransport", "true");
            // The second replica's key (GlobalTables=owner) is the member stack's PaymentsKey: the same template, the same key policy.
            Optional<JsonNode> resourcePolicy = need.arn().startsWith("arn:aws:kms:")
                    ? policies.resourcePolicy(need.arn()).or(() -> "SecondRegionKeyArn".equals(need.target()) && template.has("PaymentsKey")
                            ? policies.resourcePolicy(template.attribute("PaymentsKey", "Arn")) : Optional.empty())
                    : Optional.empty();
            allowed.add(new AccessRequest("the service role", need.why(), DeployPolicy.DEPLOYER, need.action(), need.arn(), need.target(),
                    context, identity, resourcePolicy, Optional.empty()));
            Map<String, String> outsideContext = new HashMap<>(need.outsideContext());
            outsideContext.put("aws:SecureTransport", "true");
            need.outside().ifPresent(outside -> refused.add(new AccessRequest("the service role", need.why(), DeployPolicy.DEPLOYER,
                    need.action(), outside, outside, outsideContext, identity, Optional.empty(), Optional.empty())));
        }
    }

    /** Reports the evaluator's {@code answers} to {@link #requests()}, in their order. */
    void judge(List<IamSimulator.Answer> answers) {
        int allowedAnswers = 0;
        for (int i = 0; i < allowed.size(); i++) {
            AccessRequest request = allowed.get(i);
            if (answers.get(i).allowed()) {
                allowedAnswers++;
            } else {
                section.failure("deploy path", "the service role may not " + request.action() + " on " + request.resourceId() + " ("
                        + request.resource() + "), which " + request.origin() + " needs: " + answers.get(i).result() + " by "
                        + policyFile.getFileName() + (request.resourcePolicy().isPresent() ? " and the key's policy" : "")
                        + " (parameter set " + set.name() + ")");
            }
        }
        int refusedAnswers = 0;
        for (int i = 0; i < refused.size(); i++) {
            AccessRequest request = refused.get(i);
            IamSimulator.Answer answer = answers.get(allowed.size() + i);
            if (answer.allowed()) {
                section.failure("deploy path", policyFile.getFileName() + " allows " + request.action() + " on " + request.resource()
                        + ", a resource of another stack: scope it to the stack's own (parameter set " + set.name() + ")");
            } else {
                refusedAnswers++;
            }
        }
        section.deployerVerdicts(allowedAnswers, allowed.size(), refusedAnswers, refused.size());
        int offset = allowed.size() + refused.size();
        for (int i = 0; i < attempts.size(); i++) {
            DeployAttempts.Attempt attempt = attempts.get(i);
            IamSimulator.Answer answer = answers.get(offset + i);
            section.attempt(attempt, answer.result());
            if (answer.allowed() != attempt.allowed()) {
                section.failure("deploy path", attempt.principal().label() + " " + (attempt.allowed() ? "must be allowed" : "is allowed") + " to "
                        + attempt.what() + ": " + attempt.action() + " on " + attempt.resource() + " is " + answer.result()
                        + (attempt.allowed() ? "" : ", must be refused") + " (parameter set " + set.name() + ")");
            }
        }
    }

    private static JsonNode readJson(String text) {
        try {
            return Report.JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String pretty(JsonNode document) {
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n"));
            return Report.JSON.writer(printer).writeValueAsString(document) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<String> read(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file)) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
