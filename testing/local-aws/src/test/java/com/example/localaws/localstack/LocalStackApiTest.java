package com.example.localaws.localstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.testkit.Fault;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.testcontainers.utility.DockerImageName;

/**
 * The LocalStack backend, as far as it can be checked without Docker: the container it would start,
 * and the refusal when no Docker engine answers. (A run against LocalStack itself needs Docker:
 * {@code make test LOCAL_AWS=localstack}.)
 */
class LocalStackApiTest {

    @Test
    void container_isThePinnedLocalStackImage_withTheServicesTheProjectUses() {
        // (Testcontainers needs Docker to build the container object itself: its settings are checked here.)
        assertEquals("localstack/localstack", LocalStackApi.IMAGE_NAME.getRepository());
        assertEquals("4.13.1", LocalStackApi.IMAGE_NAME.getVersionPart());
        assertTrue(LocalStackApi.IMAGE_NAME.isCompatibleWith(DockerImageName.parse("localstack/localstack")));
        assertEquals(List.of("dynamodb", "sqs", "sns"), LocalStackApi.SERVICES);
    }

    @Test
    void withoutDocker_startRefusesAtOnce_sayingWhy_andNothingRuns() {
        DockerUnavailableException refused = assertThrows(DockerUnavailableException.class,
                () -> LocalStackApi.start(() -> false));
        assertTrue(refused.getMessage().startsWith("LOCAL_AWS=localstack needs a Docker engine, and none answers here"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("run without LOCAL_AWS to use the moto launcher"), refused.getMessage());
    }

    @Test
    void faultInjection_isRefused_namingTheBackendThatHasIt() {
        LocalStackApi notStarted = new LocalStackApi(URI.create("http://127.0.0.1:4566"), () -> { });
        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> notStarted.inject(Fault.throttling("TransactWriteItems", "IdempotencyTable", 1)));
        assertTrue(refused.getMessage().contains("moto launcher"), refused.getMessage());
    }

    @Test
    void writeCapacity_isRefused_namingTheBackendThatHasIt() {
        LocalStackApi notStarted = new LocalStackApi(URI.create("http://127.0.0.1:4566"), () -> { });
        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> notStarted.writeCapacity(10));
        assertTrue(refused.getMessage().contains("moto launcher"), refused.getMessage());
    }
}
