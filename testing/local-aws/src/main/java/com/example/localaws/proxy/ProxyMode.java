package com.example.localaws.proxy;

import java.time.Duration;
import java.util.Objects;

/**
 * What a loopback proxy does with the bytes now, read by every pump of every connection at each
 * chunk, so that a switch reaches the connections already open: pass, hold each chunk for a
 * while, swallow everything, or refuse.
 */
final class ProxyMode {

    enum Mode { PASS, DELAY, BLACKHOLE, REFUSE }

    private volatile Mode mode = Mode.PASS;
    private volatile Duration delay = Duration.ZERO;

    /** Switches to {@code mode} (not {@link Mode#DELAY}: {@link #delay(Duration)} says how long). */
    void set(Mode mode) {
        this.mode = mode;
    }

    /** Holds every chunk for {@code perChunk} from now on. */
    void delay(Duration perChunk) {
        delay = Objects.requireNonNull(perChunk, "perChunk");
        mode = Mode.DELAY;
    }

    Mode now() {
        return mode;
    }

    /** The hold of each chunk in {@link Mode#DELAY}. */
    Duration delay() {
        return delay;
    }
}
