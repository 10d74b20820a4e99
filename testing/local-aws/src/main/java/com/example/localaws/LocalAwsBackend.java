package com.example.localaws;

import com.example.localaws.localstack.LocalStackApi;
import com.example.receiver.testkit.AwsApi;
import com.example.receiver.testkit.LocalProcess;
import com.example.receiver.testkit.MotoServer;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which AWS APIs a test run uses: the system property {@value #PROPERTY} (what
 * {@code make test LOCAL_AWS=...} sets), else the environment variable {@value #VARIABLE}, else
 * the moto launcher. The Redis fast path is a local redis-server either way.
 */
public enum LocalAwsBackend {

    /** The project's moto launcher, on a loopback port: no Docker, fault injection. */
    MOTO,
    /** LocalStack in Docker, through Testcontainers: refused at once where no Docker engine answers. */
    LOCALSTACK;

    /** The system property that chooses the backend. */
    public static final String PROPERTY = "local.aws.backend";
    /** The environment variable that chooses it when the property is not set. */
    public static final String VARIABLE = "LOCAL_AWS";

    /**
     * The backend {@code properties} and {@code environment} ask for.
     *
     * @throws IllegalArgumentException naming the setting, when it names no backend
     */
    public static LocalAwsBackend chosen(Map<?, ?> properties, Map<String, String> environment) {
        Optional<String> property = Optional.ofNullable(properties.get(PROPERTY)).map(Object::toString).filter(v -> !v.isBlank());
        String source = property.isPresent() ? PROPERTY : VARIABLE;
        String value = property.or(() -> Optional.ofNullable(environment.get(VARIABLE)).filter(v -> !v.isBlank()))
                .orElse("moto");
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + " must be moto or localstack, was '" + value + "'", e);
        }
    }

    /** Starts this backend's AWS APIs; the moto launcher logs to {@code logs}/moto.log and records to {@code calls}. */
    AwsApi start(Path root, Path logs, Path calls) {
        return switch (this) {
            case MOTO -> ProjectMoto.start(root, LocalProcess.freePort(), logs.resolve("moto.log"), calls, LocalTls.in(root),
                    LocalTls.awsEndpointTls());
            case LOCALSTACK -> LocalStackApi.start();
        };
    }
}
