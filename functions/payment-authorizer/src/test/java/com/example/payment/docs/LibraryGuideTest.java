package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/library.md against the library's code: every relative link of the guide names a file that
 * exists (a link to a Java file is named after the type the file declares); every name in
 * backticks that looks like a type (UpperCamelCase) is declared by the library or a module the
 * guide documents, or is one of the outside names below; a type the guide places in a package
 * is declared there; and every attribute it says a record holds is one the receiver writes
 * ({@code IdempotencyRecordAttributes}).
 */
class LibraryGuideTest {

    static final String GUIDE = "docs/library.md";
    /** The sources whose types the guide may name: the library, the modules it stands on, its example. */
    static final List<String> SOURCES = List.of("libs/receiver/src/main/java", "libs/lambda-kit/src/main/java",
            "libs/receiver-record/src/main/java", "libs/receiver-testkit/src/main/java", "examples/stock-reservations/src/test/java");
    /** Where the record's attribute names are written. */
    static final List<String> RECORD_SOURCES = List.of("libs/receiver-record/src/main/java");
    /**
     * The outside names the guide cites in backticks: AWS operations, parameters and cancellation
     * codes (the API references it links), Powertools' types it compares with, the receiver's metric
     * names, and the JDK's and Lambda's types.
     */
    static final Set<String> OUTSIDE = Set.of(
            "TransactWriteItems", "PutItem", "UpdateItem", "DescribeTable", "DescribeTimeToLive", "SendMessageBatch",
            "ChangeMessageVisibility", "ChangeMessageVisibilityBatch", "ReturnValuesOnConditionCheckFailure",
            "None", "ConditionalCheckFailed", "TransactionConflict", "ThrottlingError",
            "BatchMessageHandlerBuilder", "IdempotencyValidationException",
            "DuplicateStore", "DuplicateFastPath",
            "SecureRandom", "System", "SQSBatchResponse", "SQSEvent");
    /** The sentence the guide lists a record's attributes in, then the list in parentheses. */
    static final Pattern RECORD_ATTRIBUTES = Pattern.compile("one record per decided key \\(([^)]*)\\)");

    private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)\\s]+)\\)");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern TYPE = Pattern.compile("^[A-Z][A-Za-z0-9]*(?:\\.[A-Z][A-Za-z0-9]*)*");
    private static final Pattern ATTRIBUTE = Pattern.compile("`([a-z][A-Za-z0-9_]*)`");
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

    /** Everything the guide {@code text} names that the code does not have, one line each. */
    static List<String> drifts(Path root, String text, LibraryTypes types, LibraryTypes record) {
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
        }
        Matcher attributes = RECORD_ATTRIBUTES.matcher(prose);
        while (attributes.find()) {
            Matcher attribute = ATTRIBUTE.matcher(attributes.group(1));
            while (attribute.find()) {
                if (!record.definesString(attribute.group(1))) {
                    drifts.add("`" + attribute.group(1) + "`: not an attribute the record is written with");
                }
            }
        }
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
