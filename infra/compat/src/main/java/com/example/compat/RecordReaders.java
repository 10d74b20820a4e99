package com.example.compat;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalTls;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every record of the idempotency table read by one version's own readers: {@link RecordProbe} in
 * a JVM whose classpath is that version's code, so that it is that version's classes that read.
 */
final class RecordReaders {

    /** One record a reader of {@code version} could not read. */
    record Unreadable(String version, String pk, String reader, String why) {
    }

    /** What one version's readers made of the table. */
    record Reading(String version, long items, List<Unreadable> unreadable) {
        Reading {
            unreadable = List.copyOf(unreadable);
        }
    }

    private RecordReaders() {
    }

    static Reading read(Version version, LocalAws aws, String table) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(LocalTls.in(aws.root()).jvmTrustOptions());
        List<Path> classpath = new ArrayList<>();
        classpath.add(probeClasses());
        classpath.addAll(version.readersClasspath());
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        command.add(RecordProbe.class.getName());
        command.add(table);
        String output = ProcessOutput.of(aws.root(), command, Map.of(
                "AWS_ENDPOINT_URL", aws.endpoint().toString(),
                "AWS_REGION", LocalAws.REGION.id(),
                "AWS_ACCESS_KEY_ID", "compat-record-readers", // the harness's own key: not a function's, not recorded
                "AWS_SECRET_ACCESS_KEY", "local",
                "PATH", "/usr/local/bin:/usr/bin:/bin"));
        long items = -1;
        List<Unreadable> unreadable = new ArrayList<>();
        for (String line : output.lines().toList()) {
            String[] fields = line.split("\t", 3);
            if (fields.length == 2 && fields[0].equals(RecordProbe.ITEMS)) {
                items = Long.parseLong(fields[1]);
            } else if (fields.length == 3) {
                unreadable.add(new Unreadable(version.label(), fields[0], fields[1], fields[2]));
            }
        }
        if (items < 0) {
            throw new IllegalStateException(version.label() + "'s record readers printed no count: " + output);
        }
        return new Reading(version.label(), items, unreadable);
    }

    /** Where this module's classes are: the probe's class alone is loaded from there. */
    private static Path probeClasses() {
        try {
            return Path.of(RecordProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate " + RecordProbe.class, e);
        }
    }
}
