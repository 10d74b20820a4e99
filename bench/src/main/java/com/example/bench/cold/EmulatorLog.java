package com.example.bench.cold;

import com.example.localaws.invoke.LambdaFunction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The runtime emulator's own log of a run ({@code <function>-rie.log}): how long its init and an invocation took. */
final class EmulatorLog {

    private static final Pattern INIT = Pattern.compile("INIT REPORT\\(durationMs: ([0-9.]+)\\)");

    private EmulatorLog() {
    }

    static double initMs(Path dir, LambdaFunction function) {
        Matcher matcher = INIT.matcher(read(dir.resolve(function.name() + "-rie.log")));
        if (!matcher.find()) {
            throw new IllegalStateException("no INIT REPORT in the emulator's log under " + dir);
        }
        return Double.parseDouble(matcher.group(1));
    }

    /**
     * The invocation as the emulator timed it in its own log: from {@code INVOKE START} of the
     * request to the runtime's answer ({@code INVOKE RTDONE ... duration}). (The {@code REPORT}
     * line's {@code Duration} of a first invocation includes the init, which the emulator runs
     * when the first invocation arrives.)
     */
    static double invokeMs(Path dir, LambdaFunction function, String requestId) {
        Pattern done = Pattern.compile("INVOKE START\\(requestId: " + Pattern.quote(requestId)
                + "\\).*?INVOKE RTDONE\\(status: success[^)]*?duration: ([0-9.]+)ms\\)", Pattern.DOTALL);
        for (int attempt = 0; attempt < 20; attempt++) {
            Matcher matcher = done.matcher(read(dir.resolve(function.name() + "-rie.log")));
            if (matcher.find()) {
                return Double.parseDouble(matcher.group(1));
            }
            pause();
        }
        throw new IllegalStateException("no INVOKE RTDONE for " + requestId + " in the emulator's log under " + dir);
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
