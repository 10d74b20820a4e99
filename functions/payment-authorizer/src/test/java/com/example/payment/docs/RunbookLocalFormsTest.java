package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No silent zeros: every command of docs/deploy.md's runbook (from "The alarms and what to do" to
 * "Log fields of every line") has its local form beside it, so that an engineer trying it against
 * {@code make up} is never left reading an empty answer as a fact. Beside a shell block means in
 * the text after it, before the next block, entry or heading; beside a command in the prose means
 * in its paragraph. A local form is a sentence saying {@code Locally} with a {@code make} command,
 * {@code locally, as written} (the command runs against {@code make up} with the project's AWS
 * CLI), or {@code no local form: } followed by why.
 */
class RunbookLocalFormsTest {

    private static final String GUIDE = "docs/deploy.md";
    private static final Pattern SHELL_BLOCK = Pattern.compile("```sh\n(.*?)```", Pattern.DOTALL);
    private static final Pattern FENCE = Pattern.compile("```.*?```", Pattern.DOTALL);
    private static final Pattern INLINE_AWS = Pattern.compile("`(aws [a-z0-9-]+ [a-z-]+)[^`]*`");
    private static final Pattern BOUNDARY = Pattern.compile("<a id=\"alarm-|\n#{2,3} ");
    private static final Pattern LOCAL_FORM = Pattern.compile(
            "[Ll]ocally(, as written|[^.]{0,300}?`make [a-z-]+)|no local form: [a-z`]");

    private final String guide = ProjectDocs.ofThisProject().read(GUIDE);

    @Test
    void everyRunbookCommand_hasItsLocalFormBesideIt() {
        assertEquals(List.of(), problems(runbook(guide)));
    }

    @Test
    void aCommandWithoutItsLocalForm_isNamed_andEachKindOfLocalFormIsAccepted() {
        // GIVEN a runbook with a command of each kind: one with make's form, one that runs as written, one
        // without a local form that says why, and one that says nothing
        String runbook = """
                ```sh
                aws sqs receive-message --queue-url "$DLQ"
                ```

                Locally, `make dlq` lists them.

                Enable it (`aws lambda update-event-source-mapping --uuid <id>`; no local form: there is no mapping).

                Restore it (`aws secretsmanager restore-secret --secret-id <arn>`; locally, as written).

                ```sh
                aws sqs start-message-move-task --source-arn "$ARN"
                ```

                Then wait.

                Look at (`aws elasticache describe-serverless-caches`).
                """;
        // WHEN it is checked THEN exactly the two without a local form are named
        assertEquals(List.of(GUIDE + ": no local form beside the block of aws sqs start-message-move-task --source-arn \"$ARN\"",
                GUIDE + ": no local form in the paragraph of aws elasticache describe-serverless-caches"), problems(runbook));
    }

    /** The runbook's part of the guide. */
    private static String runbook(String guide) {
        int from = guide.indexOf("## The alarms and what to do");
        int to = guide.indexOf("## Log fields of every line");
        assertTrue(from >= 0 && to > from, GUIDE + " has no runbook between its two headings");
        return guide.substring(from, to);
    }

    /** The commands of {@code runbook} without their local form, each named. */
    static List<String> problems(String runbook) {
        List<String> problems = new ArrayList<>();
        List<int[]> blocks = new ArrayList<>();
        Matcher block = SHELL_BLOCK.matcher(runbook);
        while (block.find()) {
            blocks.add(new int[] {block.start(), block.end(), block.start(1)});
        }
        for (int i = 0; i < blocks.size(); i++) {
            int end = i + 1 < blocks.size() ? blocks.get(i + 1)[0] : runbook.length();
            Matcher boundary = BOUNDARY.matcher(runbook);
            if (boundary.find(blocks.get(i)[1]) && boundary.start() < end) {
                end = boundary.start();
            }
            String after = runbook.substring(blocks.get(i)[1], end).replace('\n', ' ');
            if (!LOCAL_FORM.matcher(after).find()) {
                problems.add(GUIDE + ": no local form beside the block of " + firstCommand(runbook.substring(blocks.get(i)[2],
                        blocks.get(i)[1] - 3)));
            }
        }
        for (String paragraph : FENCE.matcher(runbook).replaceAll("").split("\n\\s*\n")) {
            String joined = paragraph.replace('\n', ' ');
            Matcher command = INLINE_AWS.matcher(joined);
            while (command.find()) {
                if (!LOCAL_FORM.matcher(joined).find()) {
                    problems.add(GUIDE + ": no local form in the paragraph of " + command.group(1));
                }
            }
        }
        return problems;
    }

    /** The block's first command line (not an assignment), continuations joined. */
    private static String firstCommand(String block) {
        for (String line : block.replace("\\\n", " ").split("\n")) {
            if (!line.isBlank() && !line.matches("[A-Z_]+=.*")) {
                return line.strip();
            }
        }
        return block.strip();
    }
}
