package com.example.localpayments.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a command works and writes: the project's root, the folder of the state file and logs,
 * stdout for its JSON document only, stderr for progress.
 */
record Console(Path root, Path stateDir, PrintStream out, PrintStream err) {

    Console {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
    }

    void progress(String format, Object... args) {
        err.println("local-aws: " + String.format(format, args));
    }
}
