package com.example.localpayments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The command line's options, as the Makefile passes them (an unset make variable is an empty value). */
class OptionsTest {

    @Test
    void emptyValue_countsAsAbsent_soAnUnsetMakeVariableTakesTheDefault() {
        Options options = Options.parse(List.of("--accounts", "", "--visibility-timeout", "2"));
        assertEquals(Optional.empty(), options.get("accounts"));
        assertEquals(Optional.of(2), options.number("visibility-timeout"));
    }

    @Test
    void filesAreRelativeToTheProjectRoot() {
        Options options = Options.parse(List.of("--event", "events/purchase.json"));
        assertEquals(Optional.of(Path.of("/project/events/purchase.json")), options.file("event", Path.of("/project")));
    }

    @Test
    void malformedOptions_areRefused_withWhatWasExpected() {
        assertThrows(CliException.class, () -> Options.parse(List.of("events/purchase.json")));
        assertThrows(CliException.class, () -> Options.parse(List.of("--event")));
        assertThrows(CliException.class, () -> Options.parse(List.of("--visibility-timeout", "soon")).number("visibility-timeout"));
    }
}
