package com.example.contracts;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A message the project writes for others, as its schema says in this tree and as the last
 * release's said: what a producer of the tree writes must satisfy both, so that the schema cannot
 * drift from the code and a consumer built on the release reads it (docs/deploy.md, "Changing a
 * format").
 *
 * @param path     the schema's file, from the project's root
 * @param tree     the schema as the working tree has it
 * @param released the schema as the last release had it (its file, or its recorded baseline)
 * @param release  the last release's version
 */
public record MessageContract(String path, MessageSchema tree, MessageSchema released, String release) {

    public MessageContract {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(tree, "tree");
        Objects.requireNonNull(released, "released");
        Objects.requireNonNull(release, "release");
    }

    /** The schema at {@code path}, here and in the last release of this checkout. */
    public static MessageContract of(String path) {
        LastRelease last = LastRelease.ofThisCheckout();
        return new MessageContract(path, MessageSchema.inThisTree(path), MessageSchema.of(last.schema(path)), last.version());
    }

    /** Why this tree's schema or the released one refuses {@code message}, each named; empty when both accept it. */
    public List<String> errors(String message) {
        List<String> errors = new ArrayList<>();
        tree.errors(message).forEach(error -> errors.add("this tree's " + path + ": " + error));
        released.errors(message).forEach(error -> errors.add("release " + release + "'s " + path + ": " + error));
        return errors;
    }
}
