package com.example.localaws.localstack;

import org.testcontainers.DockerClientFactory;

/**
 * {@code make test LOCAL_AWS=localstack} runs this first: exit status 0 when a Docker engine
 * answers, else the reason on stderr and exit status 2, so that the run stops at once instead of
 * failing (or being skipped) test by test.
 */
public final class Preflight {

    private Preflight() {
    }

    public static void main(String[] args) {
        try {
            LocalStackApi.requireDocker(() -> DockerClientFactory.instance().isDockerAvailable());
        } catch (DockerUnavailableException e) {
            System.err.println("local-aws: " + e.getMessage());
            System.exit(2);
        }
        System.err.println("local-aws: Docker answers; the suite runs against LocalStack (" + LocalStackApi.IMAGE + ")");
    }
}
