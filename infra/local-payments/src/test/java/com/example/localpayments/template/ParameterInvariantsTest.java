package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The template's parameters refuse at deploy what the functions would refuse later
 * ({@link ParameterInvariants}), and its Rules refuse the parameter combinations that cannot work.
 */
class ParameterInvariantsTest {

    @Test
    void pushApiBaseUrl_mustBeGivenAtDeploy_https() {
        assertEquals(List.of(), ParameterInvariants.pushApiBaseUrl(MODEL));
    }

    @Test
    void metricsNamespace_refusesTheAwsReservedPrefix() {
        assertEquals(List.of(), ParameterInvariants.metricsNamespace(MODEL));
    }

    @Test
    void producerPrincipals_mustBeRolesOrUsers_neverAnAccountsRoot() {
        Pattern allowed = Pattern.compile(MODEL.requireParameter("ProducerPrincipalArns").allowedPattern().orElseThrow());
        assertTrue(allowed.matcher("arn:aws:iam::123456789012:role/payment-gateway").matches());
        assertTrue(allowed.matcher("arn:aws:iam::123456789012:user/batch-producer").matches());
        assertTrue(allowed.matcher("").matches(), "the default, no producers named");
        assertFalse(allowed.matcher("arn:aws:iam::123456789012:root").matches());
        assertFalse(allowed.matcher("123456789012").matches());
    }

    @Test
    void rules_refuseNamedProducersWithoutNamedOperators_whoCouldNotRedrive() {
        String refused = "With ProducerPrincipalArns named, OperatorPrincipalArns must name the operators too, or the payments "
                + "queue refuses their redrive of the DLQ.";
        assertEquals(List.of(refused), MODEL.rules().refusals(Map.of("ProducerPrincipalArns",
                List.of("arn:aws:iam::123456789012:role/gateway"), "OperatorPrincipalArns", List.of(""))));
        assertEquals(List.of(), MODEL.rules().refusals(Map.of("ProducerPrincipalArns",
                List.of("arn:aws:iam::123456789012:role/gateway"), "OperatorPrincipalArns",
                List.of("arn:aws:iam::123456789012:role/oncall"))));
        assertEquals(List.of(), MODEL.rules().refusals(Map.of("ProducerPrincipalArns",
                List.of(""), "OperatorPrincipalArns", List.of(""))));
    }

    @Test
    void rules_refuseAnUnauthenticatedNotifierInProd_andACredentialWithoutItsSecret() {
        String none = "In prod, PushApiAuth must be hmac, hmac-and-legacy or bearer (none would send every notification unauthenticated).";
        String noSecret = "PushApiAuth=hmac, hmac-and-legacy or bearer needs PushApiCredentialSecretArn (the secret holding the push API "
                + "credential).";
        String secret = "arn:aws:secretsmanager:eu-west-1:111122223333:secret:payments-push-api-credential-AbCdEf";
        assertEquals(List.of(none), MODEL.rules().refusals(Map.of(
                "Environment", "prod", "PushApiAuth", "none", "PushApiCredentialSecretArn", "")));
        assertEquals(List.of(), MODEL.rules().refusals(Map.of(
                "Environment", "dev", "PushApiAuth", "none", "PushApiCredentialSecretArn", "")));
        for (String auth : List.of("hmac", "hmac-and-legacy", "bearer")) {
            assertEquals(List.of(noSecret), MODEL.rules().refusals(Map.of(
                    "Environment", "prod", "PushApiAuth", auth, "PushApiCredentialSecretArn", "")));
            assertEquals(List.of(), MODEL.rules().refusals(Map.of(
                    "Environment", "prod", "PushApiAuth", auth, "PushApiCredentialSecretArn", secret)));
        }
    }

    @Test
    void rules_refuseRequiredSignaturesWithoutTheProducersSecrets() {
        String refused = "RequireProducerSignatures=true needs ProducerSigningSecretArns (one secret per producer, no empty entry).";
        String secret = "arn:aws:secretsmanager:eu-west-1:111122223333:secret:ProducerSigningKey-gateway-AbCdEf";
        assertEquals(List.of(refused), MODEL.rules().refusals(Map.of(
                "RequireProducerSignatures", "true", "ProducerSigningSecretArns", List.of(""))));
        assertEquals(List.of(refused), MODEL.rules().refusals(Map.of(
                "RequireProducerSignatures", "true", "ProducerSigningSecretArns", List.of(secret, ""))));
        assertEquals(List.of(), MODEL.rules().refusals(Map.of(
                "RequireProducerSignatures", "true", "ProducerSigningSecretArns", List.of(secret))));
        assertEquals(List.of(), MODEL.rules().refusals(Map.of(
                "RequireProducerSignatures", "false", "ProducerSigningSecretArns", List.of(""))));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("push API URL with a placeholder default", "  PushApiBaseUrl:\n    Type: String\n",
                        "  PushApiBaseUrl:\n    Type: String\n    Default: \"https://push.invalid\"\n",
                        ParameterInvariants::pushApiBaseUrl),
                breach("metrics namespace pattern without the AWS/ refusal", "AllowedPattern: \"^([A-Za-z0-9/_.#:-]{1,3}|",
                        "AllowedPattern: \"^([A-Za-z0-9/_.#:-]{1,255}|", ParameterInvariants::metricsNamespace));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
