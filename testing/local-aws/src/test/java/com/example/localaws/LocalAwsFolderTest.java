package com.example.localaws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Each test JVM's local AWS keeps its servers' files in a folder of its own in its module, so
 * that two modules tested side by side ({@code make test-java}'s {@code -T 2}), or two forks of
 * one, never share a Redis node's cluster configuration or a launcher's log; the functions'
 * calls still go to the one recording the rehearsal reads.
 */
@ExtendWith(LocalAwsExtension.class)
class LocalAwsFolderTest {

    @Test
    void underMaven_theLocalAwsLogsInTheModulesTarget_andRecordsToTheProjectsRecording(LocalAws aws) {
        // GIVEN the local AWS of this test JVM (surefire names a folder per fork, in the module's target)
        Path folder = LocalAwsFolder.of(aws.root());
        assertEquals(Path.of("target/local-aws").toAbsolutePath(), folder.getParent());
        assertTrue(folder.getFileName().toString().matches("fork-[0-9]+"), folder::toString);
        // THEN its launcher's log and its Redis node's files are there, not in the root's target
        assertTrue(Files.isRegularFile(folder.resolve("moto.log")), () -> folder + " has no moto.log");
        assertTrue(Files.isRegularFile(folder.resolve("redis-0-nodes.conf")), () -> folder + " has no redis-0-nodes.conf");
        // AND the calls of local functions are recorded to the project's recording, under the root
        assertEquals(aws.root().resolve("target/local-aws/calls.jsonl"), aws.moto().calls());
    }

    @Test
    void withoutTheProperty_theFolderIsTheRootsTarget_asMakeUpKeepsIt() {
        Path root = Path.of("/project");
        assertEquals(root.resolve("target/local-aws"), LocalAwsFolder.of(root, Map.of()));
        assertEquals(root.resolve("target/local-aws"), LocalAwsFolder.of(root, Map.of(LocalAwsFolder.PROPERTY, " ")));
        assertEquals(Path.of("/elsewhere/local-aws"), LocalAwsFolder.of(root, Map.of(LocalAwsFolder.PROPERTY, "/elsewhere/local-aws")));
    }
}
