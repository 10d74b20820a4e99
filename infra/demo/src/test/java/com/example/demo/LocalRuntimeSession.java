package com.example.demo;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test's own {@code make up}: the local runtime's command line run against a state folder of the
 * test's ({@link LocalCli}), what it started stopped after the test, and on a failure the notifier's
 * and the push API's logs kept in the report ({@link FunctionLogsOnFailure}).
 */
abstract class LocalRuntimeSession {

    @TempDir
    Path stateDir;

    @RegisterExtension
    final FunctionLogsOnFailure logsOnFailure = new FunctionLogsOnFailure(() -> stateDir);

    @AfterEach
    void stopWhatIsLeft() {
        run("down");
    }

    /** Runs {@code make <command>} with {@code options} against this test's state folder. */
    LocalCli.Result run(String command, String... options) {
        return new LocalCli(stateDir).run(command, options);
    }
}
