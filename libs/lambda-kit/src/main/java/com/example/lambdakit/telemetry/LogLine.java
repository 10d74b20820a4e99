package com.example.lambdakit.telemetry;

import java.io.IOException;

/** The line a {@link FunctionLog} is writing, to which the caller's {@link FunctionLog.Fields} add theirs. */
public final class LogLine {
    private final JsonLine json;

    LogLine(JsonLine json) {
        this.json = json;
    }

    /**
     * Adds a text field.
     *
     * @param name  the field's name
     * @param value its value; {@code null} is written as empty
     * @return this line
     * @throws IOException never, in practice: the line is written to memory
     */
    public LogLine text(String name, String value) throws IOException {
        json.text(name, value == null ? "" : value);
        return this;
    }

    /**
     * Adds a number field.
     *
     * @param name  the field's name
     * @param value its value
     * @return this line
     * @throws IOException never, in practice: the line is written to memory
     */
    public LogLine number(String name, double value) throws IOException {
        json.number(name, value);
        return this;
    }

    /**
     * Adds a boolean field.
     *
     * @param name  the field's name
     * @param value its value
     * @return this line
     * @throws IOException never, in practice: the line is written to memory
     */
    public LogLine flag(String name, boolean value) throws IOException {
        json.flag(name, value);
        return this;
    }
}
