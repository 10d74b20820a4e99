package com.example.localaws.localstack;

/** LocalStack was asked for and no Docker engine answers: the run must stop, not skip. */
public final class DockerUnavailableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    DockerUnavailableException(String message) {
        super(message);
    }
}
