package com.example.localpayments.cli;

/**
 * What the command line does with its libraries' SLF4J lines (the AWS SDK's, Jedis's): nothing,
 * as SLF4J does when no provider is on the class path, but without SLF4J's three warning lines
 * saying so on every command ({@code No SLF4J providers were found}). Its stdout is one JSON
 * document and its stderr the command's own progress; the functions it runs log in their own
 * processes. A provider given with {@code -Dslf4j.provider} is left as it is.
 */
final class LibraryLogging {

    /** SLF4J's own no-operation provider, in slf4j-api (https://www.slf4j.org/codes.html#noProviders). */
    static final String NO_OPERATION = "org.slf4j.helpers.NOP_FallbackServiceProvider";

    private LibraryLogging() {
    }

    /** Before any library logs: SLF4J's no-operation provider, chosen explicitly, and its own notes only from warnings up. */
    static void silence() {
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", NO_OPERATION);
            System.setProperty("slf4j.internal.verbosity", "WARN");
        }
    }
}
