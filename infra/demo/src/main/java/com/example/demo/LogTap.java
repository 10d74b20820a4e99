package com.example.demo;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where the function writes its log and metrics lines (stdout in Lambda): each complete line is
 * kept, for the report, and handed to a listener as it is written, for the timeline.
 */
final class LogTap extends OutputStream {

    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private final List<String> lines = new ArrayList<>();
    private final Consumer<String> listener;

    LogTap(Consumer<String> listener) {
        this.listener = listener;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            String line = pending.toString(StandardCharsets.UTF_8);
            pending.reset();
            lines.add(line);
            listener.accept(line);
        } else {
            pending.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }

    synchronized List<String> lines() {
        return List.copyOf(lines);
    }
}
