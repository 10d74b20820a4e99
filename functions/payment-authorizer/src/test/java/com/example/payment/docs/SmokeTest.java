package com.example.payment.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The deploy guide's smoke test, read from docs/deploy.md rather than copied: the {@code sh}
 * block that sends messages with {@code aws sqs send-message}, and the sentence after it. Its
 * tables and queue are the template.yaml resources its {@code $(out OutputKey)} calls name
 * (the local AWS names each after its logical id). Public for
 * {@code com.example.payment.authorizer.DeployGuideSmokeTest}, which runs it with the handler's
 * test rig.
 *
 * @param where      the block's first line, for failure messages
 * @param seed       the item its {@code aws dynamodb put-item} writes, and where
 * @param queue      the queue it sends to
 * @param messages   the bodies it sends, in order, as the shell passes them (stamped now: {@link ShellClock})
 * @param account    the key its {@code get-item} reads from the seeded table
 * @param claim      what the block's comments say that account then holds, e.g. {@code balanceMinor 87450}
 * @param ledgerRow  the key its {@code get-item} reads from the other table: the one row it expects
 * @param dashboard  the figures the sentence after the block says the dashboard shows
 */
public record SmokeTest(String where, TableItem seed, String queue, List<String> messages, TableItem account,
                        Claim claim, TableItem ledgerRow, Dashboard dashboard) {

    static final String DEPLOY_GUIDE = "docs/deploy.md";
    private static final Pattern CLAIM = Pattern.compile("\\((\\w+) (-?[0-9]+)\\)");
    private static final Pattern FIGURES = Pattern.compile("(\\d+) received, (\\d+) approved, (\\d+) duplicate");

    /** An item (or a key) of a table. */
    public record TableItem(String table, Map<String, AttributeValue> item) {
        public TableItem {
            Objects.requireNonNull(table, "table");
            item = Map.copyOf(item);
        }
    }

    /** An attribute's value the guide promises, as DynamoDB returns it ({@code N} as text). */
    public record Claim(String attribute, String value) {
        public Claim {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(value, "value");
        }
    }

    /** The dashboard's counts after the test: payments received, approved, and duplicates. */
    public record Dashboard(long received, long approved, long duplicates) {
    }

    public SmokeTest {
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(seed, "seed");
        Objects.requireNonNull(queue, "queue");
        messages = List.copyOf(messages);
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(ledgerRow, "ledgerRow");
        Objects.requireNonNull(dashboard, "dashboard");
    }

    /**
     * The smoke test of the deploy guide of the project at {@code root}.
     *
     * @throws IllegalStateException naming docs/deploy.md's line when the block or sentence is
     *                               not there, or does not say one of the things above once
     */
    public static SmokeTest ofDeployGuide(Path root) {
        ProjectDocs docs = ProjectDocs.at(root);
        Template template = Template.read(root);
        String markdown = docs.read(DEPLOY_GUIDE);
        List<FencedBlock> blocks = FencedBlock.in(DEPLOY_GUIDE, markdown).stream()
                .filter(DocumentedCommands::isShell)
                // The smoke test seeds its account and sends its payment in one block; the producer
                // onboarding's signed send has no account to seed.
                .filter(block -> commands(block).stream().anyMatch(command -> isAws(command, "sqs", "send-message"))
                        && commands(block).stream().anyMatch(command -> isAws(command, "dynamodb", "put-item")))
                .toList();
        if (blocks.size() != 1) {
            throw new IllegalStateException(DEPLOY_GUIDE + ": " + blocks.size() + " sh blocks send messages (aws sqs send-message);"
                    + " the smoke test is the one");
        }
        FencedBlock block = blocks.get(0);
        Map<String, String> variables = new HashMap<>();
        TableItem seed = null;
        String queue = null;
        List<String> messages = new ArrayList<>();
        List<TableItem> reads = new ArrayList<>();
        for (ShellStatement.Command command : commands(block)) {
            if (command.invocation().isEmpty()) {
                command.assignments().forEach(word -> variables.put(word.text().substring(0, word.text().indexOf('=')),
                        word.text().substring(word.text().indexOf('=') + 1)));
            } else if (isAws(command, "dynamodb", "put-item")) {
                seed = new TableItem(resource(command, "--table-name", template), DynamoDbJson.item(option(command, "--item", variables)));
            } else if (isAws(command, "sqs", "send-message")) {
                queue = resource(command, "--queue-url", template);
                messages.add(ShellClock.expand(option(command, "--message-body", variables)));
            } else if (isAws(command, "dynamodb", "get-item")) {
                reads.add(new TableItem(resource(command, "--table-name", template), DynamoDbJson.item(option(command, "--key", variables))));
            }
        }
        String where = block.where().toString();
        TableItem seeded = Objects.requireNonNull(seed, () -> where + ": the smoke test seeds nothing (aws dynamodb put-item)");
        return new SmokeTest(where, seeded, queue, messages,
                only(reads.stream().filter(read -> read.table().equals(seeded.table())).toList(), where, "get-item of the seeded table"),
                claim(block, seeded),
                only(reads.stream().filter(read -> !read.table().equals(seeded.table())).toList(), where, "get-item of another table"),
                dashboard(markdown, block));
    }

    private static List<ShellStatement.Command> commands(FencedBlock block) {
        return ShellParser.parse(block.text(), block.where()).stream()
                .filter(ShellStatement.Command.class::isInstance).map(ShellStatement.Command.class::cast).toList();
    }

    private static boolean isAws(ShellStatement.Command command, String service, String operation) {
        List<ShellStatement.Word> words = command.invocation();
        return words.size() > 2 && words.get(0).text().equals("aws") && words.get(1).text().equals(service)
                && words.get(2).text().equals(operation);
    }

    /** The value of {@code option}, a variable's value when it is one. */
    private static String option(ShellStatement.Command command, String option, Map<String, String> variables) {
        List<ShellStatement.Word> words = command.words();
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).text().equals(option)) {
                ShellStatement.Word value = words.get(i + 1);
                return value.isVariable() ? Objects.requireNonNull(variables.get(value.variables().get(0)),
                        () -> command.where() + ": " + value.text() + " is not assigned in the smoke test") : value.text();
            }
        }
        throw new IllegalStateException(command.where() + ": `" + command + "` has no " + option);
    }

    /** The resource {@code option}'s {@code $(out OutputKey)} names. */
    private static String resource(ShellStatement.Command command, String option, Template template) {
        Matcher out = Pattern.compile("\\$\\(out (\\w+)\\)").matcher(option(command, option, Map.of()));
        Optional<String> resource = out.matches() ? template.resourceOf(out.group(1)) : Optional.empty();
        return resource.orElseThrow(() -> new IllegalStateException(command.where() + ": " + option
                + " is not $(out <an Output of template.yaml that is !Ref to a resource>)"));
    }

    private static Claim claim(FencedBlock block, TableItem seed) {
        List<Claim> claims = new ArrayList<>();
        Matcher claim = CLAIM.matcher(block.text());
        while (claim.find()) {
            if (seed.item().containsKey(claim.group(1))) {
                claims.add(new Claim(claim.group(1), claim.group(2)));
            }
        }
        return only(claims, block.where().toString(), "(<attribute of the seeded item> <value>) in a comment");
    }

    private static Dashboard dashboard(String markdown, FencedBlock block) {
        String after = String.join("\n", markdown.lines().skip(block.lineAfter() - 1L).toList());
        Matcher figures = FIGURES.matcher(after.replaceAll("\\s+", " "));
        if (!figures.find()) {
            throw new IllegalStateException(new Location(DEPLOY_GUIDE, block.lineAfter())
                    + ": no \"<n> received, <n> approved, <n> duplicate\" after the smoke test");
        }
        return new Dashboard(Long.parseLong(figures.group(1)), Long.parseLong(figures.group(2)),
                Long.parseLong(figures.group(3)));
    }

    private static <T> T only(List<T> found, String where, String what) {
        if (found.size() != 1) {
            throw new IllegalStateException(where + ": the smoke test has " + found.size() + " " + what + ", not one");
        }
        return found.get(0);
    }
}
