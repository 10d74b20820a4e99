package com.example.localaws;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Where one JVM's local AWS keeps its servers' logs and files (the moto launcher's log, the Redis
 * nodes' configuration and logs): {@code <root>/target/local-aws}, or the folder the system
 * property {@value #PROPERTY} names. Maven's surefire names each module's own
 * {@code target/local-aws} (the parent pom), so that modules tested side by side
 * ({@code make test-java} builds two at a time) never share a server's files. What every run
 * shares stays under the root: the local CA ({@link LocalTls}) and the recording of the
 * functions' calls ({@link CallRecording#recording}).
 */
public final class LocalAwsFolder {

    /** The system property naming the folder; unset or blank: {@code <root>/target/local-aws}. */
    public static final String PROPERTY = "local.aws.folder";

    private LocalAwsFolder() {
    }

    /** This JVM's folder for the local AWS of the project at {@code root}. */
    public static Path of(Path root) {
        return of(root, System.getProperties());
    }

    /** The folder {@code properties} name for the project at {@code root}. */
    static Path of(Path root, Map<?, ?> properties) {
        String named = Objects.toString(properties.get(PROPERTY), "");
        return named.isBlank() ? root.resolve("target/local-aws") : Path.of(named).toAbsolutePath();
    }
}
