package com.example.receiver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.localaws.ProjectRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What is under {@code com.example.receiver.internal} is the library's, free to change between
 * releases (docs/library.md, "What you touch"): no Java file of this repository outside
 * {@code libs/} names it, main or test code, through an import or a qualified name. Text in a
 * string literal or a text block is not a use (a flight recording's filter naming a method, a docs
 * test quoting a drift). Plain source scanning: each file's lines, its strings blanked.
 */
class InternalsStayInsideTest {

    private static final Pattern INTERNAL = Pattern.compile("com\\.example\\.receiver\\.internal\\b");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:\\\\.|[^\"\\\\\\n])*\"");
    private static final String TEXT_BLOCK = "\"\"\"";
    /** Folders never scanned wherever they are: build output and installed tools (hidden ones too). */
    private static final Set<String> BUILT = Set.of("target", "node_modules");
    @Test
    void noJavaFileOutsideTheLibrary_namesItsInternals() {
        Map<String, List<String>> uses = uses(ProjectRoot.find());
        assertEquals(Map.of(), uses, "files outside libs/ naming com.example.receiver.internal (use the public edge:"
                + " ReceiverVariables, ReceiverWindows, ReceiverMetrics, the builder and the test kit)");
    }

    @Test
    void anImportAQualifiedNameAndAStaticImport_areUses_butAStringOrATextBlockIsNot(@TempDir Path root) throws IOException {
        // GIVEN files outside libs/ with each kind of use, and text that only quotes the package
        write(root, "sim/src/main/java/A.java", "import com.example.receiver.internal.Store;\nclass A {}\n");
        write(root, "infra/x/src/test/java/B.java", "class B { com.example.receiver.internal.config.ReceiverConfig c; }\n");
        write(root, "bench/C.java", "import static com.example.receiver.internal.sqs.SoonRedelivery.LONGEST_SECONDS;\n");
        write(root, "bench/D.java", "class D { String f = \"com.example.receiver.internal.redis.ClusterTopology::provider\"; }\n");
        write(root, "functions/E.java", "class E { String t = \"\"\"\n    | `com.example.receiver.internal.dynamodb` |\n    \"\"\"; }\n");
        // AND the library's own, and a build's output
        write(root, "libs/receiver/src/main/java/F.java", "import com.example.receiver.internal.Store;\n");
        write(root, "sim/target/generated-sources/G.java", "import com.example.receiver.internal.Store;\n");
        // WHEN scanned THEN each use is named with its line, and nothing else
        assertEquals(Map.of(
                        "bench/C.java", List.of("1: import static com.example.receiver.internal.sqs.SoonRedelivery.LONGEST_SECONDS;"),
                        "infra/x/src/test/java/B.java", List.of("1: class B { com.example.receiver.internal.config.ReceiverConfig c; }"),
                        "sim/src/main/java/A.java", List.of("1: import com.example.receiver.internal.Store;")),
                uses(root));
    }

    /** Every Java file under {@code root} outside the skipped folders, by its path from the root, with its lines that use the internals. */
    private static Map<String, List<String>> uses(Path root) {
        Map<String, List<String>> uses = new TreeMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    boolean skipped = !dir.equals(root) && (name.startsWith(".") || BUILT.contains(name)
                            || dir.equals(root.resolve("libs")));
                    return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    if (file.toString().endsWith(".java")) {
                        List<String> lines = usingLines(Files.readAllLines(file));
                        if (!lines.isEmpty()) {
                            uses.put(root.relativize(file).toString().replace('\\', '/'), lines);
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return uses;
    }

    /** The lines of a source that name the internals outside its strings and text blocks, numbered. */
    private static List<String> usingLines(List<String> source) {
        List<String> using = new ArrayList<>();
        boolean inTextBlock = false;
        for (int i = 0; i < source.size(); i++) {
            String line = source.get(i);
            StringBuilder code = new StringBuilder();
            String[] parts = line.split(TEXT_BLOCK, -1);
            for (int part = 0; part < parts.length; part++) {
                if (part > 0) {
                    inTextBlock = !inTextBlock;
                }
                if (!inTextBlock) {
                    code.append(STRING_LITERAL.matcher(parts[part]).replaceAll("\"\"")).append(' ');
                }
            }
            if (INTERNAL.matcher(code).find()) {
                using.add((i + 1) + ": " + line.strip());
            }
        }
        return using;
    }

    private static void write(Path root, String file, String text) throws IOException {
        Path path = root.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }
}
