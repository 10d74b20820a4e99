package com.example.localaws.make;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.ProjectRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * make release builds from a commit alone: a tree with a change or a file git does not track is
 * refused, naming each such file, and a version already tagged is not released again. Each case
 * runs the real {@code make release} in a scratch git repository holding the project's Makefile and
 * release scripts, committed, so that the checkout itself is never made dirty and no build starts
 * (the refusals come before any: no {@code target/} appears). About a second in all; the release
 * itself, run twice on one commit, is docs/release.md's.
 */
class ReleaseRefusalsTest {

    private static final Path ROOT = ProjectRoot.find();
    private static final List<String> COPIED = List.of("Makefile", "infra/release/release.sh", "infra/release/set-version.sh",
            "infra/release/changelog.sh", "testing/local-aws/jdk.sh");

    @TempDir
    Path repository;

    @BeforeEach
    void aCommittedCopyOfTheReleaseScripts() throws IOException {
        for (String file : COPIED) {
            Path copy = repository.resolve(file);
            Files.createDirectories(copy.getParent());
            Files.copy(ROOT.resolve(file), copy);
            copy.toFile().setExecutable(Files.isExecutable(ROOT.resolve(file)));
        }
        git("init", "-q");
        git("add", "-A");
        git("commit", "-q", "-m", "the release scripts");
    }

    @Test
    void aChangedOrUntrackedFile_isRefused_namingEachFile_beforeAnyBuild() throws IOException {
        // GIVEN a tracked file changed and a file git does not track
        Files.writeString(repository.resolve("infra/release/changelog.sh"), "\n", StandardOpenOption.APPEND);
        Files.writeString(repository.resolve("notes.txt"), "draft\n");
        // WHEN a release is asked for
        ProcessRun run = run(List.of("make", "--no-print-directory", "release", "VERSION=1.2.0"));
        // THEN exit 2, each file named, and nothing built
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().contains("the tree is not clean; a release is built from a commit alone. Commit or remove:"), run::toString);
        assertTrue(run.err().contains(" M infra/release/changelog.sh"), run::toString);
        assertTrue(run.err().contains("?? notes.txt"), run::toString);
        assertFalse(Files.exists(repository.resolve("target")), "a build started: target/ exists");
    }

    @Test
    void aVersionAlreadyTagged_isRefused_beforeAnyBuild() {
        // GIVEN a clean tree whose commit is tagged v1.2.0 already
        git("tag", "-a", "v1.2.0", "-m", "release 1.2.0");
        // WHEN the same version is released again with TAG=yes
        ProcessRun run = run(List.of("make", "--no-print-directory", "release", "VERSION=1.2.0", "TAG=yes"));
        // THEN exit 2, the tag named, and nothing built
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().contains("tag v1.2.0 exists already: a version is released once"), run::toString);
        assertFalse(Files.exists(repository.resolve("target")), "a build started: target/ exists");
    }

    // ------------------------------------------------------------------ helpers

    private void git(String... arguments) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        ProcessRun run = run(command);
        assertEquals(0, run.status(), run::toString);
    }

    private ProcessRun run(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).directory(repository.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("GIT_AUTHOR_NAME", "release test");
        builder.environment().put("GIT_AUTHOR_EMAIL", "release-test@example.com");
        builder.environment().put("GIT_COMMITTER_NAME", "release test");
        builder.environment().put("GIT_COMMITTER_EMAIL", "release-test@example.com");
        builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        return ProcessRun.of(builder);
    }
}
