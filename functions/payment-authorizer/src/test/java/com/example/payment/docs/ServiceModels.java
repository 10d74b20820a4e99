package com.example.payment.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The AWS service models the AWS CLI itself reads: botocore's {@code data/<service>/<api
 * version>/service-2.json(.gz)}, the newest version of each service, from the SAM tools'
 * virtualenv (botocore comes with the SAM CLI; {@code make test} installs it first). The CLI's
 * service names are the folders' ({@code logs}, {@code ec2}), but the few the CLI renames
 * ({@link #CLI_NAMES}: {@code aws deploy} is CodeDeploy's); its operations and options are the
 * model's operation and input member names, hyphenated.
 */
final class ServiceModels {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The CLI's name of a service whose botocore folder is named otherwise, and that folder. */
    private static final Map<String, String> CLI_NAMES = Map.of("deploy", "codedeploy");

    private final Path data;
    private final Map<String, Optional<JsonNode>> models = new HashMap<>();

    private ServiceModels(Path data) {
        this.data = data;
    }

    /** The models in the SAM tools virtualenv of the project at {@code root}. */
    static ServiceModels of(Path root) {
        Path lib = root.resolve(".tools/sam/lib");
        try (Stream<Path> pythons = Files.isDirectory(lib) ? Files.list(lib) : Stream.empty()) {
            return new ServiceModels(pythons.map(python -> python.resolve("site-packages/botocore/data"))
                    .filter(Files::isDirectory).findFirst()
                    .orElseThrow(() -> new IllegalStateException("botocore's service models are missing under " + lib
                            + ": run testing/local-aws/setup-sam-tools.sh (make test does)")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The model of the CLI's service {@code service}, if botocore has one. */
    Optional<JsonNode> model(String service) {
        return models.computeIfAbsent(service, this::load);
    }

    /** The names of the error shapes of {@code service}'s model. */
    Set<String> errors(String service) {
        Set<String> errors = new TreeSet<>();
        model(service).ifPresent(model -> model.path("shapes").properties().forEach(shape -> {
            if (shape.getValue().path("exception").asBoolean(false)) {
                errors.add(shape.getKey());
            }
        }));
        return errors;
    }

    /** The CLI's name of a model's name: {@code DescribeVpcAttribute} -> {@code describe-vpc-attribute}. */
    static String cliName(String name) {
        return name.replaceAll("(.)([A-Z][a-z]+)", "$1-$2").replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** A name compared as the CLI matches it: without hyphens, in lower case. */
    static String key(String name) {
        return name.replace("-", "").toLowerCase(Locale.ROOT);
    }

    private Optional<JsonNode> load(String service) {
        Path folder = data.resolve(CLI_NAMES.getOrDefault(service, service));
        if (!service.matches("[a-z0-9-]+") || !Files.isDirectory(folder)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(folder)) {
            Optional<Path> newest = versions.filter(Files::isDirectory).max(Comparator.comparing(Path::getFileName));
            if (newest.isEmpty()) {
                return Optional.empty();
            }
            Path plain = newest.get().resolve("service-2.json");
            Path zipped = newest.get().resolve("service-2.json.gz");
            if (Files.isRegularFile(plain)) {
                return Optional.of(JSON.readTree(plain.toFile()));
            }
            try (InputStream in = new GZIPInputStream(Files.newInputStream(zipped))) {
                return Optional.of(JSON.readTree(in));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model of " + service, e);
        }
    }
}
