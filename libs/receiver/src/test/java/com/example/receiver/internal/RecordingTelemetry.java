package com.example.receiver.internal;

import com.example.lambdakit.telemetry.Invocation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps every report, for assertions. */
final class RecordingTelemetry implements Telemetry {

    final List<MessageReport> reports = Collections.synchronizedList(new ArrayList<>());
    final List<String> unavailable = Collections.synchronizedList(new ArrayList<>());
    final List<Integer> invalidSignatures = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger keyUnavailable = new AtomicInteger();
    final List<Integer> producerKeysUnavailable = Collections.synchronizedList(new ArrayList<>());
    final List<Invocation> invocations = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger ended = new AtomicInteger();

    @Override
    public void invocationStarted(Invocation invocation) {
        invocations.add(invocation);
    }

    @Override
    public void invocationEnded() {
        ended.incrementAndGet();
    }

    @Override
    public void decided(MessageReport report) {
        reports.add(report);
    }

    @Override
    public void fastPathUnavailable(String cause) {
        unavailable.add(cause);
    }

    @Override
    public void fastPathSignatureInvalid(int values) {
        invalidSignatures.add(values);
    }

    @Override
    public void fastPathKeyUnavailable() {
        keyUnavailable.incrementAndGet();
    }

    @Override
    public void producerKeysUnavailable(int messages) {
        producerKeysUnavailable.add(messages);
    }
}
