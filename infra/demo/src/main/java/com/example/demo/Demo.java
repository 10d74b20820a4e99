package com.example.demo;

import com.example.localaws.ProjectRoot;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code make demo [PAYMENTS=N]}. Progress goes to stderr; the report to stdout, followed by the
 * paths of the HTML report and the state document. Exit status 0 only when every check of the
 * report held, 2 when the size is not a number of payments it can run. Each run starts from a
 * local AWS of its own, empty.
 */
public final class Demo {

    /** The default size: about 2 000 messages, a couple of minutes on two cores. */
    private static final int PAYMENTS = 1_600;
    /** Below this the traffic has too few of each kind (conflicts, poison, late copies) to check. */
    private static final int MIN_PAYMENTS = 200;
    private static final int MAX_PAYMENTS = 1_000_000;
    private static final long SEED = 20_261_202;
    private static final Instant STARTED = Instant.now();

    private Demo() {
    }

    /** @param args nothing (the default size), or the number of unique payments ({@code make demo PAYMENTS=N}) */
    public static void main(String[] args) {
        int payments = PAYMENTS;
        if (args.length > 0 && !args[0].isEmpty()) {
            if (!args[0].matches("[0-9]{1,7}") || Integer.parseInt(args[0]) < MIN_PAYMENTS
                    || Integer.parseInt(args[0]) > MAX_PAYMENTS) {
                System.err.printf("demo: PAYMENTS must be a whole number from %d to %d, was '%s'%n", MIN_PAYMENTS,
                        MAX_PAYMENTS, args[0]);
                System.exit(2);
            }
            payments = Integer.parseInt(args[0]);
        }
        Path output = ProjectRoot.find().resolve("target/demo");
        DemoRun.Result result = DemoRun.run(payments, SEED, output);
        System.out.print(result.report().text());
        System.out.println("HTML report: " + result.html());
        System.out.println("state (as make state prints it): " + result.stateFile());
        System.out.println("state totals: " + result.state().path("totals"));
        System.out.flush();
        System.exit(result.report().passed() ? 0 : 1);
    }

    static void progress(String format, Object... args) {
        System.err.printf("demo: [%4ds] %s%n", Duration.between(STARTED, Instant.now()).toSeconds(), String.format(format, args));
    }
}
