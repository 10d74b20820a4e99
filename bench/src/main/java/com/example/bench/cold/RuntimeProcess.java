package com.example.bench.cold;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The function's own JVM under the emulator (the emulator's child), seen from outside: its peak
 * resident set from {@code /proc}, and its heap after a full GC through {@code jcmd}.
 */
record RuntimeProcess(long pid) {

    private static final Pattern VM_HWM = Pattern.compile("^VmHWM:\\s+(\\d+) kB", Pattern.MULTILINE);
    private static final Pattern HEAP_USED = Pattern.compile(
            "(?m)^\\s*(?:garbage-first heap|def new generation|tenured generation|PSYoungGen|ParOldGen)\\s.*?used (\\d+)K");

    /** The emulator this process started, which starts the runtime JVM at its first invocation. */
    static RuntimeProcess emulator() {
        List<ProcessHandle> emulators = ProcessHandle.current().children()
                .filter(child -> child.info().command().orElse("").endsWith("aws-lambda-rie"))
                .toList();
        if (emulators.size() != 1) {
            throw new IllegalStateException("expected one emulator, found " + emulators.size());
        }
        return new RuntimeProcess(emulators.get(0).pid());
    }

    /** The one function JVM running under an emulator this process started. */
    static RuntimeProcess underTheEmulator() {
        List<ProcessHandle> runtimes = ProcessHandle.current().children()
                .filter(child -> child.info().command().orElse("").endsWith("aws-lambda-rie"))
                .flatMap(ProcessHandle::children)
                .filter(child -> child.info().command().orElse("").endsWith("/java"))
                .toList();
        if (runtimes.size() != 1) {
            throw new IllegalStateException("expected one runtime JVM under the emulator, found " + runtimes.size());
        }
        return new RuntimeProcess(runtimes.get(0).pid());
    }

    /** The peak resident set so far, in KiB ({@code VmHWM}). */
    long peakRssKib() {
        try {
            Matcher matcher = VM_HWM.matcher(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
            if (!matcher.find()) {
                throw new IllegalStateException("no VmHWM for " + pid);
            }
            return Long.parseLong(matcher.group(1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The heap in use after a full GC, in KiB, or empty when jcmd could not attach. */
    OptionalLong heapAfterFullGcKib(Path javaHome) {
        String jcmd = javaHome.resolve("bin/jcmd").toString();
        if (run(jcmd, Long.toString(pid), "GC.run") == null) {
            return OptionalLong.empty();
        }
        String info = run(jcmd, Long.toString(pid), "GC.heap_info");
        if (info == null) {
            return OptionalLong.empty();
        }
        Matcher matcher = HEAP_USED.matcher(info);
        long used = 0;
        boolean found = false;
        while (matcher.find()) {
            used += Long.parseLong(matcher.group(1));
            found = true;
        }
        return found ? OptionalLong.of(used) : OptionalLong.empty();
    }

    /** Dumps the classes loaded so far into a dynamic AppCDS archive (the JVM must run with -XX:+RecordDynamicDumpInfo). */
    void dumpDynamicArchive(Path javaHome, Path archive) {
        if (run(javaHome.resolve("bin/jcmd").toString(), Long.toString(pid), "VM.cds", "dynamic_dump", archive.toString()) == null
                || !Files.isRegularFile(archive)) {
            throw new IllegalStateException("jcmd could not dump the AppCDS archive " + archive);
        }
    }

    /** Writes the JVM's flight recording so far to {@code file} (the JVM must run with -XX:StartFlightRecording). */
    void dumpFlightRecording(Path javaHome, Path file) {
        if (run(javaHome.resolve("bin/jcmd").toString(), Long.toString(pid), "JFR.dump", "filename=" + file) == null
                || !Files.isRegularFile(file)) {
            throw new IllegalStateException("jcmd could not dump the flight recording to " + file);
        }
    }

    /** Pins the process, and the processes it starts from now on, to one CPU core ({@code taskset}). */
    void pinToCore(int core) {
        if (run("taskset", "-p", "-c", Integer.toString(core), Long.toString(pid)) == null) {
            throw new IllegalStateException("taskset could not pin " + pid + " to core " + core);
        }
    }

    /** The command's output, or null when it failed or took over 30 s. */
    private static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return null;
            }
            return new String(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
