package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.IamSimulator;
import com.example.rehearse.iam.Policies;
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
 * delete leave, the teardown), and its deployer's {@link DeployPolicy}, which the rehearsal writes
 * to {@code docs/deploy-policy-<set>.json} and proves with the IAM evaluator against the policy
 * committed there: every permission the deploy needs is allowed on the stack's resources, and
 * refused on the same resources of another stack.
 */
final class StackLife {

    private final ParameterSet set;
    private final Report.Section section;
    private final Path policyFile;
    private final DeployPolicy policy;
    private final List<DeployPolicy.Need> needs;
    private final List<AccessRequest> allowed = new ArrayList<>();
    private final List<AccessRequest> refused = new ArrayList<>();

    private StackLife(ParameterSet set, Report.Section section, Path policyFile, DeployPolicy policy) {
        this.set = set;
        this.section = section;
        this.policyFile = policyFile;
        this.policy = policy;
        this.needs = policy.needs();
    }

    /** The checks of {@code template}'s life that need no evaluator, and the deployer's requests to evaluate. */
    static StackLife prepare(ParameterSet set, ResolvedTemplate template, Path subject, Path project, Report.Section section) {
        Lifecycle lifecycle = Lifecycle.of(template, read(subject.resolve("docs/deploy.md")).orElse(""));
        lifecycle.failures().forEach(failure -> section.failure("lifecycle", failure + " (parameter set " + set.name() + ")"));
        lifecycle.notes().forEach(section::lifecycleNote);
        section.teardown(lifecycle.teardown());
        DeployPolicy policy = DeployPolicy.derive(template, ResourceSchemas.of(project), project.resolve("infra/rehearse/iam"));
        policy.failures().forEach(failure -> section.failure("deployer", failure));
        Path file = subject.resolve("docs/deploy-policy-" + set.name() + ".json");
        StackLife life = new StackLife(set, section, file, policy);
        life.collect(template);
        return life;
    }

    /** The requests to evaluate: every need under the committed policy, then each outside one. */
    List<AccessRequest> requests() {
        List<AccessRequest> all = new ArrayList<>(allowed);
        all.addAll(refused);
        return all;
    }

    /**
     * The policy as a deployer uses it: in samconfig.toml's Region rather than the rehearsal's, and
     * any account's (an identity policy reaches another account's resources only where their
     * own policies let it; the account is the reader's to fill in).
     */
    private String localized(String text) {
        return text.replace(":" + ResolvedTemplate.REGION + ":", ":" + set.region() + ":").replace(ResolvedTemplate.ACCOUNT, "*");
    }

    /** An ARN of the rehearsal in samconfig.toml's Region, as the written policy names it. */
    private String inRegion(String arn) {
        return arn.replace(":" + ResolvedTemplate.REGION + ":", ":" + set.region() + ":");
    }

    private void collect(ResolvedTemplate template) {
        String derived = localized(pretty(policy.document()));
        Optional<String> committed = read(policyFile);
        JsonNode evaluated = readJson(derived);
        if (committed.isEmpty()) {
            section.failure("deployer", policyFile.getFileName() + " is missing: written now from the template; commit it");
        } else {
            try {
                evaluated = Report.JSON.readTree(committed.get());
            } catch (IOException e) {
                section.failure("deployer", policyFile.getFileName() + " is not JSON: " + e.getMessage());
            }
            if (!committed.get().equals(derived)) {
                section.failure("deployer", policyFile.getFileName() + " is not the policy the template needs: rewritten now;"
                        + " review the difference and commit it");
            }
        }
        write(policyFile, derived);
        if (DeployPolicy.size(policy.document()) > DeployPolicy.INLINE_LIMIT) {
            section.failure("deployer", policyFile.getFileName() + " is " + DeployPolicy.size(policy.document())
                    + " characters without white space, more than a role's inline policies hold (" + DeployPolicy.INLINE_LIMIT + ")");
        }
        section.deployPolicy(policyFile.getFileName().toString(), DeployPolicy.size(policy.document()),
                policy.document().path("Statement").size(), needs.size(), policy.leftOut());
        Policies policies = new Policies(template);
        Map<String, JsonNode> identity = Map.of(policyFile.getFileName().toString(), evaluated);
        for (DeployPolicy.Need need : needs) {
            Map<String, String> context = new HashMap<>(need.context());
            context.put("aws:SecureTransport", "true");
            Optional<JsonNode> resourcePolicy = need.arn().startsWith("arn:aws:kms:") ? policies.resourcePolicy(need.arn()) : Optional.empty();
            allowed.add(new AccessRequest("the deployer", need.why(), DeployPolicy.DEPLOYER, need.action(), inRegion(need.arn()), need.target(),
                    context, identity, resourcePolicy, Optional.empty()));
            need.outside().ifPresent(outside -> refused.add(new AccessRequest("the deployer", need.why(), DeployPolicy.DEPLOYER,
                    need.action(), inRegion(outside), inRegion(outside), context, identity, Optional.empty(), Optional.empty())));
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
                section.failure("deployer", "the deployer may not " + request.action() + " on " + request.resourceId() + " ("
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
                section.failure("deployer", policyFile.getFileName() + " allows " + request.action() + " on " + request.resource()
                        + ", a resource of another stack: scope it to the stack's own (parameter set " + set.name() + ")");
            } else {
                refusedAnswers++;
            }
        }
        section.deployerVerdicts(allowedAnswers, allowed.size(), refusedAnswers, refused.size());
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
