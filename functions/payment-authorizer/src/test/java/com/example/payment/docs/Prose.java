package com.example.payment.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The running text of a Markdown file: everything but its fenced blocks, as paragraphs and as
 * code spans ({@code `...`}, which may wrap across lines), each with the line it starts on.
 */
final class Prose {

    /** A code span: its text with line breaks as spaces. */
    record Span(Location where, String text) {
    }

    /** A paragraph: lines up to a blank one. */
    record Paragraph(Location where, String text) {
    }

    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");

    private Prose() {
    }

    static List<Span> codeSpans(String file, String markdown) {
        String text = withoutBlocks(file, markdown);
        List<Span> spans = new ArrayList<>();
        Matcher span = CODE_SPAN.matcher(text);
        while (span.find()) {
            spans.add(new Span(new Location(file, lineOf(text, span.start())), span.group(1).replaceAll("\\s+", " ").strip()));
        }
        return spans;
    }

    static List<Paragraph> paragraphs(String file, String markdown) {
        List<String> lines = withoutBlocks(file, markdown).lines().toList();
        List<Paragraph> paragraphs = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= lines.size(); i++) {
            boolean blank = i == lines.size() || lines.get(i).isBlank();
            if (!blank && start < 0) {
                start = i;
            } else if (blank && start >= 0) {
                paragraphs.add(new Paragraph(new Location(file, start + 1), String.join("\n", lines.subList(start, i))));
                start = -1;
            }
        }
        return paragraphs;
    }

    /** {@code markdown} with every line of a fenced block (its fences included) blank, so that line numbers stay. */
    private static String withoutBlocks(String file, String markdown) {
        List<String> lines = new ArrayList<>(markdown.lines().toList());
        for (FencedBlock block : FencedBlock.in(file, markdown)) {
            for (int line = block.where().line() - 1; line < block.lineAfter(); line++) {
                lines.set(line - 1, "");
            }
        }
        return String.join("\n", lines);
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
