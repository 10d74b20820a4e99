package com.example.localaws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    void underMaven_theLocalAwsLogsInTheModulesTarget_andRecordsToTheProjectsRecording(LocalAws aws) throws IOException {
        // GIVEN the local AWS of this test JVM (surefire names a folder per fork, in the module's target)
        Path folder = LocalAwsFolder.of(aws.root());
        assertEquals(Path.of("target/local-aws").toAbsolutePath(), folder.getParent());
        assertTrue(folder.getFileName().toString().matches("fork-[0-9]+"), folder::toString);
        // THEN this run's launcher logs there and its Redis node keeps its cluster configuration there, not in the root's target
        List<String> starts = Files.readAllLines(folder.resolve("moto.log")).stream().filter(line -> line.startsWith("ready ")).toList();
        assertEquals("ready " + aws.endpoint().getPort(), starts.isEmpty() ? "none" : starts.get(starts.size() - 1),
                () -> folder + "/moto.log's last start, of " + starts);
        String nodes = Files.readString(folder.resolve("redis-0-nodes.conf"));
        assertTrue(nodes.contains(":" + aws.redis().port() + "@"), () -> folder + "/redis-0-nodes.conf: " + nodes);
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
