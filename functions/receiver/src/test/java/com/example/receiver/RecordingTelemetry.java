package com.example.receiver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Keeps every report, for assertions. */
final class RecordingTelemetry implements Telemetry {

    final List<MessageReport> reports = Collections.synchronizedList(new ArrayList<>());
    final List<String> unavailable = Collections.synchronizedList(new ArrayList<>());
    final List<Integer> invalidSignatures = Collections.synchronizedList(new ArrayList<>());

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
}
