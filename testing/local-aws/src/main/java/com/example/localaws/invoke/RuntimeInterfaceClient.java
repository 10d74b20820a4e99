package com.example.localaws.invoke;

import com.example.localaws.LocalTls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Lambda Java runtime interface client ({@code aws-lambda-java-runtime-interface-client}) and
 * its libraries: what Lambda's {@code java21} runtime puts on the classpath before the function's
 * own code. {@code testing/local-aws/setup-rie.sh} copies them to {@code .tools/rie/runtime}, resolved
 * on their own from {@code testing/local-aws/lambda-runtime/pom.xml}, so that they reach the runtime's
 * JVM and no function jar.
 */
final class RuntimeInterfaceClient {

    /** The runtime's entry point: loads the handler, then loops over the Runtime API. */
    static final String MAIN = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";

    private RuntimeInterfaceClient() {
    }

    /** Where setup-rie.sh puts the jars. */
    static Path directory(Path root) {
        return root.resolve(".tools/rie/runtime");
    }

    /**
     * The options Lambda's Java runtimes start the JVM with that matter here: tiered compilation
     * stopped at C1 (their default, for short cold starts), and native access for the client's
     * JNI library (without it JDK 24 and later warn on every start); then the local CA as the
     * JVM's default trust ({@link LocalTls#jvmTrustOptions()}), where Lambda's JVM trusts Amazon's
     * CAs: the function's code reaches the local AWS over HTTPS with the SDK's defaults, unchanged.
     */
    static List<String> jvmOptions(Path root) {
        List<String> options = new ArrayList<>(List.of("-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1",
                "--enable-native-access=ALL-UNNAMED"));
        options.addAll(LocalTls.in(root).jvmTrustOptions());
        return options;
    }

    /** The client's jars in name order (as Lambda's class loader orders lib/*.jar), for the front of the classpath. */
    static List<Path> classpath(Path root) {
        Path directory = directory(root);
        List<Path> jars;
        try (Stream<Path> files = Files.list(directory)) {
            jars = files.filter(file -> file.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(directory + " is missing: run testing/local-aws/setup-rie.sh (make setup)", e);
        }
        if (jars.stream().noneMatch(jar -> jar.getFileName().toString().startsWith("aws-lambda-java-runtime-interface-client-"))) {
            throw new IllegalStateException(directory + " holds no runtime interface client: run testing/local-aws/setup-rie.sh (make setup)");
        }
        return jars;
    }
}
