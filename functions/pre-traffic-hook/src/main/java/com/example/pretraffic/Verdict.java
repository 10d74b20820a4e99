package com.example.pretraffic;

import java.util.Objects;

/** The hook's answer: the new version may take traffic, or not, and why. */
record Verdict(boolean succeeded, String reason) {

    Verdict {
        Objects.requireNonNull(reason, "reason");
    }

    static Verdict succeeded(String reason) {
        return new Verdict(true, reason);
    }

    static Verdict failed(String reason) {
        return new Verdict(false, reason);
    }

    /** CodeDeploy's {@code LifecycleEventStatus}. */
    String status() {
        return succeeded ? "Succeeded" : "Failed";
    }
}
