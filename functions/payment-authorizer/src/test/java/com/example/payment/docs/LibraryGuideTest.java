package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/library.md against the library's code: every relative link of the guide names a file that
 * exists (a link to a Java file is named after the type the file declares); every name in
 * backticks that looks like a type (UpperCamelCase) is declared, public, by the library or a module the
 * guide documents, or is one of the outside names below; a type the guide places in a package
 * (a table row's package cell, a package-qualified name, a sentence's "in `com.example...`") is
 * declared there ({@link LibraryGuidePlaces}); every attribute it says a record holds is one the
 * receiver writes ({@code IdempotencyRecordAttributes}); and every type of the library or the
 * Lambda kit its examples import (its Java blocks, the complete example's sources) is in its API
 * table ({@link GuideImports}). What the receiver answers for each outcome is checked by running it
 * (libs/receiver's {@code GuideOutcomesTest}).
 */
class LibraryGuideTest {

    static final String GUIDE = "docs/library.md";
    /** The sources whose types the guide may name: the library, the modules it stands on, its example. */
    static final List<String> SOURCES = List.of("libs/receiver/src/main/java", "libs/lambda-kit/src/main/java",
            "libs/receiver-record/src/main/java", "libs/receiver-testkit/src/main/java", "examples/stock-reservations/src/test/java");
    /** The complete example the guide shows, whose imports of the library must be in its API table. */
    static final String EXAMPLE = "examples/stock-reservations/src";
    /** Where the record's attribute names are written. */
    static final List<String> RECORD_SOURCES = List.of("libs/receiver-record/src/main/java");
    /**
     * The outside names the guide cites in backticks: AWS operations, parameters and cancellation
     * codes (the API references it links), Powertools' types it compares with, the receiver's metric
     * names, and the JDK's and Lambda's types.
     */
    static final Set<String> OUTSIDE = Set.of(
            "TransactWriteItems", "PutItem", "UpdateItem", "GetItem", "DescribeTable", "DescribeTimeToLive", "SendMessageBatch",
            "ChangeMessageVisibility", "ChangeMessageVisibilityBatch", "ReturnValuesOnConditionCheckFailure",
            "None", "ConditionalCheckFailed", "TransactionConflict", "ThrottlingError", "ReplicatedWriteConflictException",
            "BatchMessageHandlerBuilder", "IdempotencyValidationException",
            "DuplicateStore", "DuplicateFastPath",
            "SecureRandom", "System", "SQSBatchResponse", "SQSEvent", "IllegalArgumentException", "TableName");

    private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)\\s]+)\\)");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern TYPE = Pattern.compile("^[A-Z][A-Za-z0-9]*(?:\\.[A-Z][A-Za-z0-9]*)*");
    private static final Pattern LIBRARY_PACKAGE = Pattern.compile("`(com\\.example\\.[a-z.]+)`");

    @Test
    void theLibraryGuide_namesWhatTheCodeHas() {
        ProjectDocs docs = ProjectDocs.ofThisProject();
        LibraryTypes types = LibraryTypes.of(docs.root(), SOURCES);
        LibraryTypes record = LibraryTypes.of(docs.root(), RECORD_SOURCES);
        assertEquals(List.of(), drifts(docs.root(), docs.read(GUIDE), types, record));
    }

    @Test
    void aTypeInTheWrongPackage_aMissingFile_anUnknownTypeAndAnUnwrittenAttribute_areEachNamed() {
        // GIVEN a guide that places a type in a package that does not declare it, links a file that
        // does not exist, names a type nobody declares and an attribute the record does not hold
        ProjectDocs docs = ProjectDocs.ofThisProject();
        String page = """
                | `TransactionalEffect` | `com.example.receiver.lambda` |
                See [`Outcome`](../libs/receiver/src/main/java/com/example/receiver/Outcomes.java), `Nowhere`,
                one record per decided key (`status`, `decidedAt`).
                """;
        // WHEN it is checked THEN each is named
        assertEquals(List.of(
                        "`TransactionalEffect` is not in com.example.receiver.lambda (declared in [com.example.receiver.dynamodb])",
                        "[`Outcome`](../libs/receiver/src/main/java/com/example/receiver/Outcomes.java): no such file",
                        "`Nowhere`: no such type in the library, its modules or the outside names",
                        "`decidedAt`: not an attribute the record is written with"),
                drifts(docs.root(), page, LibraryTypes.of(docs.root(), SOURCES), LibraryTypes.of(docs.root(), RECORD_SOURCES)));
    }

    @Test
    void aQualifiedNameOrASentenceThatMisplacesAType_aTypeNotPublic_andARecordsUnwrittenAttribute_areEachNamed() {
        // GIVEN a guide that places types by a sentence and by qualified names, and gives a record an attribute
        ProjectDocs docs = ProjectDocs.ofThisProject();
        String page = """
                `TransactionalEffect` and `EffectVerdict` are in `com.example.receiver.internal.dynamodb`.
                See `com.example.receiver.lambda.Outcome` and `com.example.receiver.nowhere`.
                The record's `decidedAt` says when; `ReceiverAssembly` wires it.
                """;
        // WHEN it is checked THEN each is named
        assertEquals(List.of(
                        "`ReceiverAssembly`: not a public type of the library",
                        "`com.example.receiver.lambda.Outcome`: Outcome is not in com.example.receiver.lambda"
                                + " (declared in [com.example.receiver])",
                        "`com.example.receiver.nowhere`: no such package in the library or its modules",
                        "`TransactionalEffect` is not in com.example.receiver.internal.dynamodb"
                                + " (declared in [com.example.receiver.dynamodb])",
                        "`EffectVerdict` is not in com.example.receiver.internal.dynamodb"
                                + " (declared in [com.example.receiver.dynamodb])",
                        "`decidedAt`: not an attribute the record is written with"),
                drifts(docs.root(), page, LibraryTypes.of(docs.root(), SOURCES), LibraryTypes.of(docs.root(), RECORD_SOURCES)));
    }

    @Test
    void everyLibraryTypeTheExamplesImport_isInTheApiTable() {
        // GIVEN the guide's Java blocks and the example's sources, WHEN their imports of the library and the
        // Lambda kit are read THEN each imported type is a type of the guide's API table
        ProjectDocs docs = ProjectDocs.ofThisProject();
        assertEquals(List.of(), unlisted(docs.read(GUIDE), GuideImports.of(docs.root(), docs.read(GUIDE), EXAMPLE)));
    }

    @Test
    void anImportedTypeMissingFromTheApiTable_isNamedWithItsFile() {
        String page = """
                | type | guide section |
                |---|---|
                | [`MessageParser`](../libs/receiver/src/main/java/com/example/receiver/MessageParser.java) | What you write |
                """;
        assertEquals(List.of("`Environment` (imported by StockFunction.java): not in the API table"),
                unlisted(page, Map.of("com.example.receiver.MessageParser", "ReservationParser.java",
                        "com.example.lambdakit.config.Environment", "StockFunction.java")));
    }

    /** Each imported type ({@code imports}: qualified name to the file importing it) the guide's API table lacks. */
    static List<String> unlisted(String guide, Map<String, String> imports) {
        Set<String> listed = GuideImports.apiTable(guide);
        List<String> drifts = new ArrayList<>();
        imports.forEach((qualified, file) -> {
            String simple = qualified.substring(qualified.lastIndexOf('.') + 1);
            if (!listed.contains(simple)) {
                drifts.add("`" + simple + "` (imported by " + file + "): not in the API table");
            }
        });
        return drifts;
    }

    /** Everything the guide {@code text} names that the code does not have, one line each. */
    static List<String> drifts(Path root, String text, LibraryTypes types, LibraryTypes record) {
        LibraryTypes example = LibraryTypes.of(root, List.of(EXAMPLE));
        String prose = FENCE.matcher(text).replaceAll("");
        Set<String> drifts = new LinkedHashSet<>();
        for (String row : prose.split("\n")) {
            Matcher pkg = LIBRARY_PACKAGE.matcher(row);
            if (row.startsWith("|") && pkg.find()) {
                String packageName = pkg.group(1);
                Matcher code = CODE.matcher(row.split("\\|")[1]);
                while (code.find()) {
                    typeName(code.group(1)).filter(name -> !types.packagesOf(name).isEmpty()
                                    && !types.packagesOf(name).contains(packageName))
                            .ifPresent(name -> drifts.add("`" + name + "` is not in " + packageName
                                    + " (declared in " + types.packagesOf(name).stream().sorted().toList() + ")"));
                }
            }
        }
        Matcher link = LINK.matcher(prose);
        while (link.find()) {
            String target = link.group(2);
            if (target.startsWith("http") || target.startsWith("#")) {
                continue;
            }
            Path file = root.resolve("docs").resolve(target.replaceFirst("#.*", "")).normalize();
            if (!Files.exists(file)) {
                drifts.add(link.group() + ": no such file");
            } else if (target.endsWith(".java")) {
                String declared = file.getFileName().toString().replace(".java", "");
                typeName(link.group(1).replace("`", "")).filter(name -> !name.equals(declared))
                        .ifPresent(name -> drifts.add(link.group() + ": the file declares " + declared + ", not " + name));
            }
        }
        Matcher code = CODE.matcher(prose);
        while (code.find()) {
            typeName(code.group(1)).filter(name -> !types.declares(name) && !OUTSIDE.contains(name))
                    .ifPresent(name -> drifts.add("`" + name + "`: no such type in the library, its modules or the outside names"));
            typeName(code.group(1)).filter(name -> types.declares(name) && !types.declaresPublic(name)
                            && !example.declares(name))
                    .ifPresent(name -> drifts.add("`" + name + "`: not a public type of the library"));
        }
        drifts.addAll(LibraryGuidePlaces.drifts(prose, types));
        drifts.addAll(LibraryGuidePlaces.recordDrifts(prose, record));
        return new ArrayList<>(drifts);
    }

    /** The last simple name of a type-looking span ({@code EffectVerdict.Decline} is {@code Decline}); empty otherwise. */
    private static java.util.Optional<String> typeName(String span) {
        Matcher type = TYPE.matcher(span);
        if (!type.find() || type.group().chars().noneMatch(Character::isLowerCase)) {
            return java.util.Optional.empty();
        }
        String[] parts = type.group().split("\\.");
        return java.util.Optional.of(parts[parts.length - 1]);
    }
}
