package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The template's policies keep the IAM rules of issue 3 ({@link IamInvariants}). */
class IamInvariantsTest {

    @Test
    void noPolicyStatement_allowsAWildcardAction() {
        assertEquals(List.of(), IamInvariants.wildcardActions(MODEL));
    }

    @Test
    void everyWildcardResource_isJustifiedByAComment() {
        assertEquals(List.of(), IamInvariants.wildcardResources(MODEL));
    }

    @Test
    void everyFunctionPermission_isSpelledOutInTheTemplate() {
        assertEquals(List.of(), IamInvariants.hiddenPermissions(MODEL));
    }

    @Test
    void authorizerRole_grantsOnlyTheWritesItsTransactionContains_andThePrimingReadOfOneKey() {
        assertEquals(List.of(), IamInvariants.transactionGrants(MODEL));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                // The role's statement (indented deeper than the queue policies' denials, which may name any action).
                breach("service wildcard action", "                  - sqs:ReceiveMessage", "                  - sqs:*",
                        IamInvariants::wildcardActions),
                breach("partial wildcard action", "- logs:CreateLogStream", "- logs:Create*",
                        IamInvariants::wildcardActions),
                breach("wildcard resource without its comment",
                        "                # Wildcard resource: X-Ray's", "                # X-Ray's",
                        IamInvariants::wildcardResources),
                breach("wildcard in an ARN", "                Resource: !GetAtt PaymentsQueue.Arn",
                        "                Resource: !Sub \"arn:${AWS::Partition}:sqs:*:*:*\"", IamInvariants::wildcardResources),
                breach("function without its own role", "      Role: !GetAtt PaymentAuthorizerRole.Arn\n", "",
                        IamInvariants::hiddenPermissions),
                breach("ConditionCheckItem granted again", "                  - dynamodb:UpdateItem\n",
                        "                  - dynamodb:UpdateItem\n                  - dynamodb:ConditionCheckItem\n",
                        IamInvariants::transactionGrants),
                breach("the priming's read widened to every record",
                        "                      - \"SNAPSTART-PRIMING#never-written\"\n",
                        "                      - \"SNAPSTART-PRIMING#never-written\"\n                      - \"PAYMENT#*\"\n",
                        IamInvariants::transactionGrants),
                breach("the single-write reads widened to the ledger",
                        "                    - !Sub \"arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${AWS::StackName}-accounts\"\n",
                        "                    - !Sub \"arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${AWS::StackName}-accounts\"\n"
                                + "                    - !Sub \"arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${AWS::StackName}-ledger\"\n",
                        IamInvariants::transactionGrants));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
