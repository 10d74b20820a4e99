package com.example.receiver.internal;

import com.example.receiver.MessageParser;

/** The batch receivers of the library's unit tests: the project's fakes around the real batch rules, lanes on daemon threads. */
final class TestReceivers {

    private TestReceivers() {
    }

    static <P> BatchReceiver<P> of(MessageParser<P> parser, FastPath fastPath, Store<P> store, Telemetry telemetry,
                                   ReceiverSettings settings) {
        return of(MessageAuthenticity.NOT_CHECKED, parser, fastPath, store, telemetry, settings, MonotonicClock.SYSTEM);
    }

    static <P> BatchReceiver<P> of(MessageAuthenticity authenticity, MessageParser<P> parser, FastPath fastPath,
                                   Store<P> store, Telemetry telemetry, ReceiverSettings settings) {
        return of(authenticity, parser, fastPath, store, telemetry, settings, MonotonicClock.SYSTEM);
    }

    static <P> BatchReceiver<P> of(MessageAuthenticity authenticity, MessageParser<P> parser, FastPath fastPath,
                                   Store<P> store, Telemetry telemetry, ReceiverSettings settings,
                                   MonotonicClock monotonic) {
        return new BatchReceiver<>(authenticity, parser, fastPath, store, telemetry, settings, monotonic,
                BatchReceiver.lanePool(settings.maxConcurrency()));
    }
}
