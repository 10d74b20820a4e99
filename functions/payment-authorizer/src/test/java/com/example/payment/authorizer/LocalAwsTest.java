package com.example.payment.authorizer;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test against the local AWS: each test starts with empty tables, an empty and running
 * redis-server and no injected faults, and leaves redis-server running for the next.
 */
@ExtendWith(LocalAwsExtension.class)
abstract class LocalAwsTest {

    protected final LocalAws aws;

    protected LocalAwsTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void emptyState() {
        aws.redis().start();
        aws.resetTables();
        aws.redis().flushAll();
    }

    @AfterEach
    void leaveServersRunning() {
        aws.redis().start();
        aws.moto().clearFaults();
    }
}
