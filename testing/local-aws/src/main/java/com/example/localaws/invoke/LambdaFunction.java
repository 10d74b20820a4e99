package com.example.localaws.invoke;

import com.example.localaws.CallRecording;
import com.example.template.Function;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A function to invoke locally, as {@code template.yaml} declares it.
 *
 * @param name        its logical id, e.g. {@code PaymentAuthorizerFunction}; the function sees it
 *                    as {@code AWS_LAMBDA_FUNCTION_NAME}
 * @param handler     its {@code Handler}, e.g. {@code com.example.Handler::handleRequest}
 * @param classpath   its code: what its deployment package holds (the shaded jar, or the
 *                    classes and runtime libraries of its module, see {@link #moduleClasspath})
 * @param environment every variable the function may read: the template's variables and the
 *                    AWS connection ({@code AWS_REGION}, {@code AWS_ENDPOINT_URL}); the credentials
 *                    are the function's own (see {@link #runtimeEnvironment}). Nothing of the
 *                    caller's own environment reaches the function, so a developer's real AWS
 *                    profile or endpoint cannot leak into a local run.
 * @param timeout     its {@code Timeout}
 * @param memoryMb    its {@code MemorySize}, reported to the function, not enforced
 */
public record LambdaFunction(String name, String handler, List<Path> classpath, Map<String, String> environment,
                             Duration timeout, int memoryMb) {

    /** The file the function module's build writes: its runtime dependencies, one classpath line. */
    public static final String MODULE_CLASSPATH_FILE = "target/lambda-function.classpath";
    /** The {@code Type} of a function in the template. */
    public static final String SERVERLESS_FUNCTION = "AWS::Serverless::Function";

    public LambdaFunction {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(timeout, "timeout");
        classpath = List.copyOf(classpath);
        environment = Map.copyOf(environment);
        if (name.isBlank() || handler.isBlank()) {
            throw new IllegalArgumentException("name and handler are required");
        }
        if (classpath.isEmpty()) {
            throw new IllegalArgumentException(name + ": the classpath is empty");
        }
        if (timeout.compareTo(Duration.ofSeconds(1)) < 0 || timeout.compareTo(Duration.ofSeconds(900)) > 0) {
            throw new IllegalArgumentException(name + ": timeout must be 1-900 s, as in Lambda");
        }
        if (memoryMb < 128 || memoryMb > 10_240) {
            throw new IllegalArgumentException(name + ": memory must be 128-10240 MB, as in Lambda");
        }
    }

    /**
     * The function {@code template.yaml} declares as {@code logicalId}: its {@code Handler},
     * {@code Timeout} and {@code MemorySize} (its own, else the template's {@code Globals},
     * else Lambda's defaults of 3 s and 128 MB), with the code and environment given.
     */
    public static LambdaFunction fromTemplate(Path template, String logicalId, List<Path> classpath,
                                              Map<String, String> environment) {
        Function function = declared(template, logicalId);
        String handler = function.property("Handler").asText();
        JsonNode timeout = function.property("Timeout");
        JsonNode memory = function.property("MemorySize");
        if (handler.isEmpty() || !(timeout.isMissingNode() || timeout.canConvertToInt())
                || !(memory.isMissingNode() || memory.canConvertToInt())) {
            throw new IllegalArgumentException(logicalId + ": Handler, Timeout and MemorySize must be literals in " + template);
        }
        return new LambdaFunction(logicalId, handler, classpath, environment,
                Duration.ofSeconds(timeout.asInt(3)), memory.asInt(128));
    }

    /**
     * The names of the variables {@code template.yaml} declares for the function {@code logicalId}:
     * its own {@code Environment.Variables} and the {@code Globals}' (which SAM merges into it).
     */
    public static Set<String> declaredVariables(Path template, String logicalId) {
        return new TreeSet<>(declared(template, logicalId).environment().keySet());
    }

    /**
     * The {@code AWS::Serverless::Function} {@code logicalId} of {@code template}, the Globals
     * applied as SAM applies them (a view of the template model).
     */
    public static Function declared(Path template, String logicalId) {
        Template model = Template.read(template);
        if (!model.has(logicalId) || !SERVERLESS_FUNCTION.equals(model.resource(logicalId).type())) {
            throw new IllegalArgumentException(template + " declares no " + SERVERLESS_FUNCTION + " " + logicalId);
        }
        return model.function(logicalId);
    }

    /**
     * The code of a function module before it is packaged: its {@code target/classes} and the
     * libraries its build listed in {@value #MODULE_CLASSPATH_FILE} (the compile and runtime
     * scopes: what its shaded jar holds). Fails, naming the file, when the module was not built.
     */
    public static List<Path> moduleClasspath(Path module) {
        Path listing = module.resolve(MODULE_CLASSPATH_FILE);
        Path classes = module.resolve("target/classes");
        if (!Files.isDirectory(classes) || !Files.isRegularFile(listing)) {
            throw new IllegalStateException(listing + " or " + classes + " is missing: build the module first (mvn process-test-resources)");
        }
        List<Path> classpath = new ArrayList<>();
        classpath.add(classes);
        try {
            classpath.addAll(entries(Files.readString(listing)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + listing, e);
        }
        return classpath;
    }

    /**
     * The whole environment of the function's runtime process: {@link #environment()}, then the
     * variables Lambda reserves and sets itself, which a function cannot override. Among them
     * the credentials: Lambda gives each function its role's; here each function signs with an
     * access key id of its own, {@link CallRecording#accessKeyId}, so that the launcher records
     * its calls under its name (any secret, no session token).
     */
    Map<String, String> runtimeEnvironment(Path taskRoot) {
        Map<String, String> env = new HashMap<>(environment);
        env.put("AWS_ACCESS_KEY_ID", CallRecording.accessKeyId(name));
        env.put("AWS_SECRET_ACCESS_KEY", "local");
        env.remove("AWS_SESSION_TOKEN");
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
        env.put("AWS_EXECUTION_ENV", "AWS_Lambda_java21");
        env.put("AWS_LAMBDA_FUNCTION_NAME", name);
        env.put("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST");
        env.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(memoryMb));
        env.put("AWS_LAMBDA_FUNCTION_TIMEOUT", Long.toString(timeoutSeconds()));
        env.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/" + name);
        env.put("AWS_LAMBDA_LOG_STREAM_NAME", "local");
        if (environment.containsKey("AWS_REGION")) {
            env.put("AWS_DEFAULT_REGION", environment.get("AWS_REGION"));
        }
        return env;
    }

    /** The timeout in whole seconds, rounded up: Lambda's unit. */
    long timeoutSeconds() {
        return (timeout.toMillis() + 999) / 1000;
    }

    /** The entries of a classpath line as the build wrote it. */
    static List<Path> entries(String line) {
        List<Path> entries = new ArrayList<>();
        for (String entry : line.strip().split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(Path.of(entry));
            }
        }
        return entries;
    }
}
