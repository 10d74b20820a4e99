package com.example.payment.docs;

import java.util.Objects;

/**
 * A line of a file of the project, named relative to its root: what every problem the docs
 * tests report starts with.
 *
 * @param file e.g. {@code docs/deploy.md}
 * @param line 1-based
 */
record Location(String file, int line) {

    Location {
        Objects.requireNonNull(file, "file");
        if (line < 1) {
            throw new IllegalArgumentException("lines are counted from 1, not " + line);
        }
    }

    /** The location {@code lines} lines further down the same file. */
    Location plus(int lines) {
        return new Location(file, line + lines);
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
