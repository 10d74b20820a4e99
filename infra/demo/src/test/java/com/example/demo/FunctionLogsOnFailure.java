package com.example.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * When a test of the local runtime fails, the logs {@code make up} and {@code make drain} left in its
 * state folder join the failure (a suppressed error in the surefire report): the notifier's (its
 * credential reads, each notification's outcome), its runtime emulator's, and the push API's
 * requests with their statuses. The state folder is temporary and goes with the test; without this,
 * a notifier that retried every notification under load would not say why.
 */
final class FunctionLogsOnFailure implements AfterTestExecutionCallback {

    /** The logs kept, as the state folder names them. */
    static final List<String> LOGS = List.of("PaymentNotifierFunction.log", "PaymentNotifierFunction-rie.log", "push-api.log");
    /** The lines kept of each: its last. */
    static final int LAST_LINES = 200;

    private final Supplier<Path> stateDir;

    FunctionLogsOnFailure(Supplier<Path> stateDir) {
        this.stateDir = stateDir;
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        context.getExecutionException().ifPresent(failure -> failure.addSuppressed(new AssertionError(logs(stateDir.get()))));
    }

    /** The last lines of each kept log of {@code folder}, each under its name; the missing ones named too. */
    static String logs(Path folder) {
        StringBuilder text = new StringBuilder("the notifier's and the push API's logs of this test's make up (last lines):");
        for (String name : LOGS) {
            Path log = folder.resolve(name);
            if (!Files.exists(log)) {
                text.append("\n== ").append(name).append(": none");
                continue;
            }
            List<String> lines = read(log);
            text.append("\n== ").append(name).append(" (").append(Math.min(LAST_LINES, lines.size())).append(" of ")
                    .append(lines.size()).append(" lines)");
            lines.subList(Math.max(0, lines.size() - LAST_LINES), lines.size()).forEach(line -> text.append('\n').append(line));
        }
        return text.toString();
    }

    private static List<String> read(Path log) {
        try {
            return Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
