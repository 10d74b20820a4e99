package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.JsonNode;

/** One command of the command line: does its work and returns the JSON document it prints. */
interface Command {

    /**
     * @throws CliException for a situation the user can fix (nothing running, a missing file)
     */
    JsonNode run(Options options, Console console);
}
