package com.example.rehearse.calls;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The distinct calls of the recordings: the committed set ({@value #COMMITTED}, what the tests
 * of the project make the functions call) and the calls the local AWS recorded in this checkout
 * ({@value #RECORDING}: {@code make test}'s end-to-end tests, {@code make demo} and
 * {@code make up} write there; a named local AWS, such as a benchmark's, writes elsewhere and is
 * not read). A call recorded now but missing from the committed
 * set is new: the rehearsal refuses it until the set is written again ({@code make rehearse RECORD=1}),
 * so that a new call is reviewed with the grant and route it needs.
 *
 * <p>The calls of the single-write commit ({@value #SINGLE_WRITE}) are apart: a function makes
 * them only with {@code COMMIT_MODE=single-write} (across Regions), instead of its transaction's,
 * so the rehearsal holds to them only the sets that deploy it so. They are written from the
 * design (docs/multi-region.md, design (b): per payment a consistent read of the record and of the
 * account, one conditional update of the account, then the ledger entry and the record), one line
 * per call in the form of the recordings.
 */
public final class RecordedCalls {

    public static final String COMMITTED = "infra/rehearse/recorded-calls.jsonl";
    public static final String RECORDING = "target/local-aws/calls.jsonl";
    public static final String SINGLE_WRITE = "infra/rehearse/single-write-calls.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Set<RecordedCall> committed;
    private final Set<RecordedCall> recorded;
    private final List<Path> files;
    private final Set<RecordedCall> singleWrite;

    private RecordedCalls(Set<RecordedCall> committed, Set<RecordedCall> recorded, List<Path> files, Set<RecordedCall> singleWrite) {
        this.committed = committed;
        this.recorded = recorded;
        this.files = files;
        this.singleWrite = singleWrite;
    }

    /** Reads the committed set and this checkout's recording under {@code root}. */
    public static RecordedCalls read(Path root) {
        Set<RecordedCall> committed = new LinkedHashSet<>(lines(root.resolve(COMMITTED)));
        List<Path> files = recordings(root);
        Set<RecordedCall> recorded = new LinkedHashSet<>();
        files.forEach(file -> recorded.addAll(lines(file)));
        return new RecordedCalls(committed, recorded, files, new LinkedHashSet<>(lines(root.resolve(SINGLE_WRITE))));
    }

    /** The calls of the single-write commit ({@value #SINGLE_WRITE}), made instead of the transaction's. */
    public Set<RecordedCall> singleWrite() {
        return singleWrite;
    }

    /** Every call to rehearse: the committed ones and those recorded now. */
    public Set<RecordedCall> all() {
        Set<RecordedCall> all = new LinkedHashSet<>(committed);
        all.addAll(recorded);
        return all;
    }

    /** Calls recorded now that the committed set lacks. */
    public Set<RecordedCall> uncommitted() {
        Set<RecordedCall> missing = new LinkedHashSet<>(recorded);
        missing.removeAll(committed);
        return missing;
    }

    public List<Path> files() {
        return files;
    }

    /** Writes the calls recorded now (or, with none, the committed ones) as the committed set, sorted. */
    public void commit(Path root) {
        Set<String> lines = new TreeSet<>();
        (recorded.isEmpty() ? committed : recorded).forEach(call -> lines.add(line(call)));
        try {
            Files.write(root.resolve(COMMITTED), lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + COMMITTED, e);
        }
    }

    private static List<Path> recordings(Path root) {
        Path recording = root.resolve(RECORDING);
        return Files.exists(recording) ? List.of(recording) : List.of();
    }

    private static List<RecordedCall> lines(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<RecordedCall> calls = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) {
                    calls.add(call(JSON.readTree(line)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return calls;
    }

    private static RecordedCall call(JsonNode line) {
        // A transaction of five payments names one table five times: what it needs is the set.
        Set<RecordedCall.Resource> resources = new TreeSet<>(Comparator.comparing(RecordedCall.Resource::kind)
                .thenComparing(RecordedCall.Resource::name).thenComparing(RecordedCall.Resource::part));
        line.path("resources").forEach(resource -> resources.add(new RecordedCall.Resource(resource.path("kind").asText(),
                LocalNames.logicalId(resource.path("kind").asText(), resource.path("name").asText()), resource.path("part").asText(""))));
        return new RecordedCall(line.path("function").asText(), line.path("phase").asText("unknown"),
                line.path("service").asText(), line.path("operation").asText(), List.copyOf(resources));
    }

    private static String line(RecordedCall call) {
        ObjectNode node = JSON.createObjectNode();
        node.put("function", call.function());
        node.put("phase", call.phase());
        node.put("service", call.service());
        node.put("operation", call.operation());
        ArrayNode resources = node.putArray("resources");
        call.resources().forEach(resource -> {
            ObjectNode entry = resources.addObject().put("kind", resource.kind()).put("name", resource.name());
            if (!resource.part().isEmpty()) {
                entry.put("part", resource.part());
            }
        });
        return node.toString();
    }
}
