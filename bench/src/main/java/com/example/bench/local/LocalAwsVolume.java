package com.example.bench.local;

import com.example.bench.report.BenchmarksReport;
import com.example.bench.report.SectionFile;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code make bench-local [LOCAL_SIZES='500 5000 20000']}: for each size, a fresh {@code make up
 * VISIBILITY_TIMEOUT=30} with {@link VolumeTraffic#ACCOUNTS} accounts, then {@code make send} and
 * {@code make drain} of that many messages (a quarter duplicates), timed as a user sees them, and
 * {@code make state} to check that every payment was decided once. Writes the section
 * {@code 60-local-aws} and puts it into {@code docs/benchmarks.md} in place of its previous run.
 */
public final class LocalAwsVolume {

    static final String SECTION = "60-local-aws";
    static final Path WORK = Path.of("bench", "target", "local-aws");
    private static final List<Integer> DEFAULT_SIZES = List.of(500, 5_000, 20_000);
    private static final long SEED = 20_261_204L;

    private LocalAwsVolume() {
    }

    /** The section's figures: every size's run, and the machine's load average when they were written. */
    record Figures(String loadAverage, List<VolumeRun> runs) {
    }

    /**
     * Runs each size ({@code args}, or 500, 5 000 and 20 000), or with
     * {@value SectionFile#FROM_SAVED_FIGURES} writes the section again from the saved figures.
     */
    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals(SectionFile.FROM_SAVED_FIGURES)) {
            SectionFile.figures(SECTION, Figures.class).ifPresentOrElse(
                    figures -> SectionFile.write(SECTION, LocalAwsMarkdown.section(figures.runs(), figures.loadAverage()), figures),
                    () -> System.err.println("bench-report: no saved figures for " + SECTION + ", left as it is"));
            return;
        }
        List<Integer> sizes = args.length == 0 ? DEFAULT_SIZES : Arrays.stream(args).map(LocalAwsVolume::size).toList();
        Path accounts = WORK.resolve("accounts.json");
        List<VolumeRun> runs = new ArrayList<>();
        for (int size : sizes) {
            VolumeTraffic traffic = VolumeTraffic.of(size, SEED + size);
            traffic.writeAccounts(accounts);
            VolumeRun run = run(traffic, accounts);
            System.err.println("bench-local: " + run.summary());
            runs.add(run);
        }
        Figures figures = new Figures(SectionFile.loadAverage(), runs);
        SectionFile.write(SECTION, LocalAwsMarkdown.section(runs, figures.loadAverage()), figures);
        BenchmarksReport.merge(SectionFile.FOLDER.resolve(SECTION + ".md"), BenchmarksReport.OUTPUT);
        System.out.println("wrote " + SectionFile.FOLDER.resolve(SECTION + ".md") + " and its section of docs/benchmarks.md");
    }

    private static VolumeRun run(VolumeTraffic traffic, Path accounts) {
        Path messages = WORK.resolve("payments-" + traffic.messages() + ".jsonl");
        traffic.writeMessages(messages);
        MakeCommand make = new MakeCommand(WORK.resolve("make-" + traffic.messages() + ".log"));
        make.run("down");
        try {
            make.run("up", "VISIBILITY_TIMEOUT=30", "ACCOUNTS=" + accounts);
            MakeCommand.Run send = make.run("send", "MESSAGES=" + messages);
            MakeCommand.Run drain = make.run("drain");
            JsonNode totals = make.run("state").document().path("totals");
            return VolumeRun.of(traffic, send, drain, totals);
        } finally {
            make.run("down");
        }
    }

    private static int size(String text) {
        try {
            int size = Integer.parseInt(text.trim());
            if (size >= 10) {
                return size;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("LOCAL_SIZES must be whole numbers of messages, each at least 10, got: " + text);
    }
}
