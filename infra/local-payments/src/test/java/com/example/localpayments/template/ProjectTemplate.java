package com.example.localpayments.template;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.template.Template;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's {@code template.yaml} for the invariants' tests: its text, its model, and a copy
 * broken in one place ({@link Breach}), so that each family's test shows that none of its checks
 * passes by checking nothing.
 */
final class ProjectTemplate {

    /** The template's path: in the nearest folder, from the working directory up, that has one. */
    static final Path PATH = Template.locate();

    /** The template's text. */
    static final String TEXT = read(PATH);

    /** The template's model. */
    static final Template MODEL = Template.parse(TEXT);

    private ProjectTemplate() {
    }

    /**
     * One breach: the text replaced in the project template, and the check that must catch it.
     *
     * @param name  what the breach does, the test's name
     * @param from  the text replaced (its first occurrence)
     * @param to    the text it is replaced with
     * @param check the check that must report it
     */
    record Breach(String name, String from, String to, Function<Template, List<String>> check) {

        /** The check reports the breach: the template, broken in one place, is caught. */
        void assertCaught() {
            // GIVEN the project template, broken in one place
            assertTrue(TEXT.contains(from), "the template no longer contains: " + from);
            Template broken = Template.parse(TEXT.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to)));
            // WHEN the invariant is checked
            List<String> violations = check.apply(broken);
            // THEN the breach is reported
            assertFalse(violations.isEmpty(), name + " went unnoticed");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Breach breach(String name, String from, String to, Function<Template, List<String>> check) {
        return new Breach(name, from, to, check);
    }

    /** docs/deploy.md, beside the template: the runbook the alarms point at. */
    static String runbook() {
        return read(PATH.resolveSibling("docs").resolve("deploy.md"));
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
