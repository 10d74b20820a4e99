package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Documented shell is split as a POSIX shell splits it, each statement on the line it starts on. */
class ShellParserTest {

    @Test
    void assignmentsFunctionsContinuationsAndSeparators_areSplitAsTheShellSplitsThem() {
        // GIVEN a block such as the deploy guide's
        String block = """
                STACK=payments-dev   # the dev stack
                out() { aws cloudformation describe-stacks --stack-name "$STACK" \\
                          --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text; }
                sam build && sam deploy --config-env prod
                aws sqs start-message-move-task --source-arn <DLQ arn> --destination-arn "$(out PaymentsQueueArn)"
                """;
        // WHEN it is parsed
        List<ShellStatement> statements = ShellParser.parse(block, new Location("doc.md", 10));
        // THEN one statement per command, quotes removed, expansions kept and listed
        assertEquals(5, statements.size(), statements::toString);
        assertEquals("doc.md:10 STACK=payments-dev", describe(statements.get(0)));
        ShellStatement.FunctionDefinition out = assertInstanceOf(ShellStatement.FunctionDefinition.class, statements.get(1));
        assertEquals("out", out.name());
        assertEquals(new Location("doc.md", 11), out.where());
        assertEquals("doc.md:11 aws cloudformation describe-stacks --stack-name $STACK --query "
                + "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue --output text", describe(out.body().get(0)));
        assertEquals(List.of("STACK"), out.body().get(0).words().get(4).variables());
        assertEquals(List.of("1"), out.body().get(0).words().get(6).variables());
        assertEquals("doc.md:13 sam build", describe(statements.get(2)));
        assertEquals("doc.md:13 sam deploy --config-env prod", describe(statements.get(3)));
        ShellStatement.Command move = assertInstanceOf(ShellStatement.Command.class, statements.get(4));
        assertEquals("<DLQ arn>", move.words().get(4).text());
        assertEquals(List.of("out PaymentsQueueArn"), move.words().get(6).substitutions());
        assertEquals(new Location("doc.md", 14), move.where());
    }

    @Test
    void singleQuotedTextSpanningLines_isOneWord_andTheNextCommandKeepsItsLine() {
        List<ShellStatement> statements = ShellParser.parse("BODY='{\"a\":\n  1}'\necho \"$BODY\"", new Location("doc.md", 1));
        assertEquals("doc.md:1 BODY={\"a\":\n  1}", describe(statements.get(0)));
        assertEquals("doc.md:3 echo $BODY", describe(statements.get(1)));
    }

    /** The command's location and its words, joined by spaces. */
    private static String describe(ShellStatement statement) {
        ShellStatement.Command command = assertInstanceOf(ShellStatement.Command.class, statement);
        return command.where() + " " + command.words().stream().map(ShellStatement.Word::text).collect(Collectors.joining(" "));
    }
}
