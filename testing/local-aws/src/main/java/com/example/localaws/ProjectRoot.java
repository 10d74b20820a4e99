package com.example.localaws;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the project's root: the nearest folder, from the working directory up, with template.yaml. */
public final class ProjectRoot {

    private ProjectRoot() {
    }

    /** The root, or an exception naming the folder searched from. */
    public static Path find() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path candidate = dir; candidate != null; candidate = candidate.getParent()) {
            if (Files.isRegularFile(candidate.resolve("template.yaml"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no template.yaml in " + dir + " or any folder above it");
    }
}
