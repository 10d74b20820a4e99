package com.example.payment.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The types declared in a source tree (top-level and nested, by simple name, with the package of
 * the file that declares them), its packages and the string constants it defines: what the library
 * guide's names are checked against, read from the sources rather than from a list kept beside them.
 */
final class LibraryTypes {

    private static final Pattern DECLARATION = Pattern.compile(
            "\\b(?:class|interface|record|enum)\\s+([A-Z][A-Za-z0-9]*)");
    /** A declaration with its indentation and modifiers, to tell a public type from one its package keeps. */
    private static final Pattern MODIFIED_DECLARATION = Pattern.compile(
            "(?m)^([ \\t]*)((?:(?:public|protected|private|static|final|sealed|non-sealed|abstract)\\s+)*)"
                    + "(class|interface|record|enum)\\s+([A-Z][A-Za-z0-9]*)");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([a-z][a-z0-9.]*);", Pattern.MULTILINE);
    private static final Pattern STRING_CONSTANT = Pattern.compile(
            "static\\s+final\\s+String\\s+[A-Z_][A-Z0-9_]*\\s*=\\s*\"([^\"]*)\"");

    /** Simple name to the packages declaring a type of that name. */
    private final Map<String, Set<String>> packages = new HashMap<>();
    private final Set<String> constants = new HashSet<>();
    private final Set<String> packageNames = new HashSet<>();
    private final Set<String> publicTypes = new HashSet<>();

    private LibraryTypes() {
    }

    /** The types and constants of every {@code .java} file under the given source roots. */
    static LibraryTypes of(Path root, List<String> sourceRoots) {
        LibraryTypes types = new LibraryTypes();
        for (String sourceRoot : sourceRoots) {
            try (Stream<Path> files = Files.walk(root.resolve(sourceRoot))) {
                files.filter(file -> file.toString().endsWith(".java")).forEach(types::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + sourceRoot, e);
            }
        }
        return types;
    }

    private void add(Path file) {
        String source;
        try {
            source = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Matcher pkg = PACKAGE.matcher(source);
        String packageName = pkg.find() ? pkg.group(1) : "";
        String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
        Matcher declared = DECLARATION.matcher(code);
        while (declared.find()) {
            packages.computeIfAbsent(declared.group(1), name -> new HashSet<>()).add(packageName);
        }
        packageNames.add(packageName);
        Matcher modified = MODIFIED_DECLARATION.matcher(code);
        boolean publicInterface = false;
        while (modified.find()) {
            boolean topLevel = modified.group(1).isEmpty();
            boolean explicit = modified.group(2).contains("public");
            if (topLevel) {
                publicInterface = explicit && modified.group(3).equals("interface");
            }
            // A member of a public interface is public without the word; elsewhere only the word makes it so.
            if (explicit || !topLevel && publicInterface && !modified.group(2).contains("private")) {
                publicTypes.add(modified.group(4));
            }
        }
        Matcher constant = STRING_CONSTANT.matcher(code);
        while (constant.find()) {
            constants.add(constant.group(1));
        }
    }

    /** Whether a type of this simple name is declared (nested types by their own simple name). */
    boolean declares(String simpleName) {
        return packages.containsKey(simpleName);
    }

    /** The packages declaring a type of this simple name; empty when none does. */
    Set<String> packagesOf(String simpleName) {
        return packages.getOrDefault(simpleName, Set.of());
    }

    /** Whether a type of this simple name is declared public (a public interface's members are). */
    boolean declaresPublic(String simpleName) {
        return publicTypes.contains(simpleName);
    }

    /** Whether a file of the sources is in {@code packageName} or a package under it. */
    boolean hasPackage(String packageName) {
        return packageNames.stream().anyMatch(name -> name.equals(packageName) || name.startsWith(packageName + "."));
    }

    /** Whether one of the string constants of the sources has this value. */
    boolean definesString(String value) {
        return constants.contains(value);
    }
}
