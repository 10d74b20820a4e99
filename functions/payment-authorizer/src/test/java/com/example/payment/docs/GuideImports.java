package com.example.payment.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What docs/library.md's examples import of the library and the Lambda kit (the Java blocks of the
 * guide, and every source of its complete example), and the types its API table ("What you touch,
 * and what you need not": the table headed {@code | type | guide section |}) lists.
 */
final class GuideImports {

    /** The packages whose types an adopter's code imports from the library: the receiver's and the Lambda kit's. */
    private static final Pattern LIBRARY_IMPORT = Pattern.compile(
            "(?m)^import\\s+(com\\.example\\.(?:receiver|lambdakit)(?:\\.[a-z][a-z0-9]*)*\\.[A-Z][A-Za-z0-9]*);");
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?s)```java\\n// (\\S+)\\n(.*?)```");
    private static final String API_TABLE = "| type | guide section |";
    private static final Pattern TYPE = Pattern.compile("`([A-Z][A-Za-z0-9]*)");

    private GuideImports() {
    }

    /** Each qualified name imported of the library, to the file (its name) that imports it first. */
    static Map<String, String> of(Path root, String guide, String exampleSources) {
        Map<String, String> imports = new TreeMap<>();
        Matcher block = JAVA_BLOCK.matcher(guide);
        while (block.find()) {
            add(imports, Path.of(block.group(1)).getFileName().toString(), block.group(2));
        }
        try (Stream<Path> files = Files.walk(root.resolve(exampleSources))) {
            files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(file -> {
                try {
                    add(imports, file.getFileName().toString(), Files.readString(file));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + file, e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + exampleSources, e);
        }
        return imports;
    }

    /** The simple names of the types the guide's API table lists (nested ones too, as its cells give them). */
    static Set<String> apiTable(String guide) {
        Set<String> listed = new LinkedHashSet<>();
        int start = guide.indexOf(API_TABLE);
        if (start < 0) {
            return listed;
        }
        for (String row : guide.substring(start).lines().skip(2).takeWhile(line -> line.startsWith("|")).toList()) {
            Matcher type = TYPE.matcher(row.split("\\|")[1]);
            while (type.find()) {
                listed.add(type.group(1));
            }
        }
        return listed;
    }

    private static void add(Map<String, String> imports, String file, String source) {
        Matcher imported = LIBRARY_IMPORT.matcher(source);
        while (imported.find()) {
            imports.putIfAbsent(imported.group(1), file);
        }
    }
}
