package com.example.payment.docs;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the payment messages of the docs and events, valid or not:
 * <ul>
 *   <li>in {@code events/*.json} (the payments queue's SQS events), every record's {@code body};</li>
 *   <li>in {@code events/*.jsonl}, every line;</li>
 *   <li>anywhere in events/ and in the Markdown, every JSON object (or JSON string holding one)
 *       that starts as a message does, with a {@code headers} or {@code body} member: in a
 *       Markdown {@code sh} block as the shell would pass it (a shell variable's value, an
 *       argument), elsewhere as written.</li>
 * </ul>
 * A message that starts so but is not valid JSON is still found, so that the parser can refuse it.
 */
final class DocumentedMessages {

    /** Where a message starts: a JSON object whose first member is its headers or its body. */
    private static final Pattern MESSAGE_START = Pattern.compile("\\{\\s*\"(headers|body)\"\\s*:");
    private static final Pattern RECORD_BODY = Pattern.compile("/Records/\\d+/body");
    private static final ObjectMapper JSON = new ObjectMapper();

    private DocumentedMessages() {
    }

    /** Every message of {@code docs}' Markdown and events, in file order. */
    static List<DocumentedMessage> in(ProjectDocs docs) {
        List<DocumentedMessage> messages = new ArrayList<>();
        for (String file : docs.markdownFiles()) {
            messages.addAll(inMarkdown(file, docs.read(file)));
        }
        for (String file : docs.eventFiles()) {
            if (file.endsWith(".jsonl")) {
                messages.addAll(inJsonLines(file, docs.read(file)));
            } else if (file.endsWith(".json")) {
                messages.addAll(inEvent(file, docs.read(file), file.matches("events/[^/]+\\.json")));
            }
        }
        return messages;
    }

    /**
     * The messages of a Markdown file: those in its {@code sh} blocks as the shell would pass
     * them, and those written anywhere else in it.
     */
    static List<DocumentedMessage> inMarkdown(String file, String markdown) {
        List<DocumentedMessage> messages = new ArrayList<>();
        List<String> lines = new ArrayList<>(markdown.lines().toList());
        for (FencedBlock block : FencedBlock.in(file, markdown)) {
            if (!DocumentedCommands.isShell(block)) {
                continue;
            }
            for (ShellStatement statement : ShellParser.parse(block.text(), block.where())) {
                if (statement instanceof ShellStatement.Command command) {
                    messages.addAll(inCommand(command));
                }
            }
            for (int i = 0; i < block.lines().size(); i++) {
                lines.set(block.where().line() - 1 + i, "");
            }
        }
        String rest = String.join("\n", lines);
        for (Candidate candidate : candidates(rest)) {
            int line = 1 + (int) rest.substring(0, candidate.offset()).chars().filter(c -> c == '\n').count();
            messages.add(new DocumentedMessage(new Location(file, line), "line " + line, candidate.text()));
        }
        return messages;
    }

    /**
     * The messages in a command's words: a shell variable's value, or an argument, its time of
     * issue stamped as the shell stamps it ({@link ShellClock}).
     */
    private static List<DocumentedMessage> inCommand(ShellStatement.Command command) {
        List<DocumentedMessage> messages = new ArrayList<>();
        for (ShellStatement.Word word : command.words()) {
            String position = word.isAssignment()
                    ? "shell variable " + word.text().substring(0, word.text().indexOf('='))
                    : "an argument of " + command.invocation().get(0).text();
            for (Candidate candidate : candidates(ShellClock.expand(word.text()))) {
                messages.add(new DocumentedMessage(command.where(), position, candidate.text()));
            }
        }
        return messages;
    }

    /** Every line of a JSON Lines file, each one message. */
    static List<DocumentedMessage> inJsonLines(String file, String text) {
        List<DocumentedMessage> messages = new ArrayList<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                messages.add(new DocumentedMessage(new Location(file, i + 1), "line " + (i + 1), lines.get(i)));
            }
        }
        return messages;
    }

    /**
     * The messages of a JSON event: every record body of an SQS event of the payments queue
     * ({@code paymentsQueue}), and every other string that holds a message.
     */
    static List<DocumentedMessage> inEvent(String file, String json, boolean paymentsQueue) {
        List<DocumentedMessage> messages = new ArrayList<>();
        try (JsonParser parser = JSON.getFactory().createParser(json)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token != JsonToken.VALUE_STRING) {
                    continue;
                }
                Location where = new Location(file, parser.currentTokenLocation().getLineNr());
                String pointer = parser.getParsingContext().pathAsPointer().toString();
                if (paymentsQueue && RECORD_BODY.matcher(pointer).matches()) {
                    messages.add(new DocumentedMessage(where, pointer, parser.getText()));
                } else {
                    candidates(parser.getText()).forEach(candidate -> messages.add(new DocumentedMessage(where, pointer, candidate.text())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + " is not JSON", e);
        }
        return messages;
    }

    /** A message found in a text, at {@code offset}. */
    private record Candidate(int offset, String text) {
    }

    /**
     * The messages that start in {@code text}: each one its JSON object, or, when it is not
     * valid JSON, the text from its start to the end.
     */
    private static List<Candidate> candidates(String text) {
        List<Candidate> candidates = new ArrayList<>();
        Matcher start = MESSAGE_START.matcher(text);
        int from = 0;
        while (start.find(from)) {
            int end = endOfObject(text, start.start());
            if (end < 0) {
                candidates.add(new Candidate(start.start(), text.substring(start.start())));
                return candidates;
            }
            String object = text.substring(start.start(), end);
            if (isMessage(object)) {
                candidates.add(new Candidate(start.start(), object));
                from = end;
            } else {
                from = start.start() + 1;
            }
        }
        return candidates;
    }

    /** The end of the JSON object starting at {@code from}, or -1 when it is not valid JSON. */
    private static int endOfObject(String text, int from) {
        try (JsonParser parser = JSON.getFactory().createParser(text.substring(from))) {
            parser.nextToken();
            parser.skipChildren();
            return from + (int) parser.currentLocation().getCharOffset();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Whether {@code json} looks like a message: an object with headers, or with a body naming a transaction. */
    private static boolean isMessage(String json) {
        try {
            JsonNode node = JSON.readTree(json);
            return node.has("headers") || node.path("body").has("transaction_id");
        } catch (IOException e) {
            return false;
        }
    }
}
