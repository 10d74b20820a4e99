package com.example.payment.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fenced code block of a Markdown file: its info string's language (empty when it has none)
 * and its lines, without the indentation of its fence (a block inside a list item is indented).
 *
 * @param where    the line of its first content line
 * @param language e.g. {@code sh}, {@code toml}, or empty
 * @param lines    its content, one entry per line
 */
record FencedBlock(Location where, String language, List<String> lines) {

    private static final Pattern FENCE = Pattern.compile("^( *)```\\s*([A-Za-z0-9_+-]*)\\s*$");
    private static final Pattern CLOSING = Pattern.compile("^ *```\\s*$");

    FencedBlock {
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(language, "language");
        lines = List.copyOf(lines);
    }

    /**
     * The blocks of {@code markdown}, in order.
     *
     * @throws IllegalArgumentException naming the line of a fence that is never closed
     */
    static List<FencedBlock> in(String file, String markdown) {
        List<String> lines = markdown.lines().toList();
        List<FencedBlock> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher fence = FENCE.matcher(lines.get(i));
            if (!fence.matches()) {
                continue;
            }
            int indent = fence.group(1).length();
            int close = i + 1;
            while (close < lines.size() && !CLOSING.matcher(lines.get(close)).matches()) {
                close++;
            }
            if (close == lines.size()) {
                throw new IllegalArgumentException(new Location(file, i + 1) + ": a fenced block that is never closed");
            }
            List<String> content = lines.subList(i + 1, close).stream().map(line -> unindented(line, indent)).toList();
            blocks.add(new FencedBlock(new Location(file, i + 2), fence.group(2), content));
            i = close;
        }
        return blocks;
    }

    /** The block's text, its lines joined with newlines. */
    String text() {
        return String.join("\n", lines);
    }

    /** The index of the line after the block's closing fence, counted from 1 like {@link Location#line}. */
    int lineAfter() {
        return where.line() + lines.size() + 1;
    }

    private static String unindented(String line, int indent) {
        int strip = 0;
        while (strip < indent && strip < line.length() && line.charAt(strip) == ' ') {
            strip++;
        }
        return line.substring(strip);
    }
}
