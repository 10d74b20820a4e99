package com.example.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@code make reliability} run measured, saved as JSON ({@link #LOCATION}) before its report
 * is written, so that {@code make reliability-report} can write {@code docs/reliability.md} again
 * (after a change to the report's text or charts) without the run's 40 minutes, and so that
 * {@code make reliability SCENARIOS=...} can run a few scenarios again into it. It is committed
 * beside the report it wrote: a fresh clone has the run the report shows. Every field of
 * every {@link Result} is kept, by name; a fault is kept as its enum's name and constant.
 */
final class ResultsFile {

    /** From the project root. */
    static final Path LOCATION = Path.of("reliability", "results.json");

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One run.
     *
     * @param machine where it ran, as the report states it
     * @param reruns  one line per later run of some of its scenarios, whose results replaced theirs
     */
    record Run(Instant started, Duration wall, String machine, List<Result> results, List<String> reruns) {

        Run {
            Objects.requireNonNull(started, "started");
            Objects.requireNonNull(wall, "wall");
            Objects.requireNonNull(machine, "machine");
            results = List.copyOf(results);
            reruns = List.copyOf(reruns);
        }

        /** A whole run, no scenario run again since. */
        Run(Instant started, Duration wall, String machine, List<Result> results) {
            this(started, wall, machine, results, List.of());
        }
    }

    private ResultsFile() {
    }

    static void write(Path file, Run run) {
        ObjectNode root = JSON.createObjectNode();
        root.put("started", run.started().toString());
        root.put("wallNanos", run.wall().toNanos());
        root.put("machine", run.machine());
        ArrayNode results = root.putArray("results");
        run.results().forEach(result -> results.add(result(result)));
        ArrayNode reruns = root.putArray("reruns");
        run.reruns().forEach(reruns::add);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            JSON.writeValue(file.toFile(), root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static Run read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (make reliability writes it)", e);
        }
        List<Result> results = new ArrayList<>();
        root.path("results").forEach(node -> results.add(result(node)));
        List<String> reruns = new ArrayList<>();
        root.path("reruns").forEach(line -> reruns.add(line.asText()));
        return new Run(Instant.parse(text(root, "started")), Duration.ofNanos(number(root, "wallNanos").longValue()),
                text(root, "machine"), results, reruns);
    }

    private static ObjectNode result(Result r) {
        ObjectNode node = JSON.createObjectNode();
        node.set("scenario", scenario(r.scenario()));
        node.put("decisions", r.decisions());
        node.put("extraDebits", r.extraDebits());
        node.put("missingDebits", r.missingDebits());
        node.put("lost", r.lost());
        node.put("stuck", r.stuck());
        node.put("dlq", r.dlq());
        node.put("ledgerRows", r.ledgerRows());
        node.put("expectedLedgerRows", r.expectedLedgerRows());
        node.put("crashes", r.crashes());
        node.put("droppedResponses", r.droppedResponses());
        node.put("droppedRefusals", r.droppedRefusals());
        node.put("meanMsPerMessage", r.meanMsPerMessage());
        node.put("slowestInvocationMs", r.slowestInvocationMs());
        node.put("drained", r.drained());
        node.put("wallNanos", r.wall().toNanos());
        r.publishing().ifPresent(p -> node.set("publishing", JSON.valueToTree(p)));
        r.sendToDecision().ifPresent(latency -> node.set("sendToDecision", JSON.valueToTree(latency)));
        node.put("conflictsAnswered", r.conflictsAnswered());
        node.put("throttled", r.throttled());
        node.put("deliveries", r.deliveries());
        r.deadLetters().ifPresent(d -> node.set("deadLetters", deadLetters(d)));
        return node;
    }

    private static Result result(JsonNode node) {
        try {
            return new Result(scenario(node.path("scenario")), integer(node, "decisions"),
                    number(node, "extraDebits").longValue(), number(node, "missingDebits").longValue(),
                    integer(node, "lost"), integer(node, "stuck"), integer(node, "dlq"),
                    number(node, "ledgerRows").longValue(), integer(node, "expectedLedgerRows"), integer(node, "crashes"),
                    integer(node, "droppedResponses"), integer(node, "droppedRefusals"),
                    number(node, "meanMsPerMessage").doubleValue(), number(node, "slowestInvocationMs").doubleValue(),
                    bool(node, "drained"), Duration.ofNanos(number(node, "wallNanos").longValue()),
                    node.has("publishing") ? Optional.of(JSON.treeToValue(node.get("publishing"), Publishing.class)) : Optional.empty(),
                    node.has("sendToDecision") ? Optional.of(JSON.treeToValue(node.get("sendToDecision"), Latency.class)) : Optional.empty(),
                    integer(node, "conflictsAnswered"), integer(node, "throttled"), number(node, "deliveries").longValue(),
                    node.has("deadLetters") ? Optional.of(deadLetters(node.get("deadLetters"))) : Optional.empty());
        } catch (IOException e) {
            throw new IllegalArgumentException("a result in the results file is not one: " + node, e);
        }
    }

    private static ObjectNode deadLetters(DeadLetters d) {
        ObjectNode node = JSON.createObjectNode();
        node.put("expected", d.expected());
        node.put("found", d.found());
        node.put("withReason", d.withReason());
        d.poison().ifPresent(latency -> node.set("poison", JSON.valueToTree(latency)));
        d.conflicts().ifPresent(latency -> node.set("conflicts", JSON.valueToTree(latency)));
        return node;
    }

    private static DeadLetters deadLetters(JsonNode node) throws IOException {
        return new DeadLetters(integer(node, "expected"), integer(node, "found"), integer(node, "withReason"),
                node.has("poison") ? Optional.of(JSON.treeToValue(node.get("poison"), Latency.class)) : Optional.empty(),
                node.has("conflicts") ? Optional.of(JSON.treeToValue(node.get("conflicts"), Latency.class)) : Optional.empty());
    }

    private static ObjectNode scenario(Scenario s) {
        ObjectNode node = JSON.createObjectNode();
        node.put("implementation", s.implementation().name());
        node.put("fault", faultName(s.fault()));
        node.put("payments", s.payments());
        node.put("copies", s.copies());
        node.put("pollers", s.pollers());
        node.put("seed", s.seed());
        node.put("accounts", s.accounts());
        s.conflicts().ifPresent(hold -> node.put("conflictHoldNanos", hold.toNanos()));
        return node;
    }

    private static Scenario scenario(JsonNode node) {
        return new Scenario(Implementation.valueOf(text(node, "implementation")), fault(text(node, "fault")),
                integer(node, "payments"), integer(node, "copies"), integer(node, "pollers"), number(node, "seed").longValue(),
                integer(node, "accounts"),
                node.has("conflictHoldNanos") ? Optional.of(Duration.ofNanos(number(node, "conflictHoldNanos").longValue()))
                        : Optional.empty());
    }

    /** How the file names a fault: {@code Kind.NAME}, e.g. {@code DependencyFault.REDIS_STOPPED}. */
    static String faultName(Fault fault) {
        return fault.getClass().getSimpleName() + "." + ((Enum<?>) fault).name();
    }

    private static Fault fault(String name) {
        String constant = name.substring(name.indexOf('.') + 1);
        if (name.startsWith("FaultPoint.")) {
            return FaultPoint.valueOf(constant);
        }
        if (name.startsWith("DependencyFault.")) {
            return DependencyFault.valueOf(constant);
        }
        if (name.startsWith("UndecidableMessages.")) {
            return UndecidableMessages.valueOf(constant);
        }
        throw new IllegalArgumentException("fault must be FaultPoint.<NAME>, DependencyFault.<NAME> or UndecidableMessages.<NAME>, was '"
                + name + "'");
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("results file: '" + field + "' must be text in " + node);
        }
        return value.asText();
    }

    private static Number number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isNumber()) {
            throw new IllegalArgumentException("results file: '" + field + "' must be a number in " + node);
        }
        return value.numberValue();
    }

    private static int integer(JsonNode node, String field) {
        return Math.toIntExact(number(node, field).longValue());
    }

    private static boolean bool(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isBoolean()) {
            throw new IllegalArgumentException("results file: '" + field + "' must be true or false in " + node);
        }
        return value.booleanValue();
    }
}
