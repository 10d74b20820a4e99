package com.example.localaws;

import com.example.receiver.testkit.MotoServer;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The recording of the AWS calls local Lambda functions make, for {@code make rehearse} to
 * evaluate against each function's IAM role. Its contract, shared with
 * {@code libs/receiver-testkit/src/main/python/moto_launcher.py} ({@code --record-calls}, {@code FUNCTION_KEY_PREFIX},
 * {@code PHASE_HEADER}):
 * <ul>
 *   <li>a function's process signs every request with the access key id
 *       {@link #accessKeyId(String) lambda-<i>LogicalId</i>}, as Lambda gives each function its
 *       role's credentials; any other key is the harness's own (tests, event source mappings,
 *       the CLI) and is not recorded;</li>
 *   <li>its SDK clients send the Lambda phase of each call, {@code init} or {@code invoke}, in
 *       the header {@value #PHASE_HEADER};</li>
 *   <li>an operator's command a test runs as the operator would ({@code make replay}) signs with
 *       the access key id {@link #operatorAccessKeyId(String) operator-<i>command</i>}, recorded
 *       as the function {@value #OPERATOR}: the rehearsal checks that the resource policies let a
 *       named operator make each such call;</li>
 *   <li>a launcher started by {@link MotoServer} appends one JSON line per such request to
 *       the file it is given ({@link #recording} for every unnamed local AWS): {@code function}, {@code accessKeyId}, {@code phase}
 *       ({@code init}, {@code invoke} or {@code unknown}), {@code service}, {@code operation} and
 *       the {@code resources} the request names.</li>
 * </ul>
 */
public final class CallRecording {

    /** What a local function's access key id starts with; its logical id follows. */
    public static final String ACCESS_KEY_PREFIX = "lambda-";
    /** The request header a function's SDK clients say the Lambda phase of a call in. */
    public static final String PHASE_HEADER = "x-local-lambda-phase";
    /** The phase header's value for a call made while Lambda initialises the function. */
    public static final String INIT = "init";
    /** The phase header's value for a call made while the function handles an event. */
    public static final String INVOKE = "invoke";
    /** The file a launcher records to, in its log folder. */
    public static final String FILE = "calls.jsonl";

    private CallRecording() {
    }

    /**
     * The project's recording, {@code <root>/target/local-aws/}{@value #FILE}, which every unnamed
     * local AWS of the checkout appends to, whichever module's folder holds its logs
     * ({@link LocalAwsFolder}), and {@code make rehearse} reads.
     */
    public static Path recording(Path root) {
        return root.resolve("target/local-aws").resolve(FILE);
    }

    /** What the access key id of an operator's command starts with; the command's name follows. */
    public static final String OPERATOR_ACCESS_KEY_PREFIX = "operator-";
    /** The {@code function} an operator's recorded calls are written under. */
    public static final String OPERATOR = "operator";

    /** The access key id of the operator's command {@code command} (e.g. {@code replay}). */
    public static String operatorAccessKeyId(String command) {
        Objects.requireNonNull(command, "command");
        if (command.isBlank()) {
            throw new IllegalArgumentException("an operator's command name is required");
        }
        return OPERATOR_ACCESS_KEY_PREFIX + command;
    }

    /** The access key id of the function {@code logicalId} in the local runtime. */
    public static String accessKeyId(String logicalId) {
        Objects.requireNonNull(logicalId, "logicalId");
        if (logicalId.isBlank()) {
            throw new IllegalArgumentException("a function's logical id is required");
        }
        return ACCESS_KEY_PREFIX + logicalId;
    }
}
