package com.example.payment.docs;

import com.example.localaws.ProjectRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files under test, named relative to the project's root: the Markdown of README.md,
 * docs/*.md and events/README.md, and every other file of events/ (the SQS events and
 * {@code payments.jsonl}).
 */
final class ProjectDocs {

    private final Path root;

    private ProjectDocs(Path root) {
        this.root = root;
    }

    /** The docs of the project this test runs in. */
    static ProjectDocs ofThisProject() {
        return new ProjectDocs(ProjectRoot.find());
    }

    static ProjectDocs at(Path root) {
        return new ProjectDocs(root);
    }

    Path root() {
        return root;
    }

    /** README.md, then docs/*.md in name order, then events/README.md. */
    List<String> markdownFiles() {
        List<String> files = new ArrayList<>();
        files.add("README.md");
        files.addAll(listed("docs", ".md"));
        files.add("events/README.md");
        return files;
    }

    /** Every file of events/ and its folders but its README, in name order. */
    List<String> eventFiles() {
        try (Stream<Path> walk = Files.walk(root.resolve("events"))) {
            return walk.filter(Files::isRegularFile)
                    .map(file -> root.relativize(file).toString().replace('\\', '/'))
                    .filter(name -> !name.equals("events/README.md"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list events/", e);
        }
    }

    String read(String file) {
        try {
            return Files.readString(root.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private List<String> listed(String folder, String suffix) {
        try (Stream<Path> list = Files.list(root.resolve(folder))) {
            return list.map(file -> folder + "/" + file.getFileName())
                    .filter(name -> name.endsWith(suffix))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
    }
}
