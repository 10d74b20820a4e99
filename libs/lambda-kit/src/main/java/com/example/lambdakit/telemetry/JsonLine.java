package com.example.lambdakit.telemetry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * One JSON object on one line, written by Jackson's generator, never by string building: every
 * control character is escaped as JSON requires, and a lone UTF-16 surrogate (which has no
 * UTF-8 encoding, so a byte stream would carry a replacement or break) is written as U+FFFD.
 * The members are those {@link Members#write} adds, in that order.
 */
final class JsonLine {

    private static final JsonFactory JSON = new JsonFactory();

    private final JsonGenerator generator;

    private JsonLine(JsonGenerator generator) {
        this.generator = generator;
    }

    /** Adds the members of one JSON object. */
    @FunctionalInterface
    interface Members {
        void write(JsonLine line) throws IOException;
    }

    /** The line {@code members} make. */
    static String of(Members members) {
        StringWriter text = new StringWriter(256);
        try (JsonGenerator g = JSON.createGenerator(text)) {
            g.writeStartObject();
            members.write(new JsonLine(g));
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a StringWriter cannot fail", e);
        }
        return text.toString();
    }

    JsonLine text(String name, String value) throws IOException {
        generator.writeStringField(wellFormed(name), wellFormed(value));
        return this;
    }

    JsonLine number(String name, double value) throws IOException {
        generator.writeNumberField(name, value);
        return this;
    }

    JsonLine flag(String name, boolean value) throws IOException {
        generator.writeBooleanField(name, value);
        return this;
    }

    /** The generator itself, for nested structures (the EMF metadata). */
    JsonGenerator generator() {
        return generator;
    }

    /** {@code text} with every unpaired surrogate replaced by U+FFFD; the same string when it has none. */
    static String wellFormed(String text) {
        StringBuilder fixed = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (paired) {
                if (fixed != null) {
                    fixed.append(c).append(text.charAt(i + 1));
                }
                i++;
            } else if (Character.isSurrogate(c)) {
                if (fixed == null) {
                    fixed = new StringBuilder(text.length()).append(text, 0, i);
                }
                fixed.append('\uFFFD');
            } else if (fixed != null) {
                fixed.append(c);
            }
        }
        return fixed == null ? text : fixed.toString();
    }
}
