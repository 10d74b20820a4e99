package com.example.localpayments.template;

import com.example.receiver.lambda.ReceiverVariables;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;

/** Who reads which secret, and only when the deployment needs it: the producers' keys and the push API credential. */
final class SecretGrantInvariants {

    private SecretGrantInvariants() {
    }

    /**
     * The authorizer reads the producers' keys only when signatures are required, and only theirs:
     * {@code secretsmanager:GetSecretValue} on exactly {@code ProducerSigningSecretArns} and
     * {@code kms:Decrypt} only through Secrets Manager and only for those secrets, each under
     * {@code Fn::If ProducerSignaturesRequired}; the function is given those secrets then, none
     * otherwise, with the requirement and the window as parameters.
     */
    static List<String> producerKeyGrants(Template template) {
        List<String> violations = new ArrayList<>();
        Grants grants = grants(template, "PaymentAuthorizerRole", "ProducerSigningSecretArns", "ProducerSignaturesRequired",
                "whether or not producers' signatures are required", "the producers' secrets", violations);
        if (!grants.read()) {
            violations.add("no secretsmanager:GetSecretValue on exactly ProducerSigningSecretArns");
        }
        if (!grants.decrypt()) {
            violations.add("no kms:Decrypt through Secrets Manager for exactly the producers' secrets");
        }
        JsonNode variables = template.resource("PaymentAuthorizerFunction").property("Environment").path("Variables");
        if (!"RequireProducerSignatures".equals(variables.path(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES).path("Ref").asText())) {
            violations.add("REQUIRE_PRODUCER_SIGNATURES is not the RequireProducerSignatures parameter");
        }
        if (!"ProducerSignatureWindowSeconds".equals(variables.path(ReceiverVariables.PRODUCER_SIGNATURE_WINDOW_SECONDS).path("Ref").asText())) {
            violations.add("PRODUCER_SIGNATURE_WINDOW_SECONDS is not the ProducerSignatureWindowSeconds parameter");
        }
        JsonNode secrets = variables.path(ReceiverVariables.PRODUCER_SIGNING_SECRETS).path("Fn::If");
        if (!"ProducerSignaturesRequired".equals(secrets.path(0).asText())
                || !secrets.path(1).toString().contains("\"Ref\":\"ProducerSigningSecretArns\"") || !"".equals(secrets.path(2).asText("-"))) {
            violations.add("PRODUCER_SIGNING_SECRETS is not the producers' secrets when required, and empty otherwise: " + secrets);
        }
        if (!"false".equals(template.requireParameter("RequireProducerSignatures").byDefault().orElse(""))
                || template.requireParameter("ProducerSignatureWindowSeconds").byDefault().map(text -> TextNode.valueOf(text).asInt())
                        .orElse(0) != 300) {
            violations.add("producers' signatures must be off by default, with a 300 s window");
        }
        return violations;
    }

    /**
     * The notifier's role reads exactly the push API credential's secret, and decrypts it only
     * through Secrets Manager and only for that secret (kms:EncryptionContext:SecretARN, which the
     * rehearsal's IAM evaluator cannot judge: it matches variable keys after a '/' only), both only
     * when the notifier authenticates; and the function is given that secret then.
     */
    static List<String> pushApiCredentialGrants(Template template) {
        List<String> violations = new ArrayList<>();
        Grants grants = grants(template, "PaymentNotifierRole", "PushApiCredentialSecretArn", "PushApiAuthenticated",
                "whether or not the notifier authenticates", "the push API credential", violations);
        if (!grants.read()) {
            violations.add("no secretsmanager:GetSecretValue on exactly PushApiCredentialSecretArn");
        }
        if (!grants.decrypt()) {
            violations.add("no kms:Decrypt through Secrets Manager for exactly the push API credential's secret");
        }
        JsonNode variables = template.resource("PaymentNotifierFunction").property("Environment").path("Variables");
        if (!"PushApiAuth".equals(variables.path("PUSH_API_AUTH").path("Ref").asText())) {
            violations.add("PUSH_API_AUTH is not the PushApiAuth parameter");
        }
        JsonNode secret = variables.path("PUSH_API_CREDENTIAL_SECRET").path("Fn::If");
        if (!"PushApiAuthenticated".equals(secret.path(0).asText())
                || !"PushApiCredentialSecretArn".equals(secret.path(1).path("Ref").asText()) || !"".equals(secret.path(2).asText("-"))) {
            violations.add("PUSH_API_CREDENTIAL_SECRET is not the credential's secret when authenticating, and empty otherwise: " + secret);
        }
        return violations;
    }

    /** Whether a role reads a secret (GetSecretValue on exactly it) and decrypts it (only through Secrets Manager, only it). */
    private record Grants(boolean read, boolean decrypt) {
    }

    /**
     * What {@code role}'s policies grant on the secrets the parameter {@code secrets} names: each
     * such statement must be under {@code Fn::If condition} (else "is granted {@code unless}") and
     * be the read or the decrypt (else "grants ... on {@code what}"), reported into {@code violations}.
     */
    private static Grants grants(Template template, String role, String secrets, String condition, String unless, String what,
                                 List<String> violations) {
        boolean read = false;
        boolean decrypt = false;
        for (JsonNode policy : template.resource(role).property("Policies")) {
            for (JsonNode element : policy.path("PolicyDocument").path("Statement")) {
                String gate = element.has("Fn::If") ? element.get("Fn::If").get(0).asText() : "";
                JsonNode statement = element.has("Fn::If") ? element.get("Fn::If").get(1) : element;
                if (!statement.toString().contains("\"Ref\":\"" + secrets + "\"")) {
                    continue;
                }
                if (!gate.equals(condition)) {
                    violations.add(statement.path("Sid").asText() + " is granted " + unless);
                }
                String action = statement.path("Action").asText();
                JsonNode equals = statement.path("Condition").path("StringEquals");
                if (action.equals("secretsmanager:GetSecretValue")) {
                    read = secrets.equals(statement.path("Resource").path("Ref").asText());
                } else if (action.equals("kms:Decrypt")) {
                    decrypt = equals.path("kms:ViaService").toString().contains("secretsmanager.${AWS::Region}.amazonaws.com")
                            && secrets.equals(equals.path("kms:EncryptionContext:SecretARN").path("Ref").asText());
                } else {
                    violations.add(statement.path("Sid").asText() + " grants " + action + " on " + what);
                }
            }
        }
        return new Grants(read, decrypt);
    }
}
