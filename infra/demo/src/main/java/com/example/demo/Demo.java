package com.example.demo;

import com.example.localaws.ProjectRoot;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code make demo}. Progress goes to stderr; the report to stdout, followed by the paths of
 * the HTML report and the state document. Exit status 0 only when every check of the report
 * held. Each run starts from a local AWS of its own, empty.
 */
public final class Demo {

    private static final int PAYMENTS = 1_600;
    private static final long SEED = 20_261_202;
    private static final Instant STARTED = Instant.now();

    private Demo() {
    }

    public static void main(String[] args) {
        Path output = ProjectRoot.find().resolve("target/demo");
        DemoRun.Result result = DemoRun.run(PAYMENTS, SEED, output);
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
