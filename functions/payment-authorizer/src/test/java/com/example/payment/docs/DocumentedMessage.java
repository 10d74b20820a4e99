package com.example.payment.docs;

import java.util.Objects;

/**
 * A payment message the docs or events show: what a producer would put on the payments queue.
 *
 * @param where    the line it starts on
 * @param position where it is within its file, stable across edits of other lines: a JSON
 *                 pointer in an event ({@code /Records/0/body}), {@code line 9} of a JSON Lines
 *                 file, or the shell variable or block that holds it in Markdown
 * @param text     the message itself, as it would be sent
 */
record DocumentedMessage(Location where, String position, String text) {

    DocumentedMessage {
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(text, "text");
    }

    @Override
    public String toString() {
        return where + " (" + position + ")";
    }
}
