package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * One JSON file of the local runtime's state folder, written whole or not at all (a partial file
 * renamed over the old one), so that a command interrupted while writing never leaves a
 * half-written file for the next one to read.
 */
final class StateFile {

    /** The mapper every state file is read and written with (indented: people read them too). */
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StateFile() {
    }

    /** Writes {@code value} as {@code stateDir/file}, replacing it atomically. */
    static void write(Path stateDir, String file, Object value) {
        try {
            Files.createDirectories(stateDir);
            Path partial = stateDir.resolve(file + ".partial");
            JSON.writeValue(partial.toFile(), value);
            Files.move(partial, stateDir.resolve(file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + stateDir.resolve(file), e);
        }
    }

    /** Removes {@code stateDir/file}; nothing when it is absent. */
    static void remove(Path stateDir, String file) {
        try {
            Files.deleteIfExists(stateDir.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + stateDir.resolve(file), e);
        }
    }
}
