package com.example.localaws;

import com.example.localaws.push.LocalPushApi;
import com.example.localaws.push.SigningKeys;
import com.example.receiver.testkit.LocalProcess;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The local push API ({@link LocalPushApi}) in a background JVM of its own on a free loopback
 * port, so that it outlives the command that started it ({@code make up}) and keeps its
 * per-key answers across {@code make drain}s. It needs nothing but its own classes and the JDK.
 */
public final class PushApiProcess {

    /**
     * A started push API.
     *
     * @param port its loopback port
     * @param pid  its process id
     */
    public record Started(int port, long pid) {

        /** The base URL the notifier is configured with. */
        public URI baseUrl() {
            return URI.create("http://127.0.0.1:" + port);
        }
    }

    private PushApiProcess() {
    }

    /**
     * Starts the API, admitting requests signed with {@code signingKeys} (by key id: the local push
     * API credential's), and waits until it listens; its output goes to {@code log}. The keys reach
     * it in its environment, never on its command line.
     */
    public static Started start(Path log, Map<String, String> signingKeys) {
        int port = LocalProcess.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        LocalProcess process = LocalProcess.start("local push API", List.of(java, "-Xmx64m", "-cp", codeOf(LocalPushApi.class),
                LocalPushApi.class.getName(), Integer.toString(port)),
                Map.of(SigningKeys.VARIABLE, SigningKeys.text(signingKeys)), log, port, Duration.ofSeconds(30));
        return new Started(port, process.pid());
    }

    /** The folder or jar {@code type} was loaded from. */
    private static String codeOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + type.getName(), e);
        }
    }
}
