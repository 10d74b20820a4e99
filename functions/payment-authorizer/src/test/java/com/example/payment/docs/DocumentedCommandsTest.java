package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every statement of the code blocks of README.md, docs/*.md and events/README.md, and every
 * aws command of their running text, is checked against what it names: the Makefile,
 * samconfig.toml, template.yaml, pom.xml, the AWS CLI's service models and the repository's files. The second half shows that each check finds what it is
 * there to find.
 */
class DocumentedCommandsTest {

    private static final ProjectDocs DOCS = ProjectDocs.ofThisProject();
    private static final DocumentedCommands COMMANDS = DocumentedCommands.of(DOCS.root());

    @TestFactory
    Stream<DynamicTest> everyStatementOfTheDocs_namesWhatExists() {
        return DOCS.markdownFiles().stream()
                .flatMap(file -> COMMANDS.check(file, DOCS.read(file)).stream())
                .map(statement -> dynamicTest(statement.where() + " " + statement.text(),
                        () -> assertTrue(statement.problems().isEmpty(), statement::report)));
    }

    static Stream<Arguments> defects() {
        return Stream.of(
                Arguments.of("sh", "make no-such-target", "the Makefile has no target no-such-target"),
                Arguments.of("sh", "make up NO_SUCH_SETTING=1", "the Makefile does not read NO_SUCH_SETTING for up"),
                Arguments.of("sh", "make invoke EVENT=events/no-such-event.json", "events/no-such-event.json is no file of the repository"),
                Arguments.of("sh", "sam deploy --config-env staging", "samconfig.toml defines no environment staging"),
                Arguments.of("sh", "sam local invoke NoSuchFunction -e events/purchase.json", "template.yaml has no AWS::Serverless::Function NoSuchFunction"),
                Arguments.of("sh", "sam local invoke PaymentEventsFunction -e events/purchase.json",
                        "events/purchase.json is an SQS event, and PaymentEventsFunction receives DynamoDB events"),
                Arguments.of("sh", "sam local invoke DedupStoreSizeFunction -e events/payments.jsonl",
                        "events/payments.jsonl is no SQS, DynamoDB stream or scheduled event"),
                Arguments.of("sh", "sam local invoke PaymentAuthorizerFunction -e events/purchase.json --config-env prod",
                        "sam local invoke gets no variables file: pass --env-vars env.json, or set env_vars in samconfig.toml's [prod.local_invoke.parameters]"),
                Arguments.of("sh", "sam local invoke PaymentAuthorizerFunction -e events/purchase.json --env-vars no-env.json",
                        "no-env.json is no file of the repository"),
                Arguments.of("sh", "sam sync --watch", "`sam sync` is not checked here"),
                Arguments.of("sh", "aws dynamodb put-itme --table-name t --item '{}'", "the AWS CLI's service models have no operation `aws dynamodb put-itme`"),
                Arguments.of("sh", "aws sqs send-message --queue-url q --body '{}'", "--body is no option of aws sqs send-message"),
                Arguments.of("sh", "until [ \"$(aws dynamodb get-item --table-name t --query Item.status.S)\" != None ]; do sleep 5; done",
                        "aws dynamodb get-item needs --key"),
                Arguments.of("sh", "until [ -n \"x\" ]; do sleep a-while; done", "`sleep` takes whole seconds"),
                Arguments.of("sh", "aws ec2 describe-vpc-attribute --attribute enableDnsHostnames",
                        "aws ec2 describe-vpc-attribute needs --vpc-id (a required member of its input in the service's model)"),
                Arguments.of("sh", "aws dynamodb put-item --table-name t --item '{\"pk\":\"ACC-1\"}'", "--item attribute pk must be one {\"<type>\": value}"),
                Arguments.of("sh", "aws dynamodb get-item --table-name t --key '{\"pk\":{\"N\":7}}'", "--key attribute pk must be given as a JSON string"),
                Arguments.of("sh", "BODY='{\"headers\":'\naws sqs send-message --queue-url q --message-body \"$BODY\"", "--message-body is not JSON"),
                Arguments.of("sh", "aws sqs send-message --queue-url \"$QUEUE\" --message-body m", "$QUEUE is not assigned before in this file"),
                Arguments.of("sh", "STACK=s\nout() { aws cloudformation describe-stacks --stack-name \"$STACK\"; }\naws sqs purge-queue --queue-url \"$(out NoSuchOutput)\"",
                        "$(out NoSuchOutput): template.yaml has no Output NoSuchOutput"),
                Arguments.of("sh", "aws sqs purge-queue --queue-url \"$(out PaymentsQueueUrl)\"", "`out` is a kind of command this test does not check"),
                Arguments.of("sh", "testing/local-aws/no-such-script.sh", "testing/local-aws/no-such-script.sh is no file of the repository"),
                Arguments.of("sh", "infra/local-payments/accounts.json", "infra/local-payments/accounts.json is not executable"),
                Arguments.of("sh", "JAVA_HOME=$(testing/local-aws/no-jdk.sh) mvn -pl functions/no-such-module test", "pom.xml has no module functions/no-such-module"),
                Arguments.of("sh", "JAVA_HOME=$(testing/local-aws/no-jdk.sh) mvn -q install", "$(testing/local-aws/no-jdk.sh): testing/local-aws/no-jdk.sh is no file"),
                Arguments.of("sh", "mvn -pl functions/payment-authorizer test -Dtest='RedeliveryTest#noSuchCase*'", "-Dtest=RedeliveryTest#noSuchCase* matches no test"),
                Arguments.of("sh", "curl -X POST https://push.example.com/v1/notifications", "`curl` is a kind of command this test does not check"),
                Arguments.of("toml", "  \"EnableFastPath=true\",\n  \"NoSuchParameter=1\",", "template.yaml has no Parameter NoSuchParameter"),
                Arguments.of("mermaid", "sequenceDiagram\n  producer->>queue: send", "a mermaid block must be one of [flowchart, xychart-beta] diagrams, was 'sequenceDiagram'"),
                Arguments.of("java", "// examples/stock-reservations/src/test/java/com/example/stock/Reservation.java\nrecord Reservation(String id, int quantity) {\n}",
                        "the block is not in examples/stock-reservations/src/test/java/com/example/stock/Reservation.java as it is there"),
                Arguments.of("java", "// examples/stock-reservations/src/test/java/com/example/stock/NoSuchFile.java\nrecord Reservation() {\n}",
                        "NoSuchFile.java is no file"),
                Arguments.of("python", "print('hello')", "no check for python blocks"));
    }

    @Test
    void anAwsCommandInRunningText_withoutARequiredMember_isReported_withItsLine() {
        // GIVEN prose whose code span runs an aws command without a member its model requires
        String markdown = "Prose.\n\nCheck it (`aws ec2 describe-vpc-attribute\n--attribute enableDnsHostnames`), and\n`aws sqs start-message-move-task` names the redrive.\n";
        // WHEN its statements are checked
        List<CheckedStatement> failing = COMMANDS.check("doc.md", markdown).stream()
                .filter(statement -> !statement.problems().isEmpty()).toList();
        // THEN the span that runs the command is reported at its first line; the one that only names a command is not
        assertEquals(1, failing.size(), () -> "failing: " + failing);
        assertEquals(new Location("doc.md", 3), failing.get(0).where());
        assertTrue(failing.get(0).report().contains("aws ec2 describe-vpc-attribute needs --vpc-id"), failing.get(0)::report);
    }

    @Test
    void anAwsCommandOfTheDeployGuide_withoutItsRegion_isReported() {
        // GIVEN the deploy guide running an aws command in the CLI profile's Region
        String markdown = "```sh\naws sqs purge-queue --queue-url q\n```\n";
        // WHEN checked as docs/deploy.md, and as another doc
        List<String> inGuide = COMMANDS.check(DocumentedCommands.DEPLOY_GUIDE, markdown).get(0).problems();
        List<String> elsewhere = COMMANDS.check("doc.md", markdown).get(0).problems();
        // THEN only the guide is told to name it
        assertEquals(1, inGuide.size(), inGuide::toString);
        assertTrue(inGuide.get(0).contains("names no --region"), inGuide::toString);
        assertTrue(elsewhere.isEmpty(), elsewhere::toString);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("defects")
    void aStatementNamingWhatDoesNotExist_isReported_withItsLine(String language, String block, String problem) {
        // GIVEN a doc whose block (its last statement, for a shell block) names something that
        // does not exist; the block's lines start at line 3, after a line of prose and the fence
        String markdown = "Prose.\n```" + language + "\n" + block + "\n```\n";
        int line = language.equals("sh") ? 2 + block.split("\n").length : 3;
        // WHEN its statements are checked
        List<CheckedStatement> failing = COMMANDS.check("doc.md", markdown).stream()
                .filter(statement -> !statement.problems().isEmpty()).toList();
        // THEN exactly that one fails, reported with its file and line and what is wrong
        assertEquals(1, failing.size(), () -> "failing: " + failing);
        assertEquals(new Location("doc.md", line), failing.get(0).where(), failing.get(0)::report);
        assertTrue(failing.get(0).report().contains(problem), failing.get(0)::report);
    }
}
