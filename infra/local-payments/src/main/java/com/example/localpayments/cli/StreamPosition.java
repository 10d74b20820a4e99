package com.example.localpayments.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the publisher's stream event source stands, kept between {@code make drain}s (the file
 * {@value #FILE} in the state folder) as Lambda keeps an event source mapping's position: the
 * last sequence number completed, per shard. A drain resumes after it, so a decision is not
 * published again by every drain; a position of another stream (another {@code make up}) is
 * not used.
 *
 * @param streamArn   the stream the position belongs to
 * @param checkpoints the last completed sequence number by shard id
 */
record StreamPosition(String streamArn, Map<String, String> checkpoints) {

    static final String FILE = "stream-position.json";


    StreamPosition {
        Objects.requireNonNull(streamArn, "streamArn");
        checkpoints = Map.copyOf(checkpoints);
    }

    /** The checkpoints recorded for {@code streamArn}; none when nothing or another stream's position is recorded. */
    static Map<String, String> read(Path stateDir, String streamArn) {
        Path file = stateDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        try {
            return Optional.of(StateFile.JSON.readValue(file.toFile(), StreamPosition.class))
                    .filter(position -> position.streamArn().equals(streamArn))
                    .map(StreamPosition::checkpoints)
                    .orElse(Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (remove it to read the stream from its start)", e);
        }
    }

    void write(Path stateDir) {
        StateFile.write(stateDir, FILE, this);
    }

    static void remove(Path stateDir) {
        StateFile.remove(stateDir, FILE);
    }
}
