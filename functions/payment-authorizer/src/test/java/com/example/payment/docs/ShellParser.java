package com.example.payment.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the text of an {@code sh} block into statements as a POSIX shell would, for the shell
 * the docs use: words, single and double quotes, {@code \} line continuations, comments,
 * {@code $(...)}, {@code $NAME}/{@code ${NAME}}, the separators {@code ;} {@code &&} {@code ||}
 * {@code |} and newlines, and {@code name() { ...; }} definitions. A {@code <placeholder>} the
 * reader is to fill in (e.g. {@code <DLQ arn>}) is one word, not a redirection. Nothing is
 * expanded or run.
 */
final class ShellParser {

    private final String text;
    private final Location start;
    private int pos;
    private int line;

    private ShellParser(String text, Location start) {
        this.text = text;
        this.start = start;
    }

    /**
     * The statements of {@code text}, whose first line is {@code start}.
     *
     * @throws IllegalArgumentException naming the line of an unclosed quote, substitution or definition
     */
    static List<ShellStatement> parse(String text, Location start) {
        return statements(new ShellParser(text, start).commands(), start);
    }

    private static List<ShellStatement> statements(List<ShellStatement.Command> commands, Location start) {
        List<ShellStatement> statements = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            ShellStatement.Command command = commands.get(i);
            String first = command.words().get(0).text();
            if (!first.matches("[A-Za-z_][A-Za-z0-9_]*\\(\\)")) {
                statements.add(command);
                continue;
            }
            if (command.words().size() < 2 || !command.words().get(1).text().equals("{")) {
                throw new IllegalArgumentException(command.where() + ": " + first + " is not followed by { on its line");
            }
            List<ShellStatement.Command> body = new ArrayList<>();
            if (command.words().size() > 2) {
                body.add(new ShellStatement.Command(command.where(), command.words().subList(2, command.words().size())));
            }
            i++;
            while (i < commands.size() && !commands.get(i).words().get(0).text().equals("}")) {
                body.add(commands.get(i));
                i++;
            }
            if (i == commands.size()) {
                throw new IllegalArgumentException(command.where() + ": " + first + " { is never closed with }");
            }
            statements.add(new ShellStatement.FunctionDefinition(command.where(), first.substring(0, first.length() - 2), body));
        }
        return statements;
    }

    private List<ShellStatement.Command> commands() {
        List<ShellStatement.Command> commands = new ArrayList<>();
        List<ShellStatement.Word> words = new ArrayList<>();
        int commandLine = line;
        while (true) {
            skipBlanks();
            if (pos >= text.length() || separator()) {
                if (!words.isEmpty()) {
                    commands.add(new ShellStatement.Command(start.plus(commandLine), words));
                    words = new ArrayList<>();
                }
                if (pos >= text.length()) {
                    return commands;
                }
                continue;
            }
            if (text.charAt(pos) == '#') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
                continue;
            }
            if (words.isEmpty()) {
                commandLine = line;
            }
            words.add(word());
        }
    }

    /** Spaces, tabs and line continuations. */
    private void skipBlanks() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t') {
                pos++;
            } else if (c == '\\' && pos + 1 < text.length() && text.charAt(pos + 1) == '\n') {
                pos += 2;
                line++;
            } else {
                return;
            }
        }
    }

    /** Consumes a separator at {@code pos}, if there is one. */
    private boolean separator() {
        char c = text.charAt(pos);
        if (c == '\n') {
            pos++;
            line++;
            return true;
        }
        if (c == ';' || c == '|' || c == '&') {
            pos += pos + 1 < text.length() && (text.startsWith("&&", pos) || text.startsWith("||", pos)) ? 2 : 1;
            return true;
        }
        return false;
    }

    private ShellStatement.Word word() {
        StringBuilder word = new StringBuilder();
        List<String> substitutions = new ArrayList<>();
        List<String> variables = new ArrayList<>();
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '|' || c == '&') {
                break;
            }
            if (c == '\\' && pos + 1 < text.length()) {
                if (text.charAt(pos + 1) == '\n') {
                    line++;
                } else {
                    word.append(text.charAt(pos + 1));
                }
                pos += 2;
            } else if (c == '\'') {
                word.append(quoted('\''));
            } else if (c == '"') {
                pos++;
                doubleQuoted(word, substitutions, variables);
            } else if (c == '$') {
                expansion(word, substitutions, variables);
            } else if (c == '<' && word.isEmpty() && placeholderEnd() > 0) {
                int end = placeholderEnd();
                word.append(text, pos, end + 1);
                pos = end + 1;
            } else {
                word.append(c);
                pos++;
            }
        }
        return new ShellStatement.Word(word.toString(), substitutions, variables);
    }

    /** The text of a single-quoted string at {@code pos}, taken literally. */
    private String quoted(char quote) {
        int end = text.indexOf(quote, pos + 1);
        if (end < 0) {
            throw new IllegalArgumentException(start.plus(line) + ": a " + quote + " that is never closed");
        }
        String content = text.substring(pos + 1, end);
        line += (int) content.chars().filter(ch -> ch == '\n').count();
        pos = end + 1;
        return content;
    }

    private void doubleQuoted(StringBuilder word, List<String> substitutions, List<String> variables) {
        int opened = line;
        while (pos < text.length() && text.charAt(pos) != '"') {
            char c = text.charAt(pos);
            if (c == '\\' && pos + 1 < text.length() && "$`\"\\\n".indexOf(text.charAt(pos + 1)) >= 0) {
                if (text.charAt(pos + 1) == '\n') {
                    line++;
                } else {
                    word.append(text.charAt(pos + 1));
                }
                pos += 2;
            } else if (c == '$') {
                expansion(word, substitutions, variables);
            } else {
                if (c == '\n') {
                    line++;
                }
                word.append(c);
                pos++;
            }
        }
        if (pos >= text.length()) {
            throw new IllegalArgumentException(start.plus(opened) + ": a \" that is never closed");
        }
        pos++;
    }

    /** {@code $(...)}, {@code ${NAME}}, {@code $NAME} or {@code $1} at {@code pos}, kept as written. */
    private void expansion(StringBuilder word, List<String> substitutions, List<String> variables) {
        int from = pos;
        if (text.startsWith("$(", pos)) {
            int end = closingParenthesis(pos + 2);
            substitutions.add(text.substring(pos + 2, end));
            pos = end + 1;
        } else if (text.startsWith("${", pos) && text.indexOf('}', pos) > 0) {
            int end = text.indexOf('}', pos);
            variables.add(text.substring(pos + 2, end).replaceFirst("[:#%/].*", ""));
            pos = end + 1;
        } else {
            int end = pos + 1;
            if (end < text.length() && Character.isDigit(text.charAt(end))) {
                end++;
            } else {
                while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                    end++;
                }
            }
            if (end > pos + 1) {
                variables.add(text.substring(pos + 1, end));
            }
            pos = Math.max(end, pos + 1);
        }
        word.append(text, from, pos);
    }

    /** The index of the {@code )} that closes a substitution whose text starts at {@code from}. */
    private int closingParenthesis(int from) {
        int depth = 1;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int end = text.indexOf(c, i + 1);
                i = end < 0 ? text.length() : end;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException(start.plus(line) + ": a $( that is never closed");
    }

    /** The index of the {@code >} ending a {@code <placeholder>} at {@code pos}, or -1. */
    private int placeholderEnd() {
        int end = text.indexOf('>', pos);
        int newline = text.indexOf('\n', pos);
        return end > pos + 1 && (newline < 0 || end < newline) ? end : -1;
    }
}
