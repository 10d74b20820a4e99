package com.example.localpayments.cli;

import org.slf4j.LoggerFactory;

/** A command line's JVM in miniature for {@link LibraryLoggingTest}: a library logs a warning, after {@code silence} or not. */
final class LibraryLoggingProbe {

    private LibraryLoggingProbe() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("silence")) {
            LibraryLogging.silence();
        }
        LoggerFactory.getLogger("a.library").warn("a library's warning");
    }
}
