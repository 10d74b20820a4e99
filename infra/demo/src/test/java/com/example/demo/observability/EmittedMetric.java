package com.example.demo.observability;

import java.util.Objects;

/**
 * One metric as CloudWatch identifies it inside the template's {@code MetricsNamespace}: its
 * name and the value of its one dimension, {@code Service}.
 */
record EmittedMetric(String service, String name) {

    EmittedMetric {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
        return name + "{Service=" + service + "}";
    }
}
