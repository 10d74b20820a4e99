package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A policy statement (a role's policy, a key, topic or queue policy, a trust policy; inside
 * {@code Fn::If} or not), and the resource whose policy it is part of.
 *
 * @param resource the logical id of the resource it belongs to
 * @param node     the statement as written
 */
public record Statement(String resource, JsonNode node) {

    public Statement {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(node, "node");
    }

    public boolean allows() {
        return "Allow".equals(node.path("Effect").asText());
    }
}
