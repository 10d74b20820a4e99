package com.example.compat;

import com.example.localaws.ProjectRoot;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code make compat [PAYMENTS=n]}: the last release and the working tree side by side
 * ({@link CompatRun}), the oracles ({@link CompatOracles}), the report on stdout (progress on
 * stderr); exit status 1 when an oracle found anything.
 */
public final class Compat {

    static final int DEFAULT_PAYMENTS = 3_000;
    static final long SEED = 48;

    private Compat() {
    }

    public static void main(String[] args) {
        int payments = args.length > 0 && !args[0].isBlank() ? Integer.parseInt(args[0]) : DEFAULT_PAYMENTS;
        if (payments < 50 || payments > 100_000) {
            throw new IllegalArgumentException("payments must be from 50 to 100000, was " + payments);
        }
        Path root = ProjectRoot.find();
        CompatRun.Result run = CompatRun.run(Version.released(root), Version.tree(root), payments, SEED,
                line -> System.err.println("compat: " + line));
        List<Violation> violations = CompatOracles.check(run);
        System.out.print(CompatReport.text(run, violations));
        System.exit(violations.isEmpty() ? 0 : 1);
    }
}
