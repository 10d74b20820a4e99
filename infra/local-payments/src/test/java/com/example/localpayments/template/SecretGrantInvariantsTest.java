package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The template grants each secret only to its reader, and only when needed ({@link SecretGrantInvariants}). */
class SecretGrantInvariantsTest {

    @Test
    void authorizerRole_readsAndDecryptsTheProducersKeys_onlyWhenRequired_andOnlyTheirs() {
        assertEquals(List.of(), SecretGrantInvariants.producerKeyGrants(MODEL));
    }

    @Test
    void notifierRole_readsAndDecryptsThePushApiCredential_onlyWhenAuthenticating_andOnlyThatSecret() {
        assertEquals(List.of(), SecretGrantInvariants.pushApiCredentialGrants(MODEL));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("producers' keys readable with signatures off",
                        "                - ProducerSignaturesRequired\n                - Sid: ReadProducerSigningKeys",
                        "                - FastPathEnabled\n                - Sid: ReadProducerSigningKeys", SecretGrantInvariants::producerKeyGrants),
                breach("producers' keys' decrypt outside Secrets Manager",
                        "                      kms:ViaService: !Sub \"secretsmanager.${AWS::Region}.amazonaws.com\"\n"
                                + "                      kms:EncryptionContext:SecretARN: !Ref ProducerSigningSecretArns",
                        "                      kms:EncryptionContext:SecretARN: !Ref ProducerSigningSecretArns",
                        SecretGrantInvariants::producerKeyGrants),
                breach("producers' secrets given to the function with signatures off",
                        "          PRODUCER_SIGNING_SECRETS: !If\n            - ProducerSignaturesRequired",
                        "          PRODUCER_SIGNING_SECRETS: !If\n            - FastPathEnabled", SecretGrantInvariants::producerKeyGrants));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
