package com.example.sim.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The folder {@code make last-release} builds, for the tests that load the release. */
public final class LastRelease {

    private LastRelease() {
    }

    /** {@code target/last-release/<version>}, built here if it is not yet (once per release; a step of make test before). */
    public static Path folder() throws IOException, InterruptedException {
        Process build = new ProcessBuilder("../infra/release/last-release.sh", "--build")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, build.waitFor(), "infra/release/last-release.sh --build failed");
        return Path.of(out.lines().reduce((first, last) -> last).orElseThrow());
    }
}
