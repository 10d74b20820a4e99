package com.example.localpayments.cli;

import com.example.localpayments.TimesOfIssue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * {@code make stamp EVENT=…}: prints the event file as if recorded now ({@link TimesOfIssue}: its
 * payments' {@code headers.timestamp} moved together, the newest issued now, each keeping its age),
 * for {@code sam local invoke … -e -}, whose function bounds a payment's age as env.json says.
 * Needs no local AWS. Options: {@code --event FILE}.
 */
final class Stamp implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        Path eventFile = options.file("event", console.root())
                .orElseThrow(() -> new CliException("--event is required (make stamp EVENT=events/purchase.json)"));
        try {
            String stamped = TimesOfIssue.event(Files.readString(eventFile), Instant.now());
            console.progress("%s as if recorded now: each payment's headers.timestamp moved together, the newest issued now",
                    console.root().relativize(eventFile));
            return JSON.readTree(stamped);
        } catch (IOException e) {
            throw new CliException("cannot read the event " + eventFile + " as JSON: " + e.getMessage());
        }
    }
}
