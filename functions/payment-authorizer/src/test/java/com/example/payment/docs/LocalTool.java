package com.example.payment.docs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A documented command of a local, side-effect-free tool (the signing example's {@code openssl},
 * {@code date}, {@code printf}, {@code cut}), checked by running it: a shell variable in an
 * argument becomes a sample value, stdin is empty, and the tool must accept the arguments (exit
 * status 0 within 10 s). {@code openssl} only for the subcommands the docs use, which read and
 * write nothing but stdin and stdout.
 */
final class LocalTool {

    private static final Set<String> OPENSSL_SUBCOMMANDS = Set.of("rand", "dgst");

    private LocalTool() {
    }

    static List<String> run(List<String> args) {
        if (args.get(0).equals("openssl") && (args.size() < 2 || !OPENSSL_SUBCOMMANDS.contains(args.get(1)))) {
            return List.of("openssl is checked only for " + OPENSSL_SUBCOMMANDS + ": add a check for `" + String.join(" ", args) + "`");
        }
        List<String> command = new ArrayList<>();
        for (String arg : args) {
            command.add(arg.contains("$") ? "sample" : unquoted(arg));
        }
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return List.of("`" + String.join(" ", command) + "` did not end within 10 s");
            }
            return process.exitValue() == 0 ? List.of()
                    : List.of("`" + String.join(" ", command) + "` exited with " + process.exitValue() + ": " + output.strip());
        } catch (IOException e) {
            return List.of("`" + args.get(0) + "` cannot be run here: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of("interrupted");
        }
    }

    private static String unquoted(String word) {
        if (word.length() >= 2 && (word.startsWith("'") && word.endsWith("'") || word.startsWith("\"") && word.endsWith("\""))) {
            return word.substring(1, word.length() - 1);
        }
        return word;
    }
}
