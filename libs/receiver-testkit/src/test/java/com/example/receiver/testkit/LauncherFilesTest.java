package com.example.receiver.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The launcher's files from the kit's classpath, copied once per content into the cache; the cache's folder by its settings. */
class LauncherFilesTest {

    @Test
    void theLauncherAndItsRequirements_areCopiedAsTheJarHoldsThem() throws Exception {
        // WHEN the launcher's files are read and copied
        SortedMap<String, byte[]> files = LauncherFiles.read();
        Path copy = LauncherFiles.extracted();
        // THEN the kit carries every file of the launcher's sources (its modules, the pinned requirements)
        try (Stream<Path> sources = Files.list(Path.of("src/main/python"))) {
            assertEquals(sources.filter(Files::isRegularFile).map(file -> file.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new)), files.keySet());
        }
        assertTrue(files.containsKey(LauncherFiles.LAUNCHER), files.keySet().toString());
        // AND the copy holds each, byte for byte
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            assertArrayEquals(file.getValue(), Files.readAllBytes(copy.resolve(file.getKey())), file.getKey());
        }
        // AND the copy is named by its content
        assertEquals("launcher-" + LauncherFiles.digest(files), copy.getFileName().toString());
    }

    @Test
    void theCacheFolder_isThePropertysElseTheVariablesElseTheUsersCache() {
        Map<String, String> home = Map.of("user.home", "/home/dev");
        assertEquals(Path.of("/srv/cache"), KitCache.folder(Map.of(KitCache.PROPERTY, "/srv/cache"), Map.of(KitCache.VARIABLE, "/x")));
        assertEquals(Path.of("/x"), KitCache.folder(home, Map.of(KitCache.VARIABLE, "/x")));
        assertEquals(Path.of("/xdg/receiver-testkit"), KitCache.folder(home, Map.of("XDG_CACHE_HOME", "/xdg")));
        assertEquals(Path.of("/home/dev/.cache/receiver-testkit"), KitCache.folder(home, Map.of()));
    }
}
