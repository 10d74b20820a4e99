package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every error name the deploy guide's runbook tells an operator to look for in a log line is one
 * the service answers: an error shape of its model (the AWS CLI's), a common error, or the AWS
 * SDK for Java's own. (The other docs name the project's and its libraries' own types.)
 */
class DocumentedErrorsTest {

    private static final ProjectDocs DOCS = ProjectDocs.ofThisProject();
    private static final DocumentedErrors ERRORS = new DocumentedErrors(ServiceModels.of(DOCS.root()));

    @TestFactory
    Stream<DynamicTest> everyErrorNameOfTheRunbook_isOneItsServiceAnswers() {
        return Stream.of(DocumentedCommands.DEPLOY_GUIDE)
                .flatMap(file -> ERRORS.check(file, DOCS.read(file)).stream())
                .map(error -> dynamicTest(error.where() + " " + error.text(),
                        () -> assertTrue(error.problems().isEmpty(), error::report)));
    }

    @Test
    void anErrorNameItsServiceDoesNotAnswer_isReported_withItsParagraph() {
        // GIVEN a paragraph about Secrets Manager naming an error of DynamoDB's and one of its own
        String markdown = "Intro.\n\nSecrets Manager answers `ConditionalCheckFailedException`\nor `InvalidRequestException`.\n";
        // WHEN its error names are checked
        List<CheckedStatement> failing = ERRORS.check("doc.md", markdown).stream()
                .filter(error -> !error.problems().isEmpty()).toList();
        // THEN only DynamoDB's is reported, at the paragraph's first line
        assertEquals(1, failing.size(), () -> "failing: " + failing);
        assertEquals(new Location("doc.md", 3), failing.get(0).where());
        assertTrue(failing.get(0).report().contains("ConditionalCheckFailedException is no error of secretsmanager's model"),
                failing.get(0)::report);
    }

    @Test
    void commonErrors_andTheSdksOwn_areKnownToEveryService() {
        // GIVEN a paragraph about KMS naming a common error and one of the SDK's client
        String markdown = "KMS answers `AccessDeniedException`; the SDK throws `SdkClientException`.\n";
        // WHEN checked THEN nothing is reported
        assertTrue(ERRORS.check("doc.md", markdown).stream().allMatch(error -> error.problems().isEmpty()));
    }
}
