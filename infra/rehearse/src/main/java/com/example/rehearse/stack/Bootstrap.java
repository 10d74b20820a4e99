package com.example.rehearse.stack;

import com.example.rehearse.template.ResolvedTemplate;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The deploy path of one stack as {@code infra/deploy/bootstrap.yaml} creates it once per account
 * and stack: the permissions boundary of every role the stack creates, the CloudFormation service
 * role, the deployer's policy and the artifacts bucket, resolved for the stack (as the
 * CDK's bootstrap does, https://docs.aws.amazon.com/cdk/v2/guide/bootstrapping-env.html).
 */
public final class Bootstrap {

    /** The bootstrap template, from the project's root. */
    public static final String TEMPLATE = "infra/deploy/bootstrap.yaml";

    private final ResolvedTemplate template;

    private Bootstrap(ResolvedTemplate template, List<String> readableSecrets) {
        this.template = template;
        this.readableSecrets = List.copyOf(readableSecrets);
    }

    private final List<String> readableSecrets;

    /** The bootstrap under {@code root} for the stack {@code payments} deploys as. */
    public static Bootstrap of(Path root, ResolvedTemplate payments) {
        String stackName = payments.stackName();
        List<String> readableSecrets = readableSecrets(payments);
        String secrets = readableSecrets.isEmpty() ? "arn:aws:secretsmanager:" + payments.region() + ":"
                + ResolvedTemplate.ACCOUNT + ":secret:none-named" : String.join(",", readableSecrets);
        return new Bootstrap(ResolvedTemplate.of(Template.read(root.resolve(TEMPLATE)),
                Map.of("PaymentsStackName", stackName, "ReadableSecretArns", secrets), stackName + "-bootstrap", payments.region()), readableSecrets);
    }

    /** The permissions boundary's ARN, which template.yaml gives every role. */
    public String boundaryArn() {
        return template.ref("FunctionBoundary");
    }

    /** The permissions boundary's document. */
    public JsonNode boundary() {
        return document("FunctionBoundary");
    }

    /** The deployer's policy document. */
    public JsonNode deployerPolicy() {
        return document("DeployerPolicy");
    }

    /** The service role's ARN (samconfig.toml's role_arn). */
    public String serviceRoleArn() {
        return template.attribute("ServiceRole", "Arn");
    }

    /** The principals the service role's trust policy names, by kind ({@code Service}: the services). */
    public JsonNode serviceRoleTrust() {
        return template.resolve(template.rawProperties("ServiceRole").path("AssumeRolePolicyDocument"));
    }

    /** The artifacts bucket's ARN (samconfig.toml's s3_bucket is its name). */
    public String artifactsArn() {
        return template.attribute("ArtifactsBucket", "Arn");
    }

    /** The secrets the functions read that the stack does not create (the bootstrap's ReadableSecretArns). */
    public List<String> readableSecrets() {
        return readableSecrets;
    }

    private static List<String> readableSecrets(ResolvedTemplate payments) {
        List<String> secrets = new ArrayList<>();
        for (String parameter : List.of("PushApiCredentialSecretArn", "ProducerSigningSecretArns")) {
            if (payments.hasParameter(parameter)) {
                for (String arn : payments.parameter(parameter).split(",")) {
                    if (!arn.isBlank()) {
                        secrets.add(arn.strip());
                    }
                }
            }
        }
        return secrets;
    }

    private JsonNode document(String policyId) {
        return template.resolve(template.rawProperties(policyId).path("PolicyDocument"));
    }
}
