package com.example.bench.cold;

import com.example.localaws.invoke.LambdaFunction;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.reliability.ScenarioRunner;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The variants {@code make bench-cold} measures: how each is built (its classpath from the
 * project's modules, the benchmark's jars or the shaded jar), which handler the runtime
 * constructs, its JVM options and environment.
 *
 * @param root          the project's root
 * @param extensionPort where the Parameters and Secrets extension's stand-in listens
 * @param appCds        makes the {@code appcds} variant's archive
 */
record ColdStartVariants(Path root, int extensionPort, ColdStartVariants.AppCdsTraining appCds) {

    /** Makes an AppCDS archive from a training run of {@code handler} on {@code classpath}. */
    interface AppCdsTraining {
        Path archive(List<Path> classpath, String handler);
    }

    /** The variants, ours first and the baseline second (the report's ratios are to these). */
    List<Variant> of(int mainRuns, int variantRuns) {
        List<Path> ours = LambdaFunction.moduleClasspath(root.resolve("functions/payment-authorizer"));
        List<Path> benchJars = benchClasspath();
        List<Path> withBench = concat(ours, List.of(root.resolve("bench/target/classes")));
        String production = "com.example.payment.authorizer.PaymentAuthorizerHandler::handleRequest";
        String choice = HttpClientChoiceHandler.class.getName() + "::handleRequest";
        List<Variant> variants = new ArrayList<>();
        variants.add(new Variant("ours", "ours (url-connection, C1 only: Lambda's default)", production, ours,
                ColdStartBench.JVM_BASE, "", Map.of(), mainRuns));
        variants.add(new Variant("baseline", "Powertools baseline (url-connection)",
                BaselineHandler.class.getName() + "::handleRequest",
                concat(withBench, List.of(root.resolve("reliability/target/classes")),
                        select(benchJars, "powertools-", "jmespath-", "log4j-", "aspectjrt-", "jackson-databind-",
                                "jackson-annotations-")),
                ColdStartBench.JVM_BASE, "", Map.of(BaselineHandler.TABLE, ScenarioRunner.BASELINE_TABLE), mainRuns));
        // As template.yaml deploys it by default (EnableFastPath=false): both fast-path variables empty,
        // so no cluster client, no TLS to Redis and no signing key read at init.
        variants.add(new Variant("default", "ours as the template deploys it by default (EnableFastPath=false: no cache)",
                production, ours, ColdStartBench.JVM_BASE, "",
                Map.of(ReceiverVariables.FAST_PATH_ENDPOINT, "", ReceiverVariables.FAST_PATH_SIGNING_SECRET, ""), mainRuns));
        // Before the cold ramp: an environment's first batch on all 8 lanes, so 8 TLS handshakes at once.
        Map<String, String> wide = Map.of(ReceiverVariables.FIRST_BATCH_LANES, "8");
        variants.add(new Variant("ours-wide", "`ours`, its first batch on 8 lanes (before the cold ramp)", production, ours,
                ColdStartBench.JVM_BASE, "", wide, mainRuns));
        variants.add(new Variant("default-wide", "`default`, its first batch on 8 lanes (before the cold ramp)",
                production, ours, ColdStartBench.JVM_BASE, "",
                Map.of(ReceiverVariables.FAST_PATH_ENDPOINT, "", ReceiverVariables.FAST_PATH_SIGNING_SECRET, "",
                        ReceiverVariables.FIRST_BATCH_LANES, "8"), mainRuns));
        against().ifPresent(checkout -> {
            // The same function from another checkout (COLD_AGAINST), interleaved with this one's: a change measured against main.
            List<Path> theirs = LambdaFunction.moduleClasspath(checkout.root().resolve("functions/payment-authorizer"));
            variants.add(new Variant("against", "`ours` built from " + checkout.commit() + " (`COLD_AGAINST`)", production,
                    theirs, ColdStartBench.JVM_BASE, "", Map.of(), mainRuns));
            variants.add(new Variant("against-default", "`default` built from " + checkout.commit() + " (`COLD_AGAINST`)",
                    production, theirs, ColdStartBench.JVM_BASE, "",
                    Map.of(ReceiverVariables.FAST_PATH_ENDPOINT, "", ReceiverVariables.FAST_PATH_SIGNING_SECRET, ""), mainRuns));
        });
        variants.add(new Variant("extension", "ours, keys read through the Parameters and Secrets extension's local API",
                SecretsThroughExtension.class.getName() + "::handleRequest", withBench, ColdStartBench.JVM_BASE, "",
                Map.of(SecretsThroughExtension.PORT, Integer.toString(extensionPort)), mainRuns));
        variants.add(new Variant("aws-crt", "ours, aws-crt HTTP client", choice,
                concat(withBench, select(benchJars, "aws-crt-", "crt-core-")),
                ColdStartBench.JVM_BASE, "", Map.of(HttpClientChoiceHandler.CLIENT, "aws-crt"), variantRuns));
        variants.add(new Variant("apache", "ours, Apache HTTP client", choice,
                concat(withBench, select(benchJars, "apache-client-", "httpclient-", "httpcore-", "commons-logging-",
                        "commons-codec-")),
                ColdStartBench.JVM_BASE, "", Map.of(HttpClientChoiceHandler.CLIENT, "apache"), variantRuns));
        variants.add(new Variant("full-jit", "ours, full tiered JIT (C1 stop removed)", production, ours,
                ColdStartBench.JVM_BASE, "-XX:TieredStopAtLevel=4", Map.of(), variantRuns));
        // CDS archives classes from jars only: these two run the shaded jar, the one to compare with the other.
        List<Path> jar = List.of(shadedJar());
        variants.add(new Variant("jar", "ours from its shaded jar", production, jar, ColdStartBench.JVM_BASE, "", Map.of(), variantRuns));
        variants.add(new Variant("appcds", "ours from its shaded jar + AppCDS archive of a training run", production, jar,
                ColdStartBench.JVM_BASE + " -XX:SharedArchiveFile=" + appCds.archive(jar, production), "", Map.of(), variantRuns));
        // The first batch after priming, as deployed and as before issue 24; then the same with their
        // first-time work recorded (FirstTimeWork), in runs of their own: the recording costs time.
        String primed = PrimedAuthorizerHandler.class.getName() + "::handleRequest";
        Map<String, String> invoke = Map.of(PrimedAuthorizerHandler.PRIMING, "invoke");
        Map<String, String> inMemory = Map.of(PrimedAuthorizerHandler.PRIMING, "in-memory");
        variants.add(new Variant("primed", "ours, SnapStart hooks run at init: invoke priming (as deployed)", primed, withBench,
                ColdStartBench.JVM_BASE, "", invoke, variantRuns));
        variants.add(new Variant("primed-main", "ours, SnapStart hooks run at init: in-memory priming (before issue 24)", primed,
                withBench, ColdStartBench.JVM_BASE, "", inMemory, variantRuns));
        String traced = ColdStartBench.JVM_BASE + " " + FirstTimeWork.jvmOptions();
        variants.add(new Variant("traced", "`primed`, its first-time work recorded (JFR)", primed, withBench,
                traced, "", invoke, variantRuns));
        variants.add(new Variant("traced-main", "`primed-main`, its first-time work recorded (JFR)", primed, withBench,
                traced, "", inMemory, variantRuns));
        return variants;
    }

    /** Another checkout of the project, built, and its commit. */
    private record Checkout(Path root, String commit) {
    }

    /** The checkout {@code COLD_AGAINST} names, if any: its function runs as two more variants. */
    private static Optional<Checkout> against() {
        String path = System.getenv().getOrDefault("COLD_AGAINST", "");
        if (path.isBlank()) {
            return Optional.empty();
        }
        Path root = Path.of(path).toAbsolutePath().normalize();
        try {
            Process git = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "--short", "HEAD")
                    .redirectErrorStream(true).start();
            String commit = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (git.waitFor() != 0) {
                throw new IllegalArgumentException("COLD_AGAINST must name a git checkout of the project: " + commit);
            }
            return Optional.of(new Checkout(root, commit));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run git in " + root, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The function's deployment jar, as its module's {@code package} shades it. */
    private Path shadedJar() {
        Path target = root.resolve("functions/payment-authorizer/target");
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(file -> file.getFileName().toString().matches("payment-authorizer-.*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no shaded jar in " + target + ": package the module first"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + target, e);
        }
    }

    /** This module's runtime libraries, as its build listed them in {@code target/bench.classpath}. */
    private List<Path> benchClasspath() {
        String line = EmulatorLog.read(root.resolve("bench/target/bench.classpath")).strip();
        return Stream.of(line.split(File.pathSeparator)).filter(entry -> !entry.isBlank()).map(Path::of).toList();
    }

    private static List<Path> select(List<Path> jars, String... prefixes) {
        return jars.stream()
                .filter(jar -> Stream.of(prefixes).anyMatch(prefix -> jar.getFileName().toString().startsWith(prefix)))
                .toList();
    }

    @SafeVarargs
    private static List<Path> concat(List<Path>... parts) {
        return Stream.of(parts).flatMap(List::stream).toList();
    }
}
