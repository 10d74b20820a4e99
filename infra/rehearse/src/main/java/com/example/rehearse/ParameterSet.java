package com.example.rehearse;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One way of deploying the template.
 *
 * @param name      what the rehearsal calls it ({@code default}, {@code prod}, {@code vpc})
 * @param source    where its values come from
 * @param stackName the stack it deploys
 * @param region    the Region samconfig.toml deploys it to
 * @param values    the parameter values given (the rest take their Default)
 * @param notes     values the rehearsal chose, and why
 * @param findings  what makes the set undeployable before any check (a required parameter without a value)
 */
record ParameterSet(String name, String source, String stackName, String region, Map<String, String> values, List<String> notes,
                    List<String> findings) {

    ParameterSet {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(stackName, "stackName");
        Objects.requireNonNull(region, "region");
        values = Map.copyOf(values);
        notes = List.copyOf(notes);
        findings = List.copyOf(findings);
    }
}
