package com.example.localaws;

import com.example.receiver.testkit.LocalProcess;
import com.example.receiver.testkit.MotoServer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The calls of a function process reach the launcher's recording under the function's name,
 * each with the Lambda phase it was made in ({@link PhaseProbeHandler} makes one from each place),
 * whichever way the process runs: under the runtime emulator, or in a direct invoke. The probe
 * is no function of the template: it runs on a launcher of its own, recording into a temporary
 * folder, never among the recordings {@code make rehearse} reads.
 */
class CallRecordingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The phase of each table's call (a DescribeTable naming it). */
    private static final Set<String> PROBED = new TreeSet<>(List.of(
            "init " + PhaseProbeHandler.STATIC_INIT,
            "init " + PhaseProbeHandler.CONSTRUCTOR,
            "init " + PhaseProbeHandler.CONSTRUCTOR_THREAD,
            "invoke " + PhaseProbeHandler.HANDLER,
            "invoke " + PhaseProbeHandler.HANDLER_THREAD,
            "invoke " + PhaseProbeHandler.LINGERING_THREAD));

    private static final List<String> TABLES = List.of(PhaseProbeHandler.STATIC_INIT, PhaseProbeHandler.CONSTRUCTOR,
            PhaseProbeHandler.CONSTRUCTOR_THREAD, PhaseProbeHandler.HANDLER, PhaseProbeHandler.HANDLER_THREAD,
            PhaseProbeHandler.LINGERING_THREAD);

    @TempDir
    static Path work;
    private static MotoServer moto;

    @BeforeAll
    static void startLauncherWithTheProbesTables() {
        LocalTls tls = LocalTls.in(ProjectRoot.find());
        moto = ProjectMoto.start(ProjectRoot.find(), LocalProcess.freePort(), work.resolve("moto.log"), tls, true);
        try (DynamoDbClient dynamoDb = DynamoDbClient.builder().endpointOverride(moto.endpoint()).region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder().tlsTrustManagersProvider(tls.sdkTrust())).build()) {
            for (String table : TABLES) {
                dynamoDb.createTable(request -> request.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(key -> key.attributeName("pk").keyType(KeyType.HASH))
                        .attributeDefinitions(attribute -> attribute.attributeName("pk").attributeType(ScalarAttributeType.S)));
            }
        }
    }

    @AfterAll
    static void stopLauncher() {
        moto.close();
    }

    @Test
    void underTheEmulator_eachCallIsRecordedUnderTheFunction_withThePhaseItWasMadeIn() throws IOException {
        assertProbed("PhaseProbeEmulatedFunction", RuntimeEmulator::start);
    }

    @Test
    void inADirectInvoke_eachCallIsRecordedUnderTheFunction_withThePhaseItWasMadeIn() throws IOException {
        assertProbed("PhaseProbeDirectFunction", FunctionInvoker::direct);
    }

    @Test
    void theHarnessesOwnCalls_areNotRecorded() throws IOException {
        // GIVEN the probe's tables, created with the harness's key THEN no line records their creation
        assertTrue(recorded("").stream().noneMatch(call -> call.path("operation").asText().equals("CreateTable")));
    }

    private void assertProbed(String name, Starter starter) throws IOException {
        // GIVEN the probe as a function whose code is this module's test classpath
        LambdaFunction function = new LambdaFunction(name, PhaseProbeHandler.class.getName() + "::handleRequest",
                testClasspath(), Map.of("AWS_REGION", LocalAws.REGION.id(), "AWS_ENDPOINT_URL", moto.endpoint().toString()),
                Duration.ofSeconds(30), 512);
        // WHEN it is invoked once
        try (FunctionInvoker invoker = starter.start(function, ProjectRoot.find(), work.resolve(name))) {
            assertEquals("\"probed\"", invoker.invoke("{}").payload());
        }
        // THEN the launcher recorded each of its calls, signed as the function, in its phase
        Set<String> phases = new TreeSet<>();
        for (JsonNode call : recorded(CallRecording.accessKeyId(name))) {
            assertEquals(name, call.path("function").asText());
            assertEquals("dynamodb DescribeTable", call.path("service").asText() + " " + call.path("operation").asText());
            phases.add(call.path("phase").asText() + " " + call.path("resources").path(0).path("name").asText());
        }
        assertEquals(PROBED, phases);
    }

    /** The recorded calls whose access key id starts with {@code keyPrefix}. */
    private static List<JsonNode> recorded(String keyPrefix) throws IOException {
        List<JsonNode> calls = new ArrayList<>();
        if (Files.exists(moto.calls())) {
            for (String line : Files.readAllLines(moto.calls())) {
                JsonNode call = JSON.readTree(line);
                if (call.path("accessKeyId").asText().startsWith(keyPrefix)) {
                    calls.add(call);
                }
            }
        }
        return calls;
    }

    /** The JVM's own classpath: the probe, the SDK and the Lambda libraries. */
    private static List<Path> testClasspath() {
        List<Path> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            entries.add(Path.of(entry));
        }
        return entries;
    }

    /** How the test starts a function process: {@link RuntimeEmulator#start} or {@link FunctionInvoker#direct}. */
    @FunctionalInterface
    private interface Starter {
        FunctionInvoker start(LambdaFunction function, Path root, Path workDir);
    }
}
