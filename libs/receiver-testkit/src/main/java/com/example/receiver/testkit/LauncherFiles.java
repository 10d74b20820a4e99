package com.example.receiver.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The moto launcher's Python modules and its pinned requirements, carried in this jar under
 * {@value #FOLDER}, and their copy on disk, where an interpreter can run them: made once per
 * content under the cache folder ({@link KitCache}), in a private folder renamed into place, so
 * that two test JVMs starting together never see a half-written copy.
 */
public final class LauncherFiles {

    /** The jar's folder holding the launcher's files. */
    public static final String FOLDER = "receiver-testkit/launcher";
    /** The launcher's script, in {@link #FOLDER}. */
    public static final String LAUNCHER = "moto_launcher.py";
    /** Its pinned requirements (a {@code pip freeze}), in {@link #FOLDER}. */
    public static final String REQUIREMENTS = "requirements-moto.txt";

    private static Path extracted;

    private LauncherFiles() {
    }

    /** {@return the folder holding the launcher's files on disk, made on first use} */
    public static synchronized Path extracted() {
        if (extracted == null) {
            SortedMap<String, byte[]> files = read();
            Path folder = KitCache.folder().resolve("launcher-" + digest(files));
            if (!Files.isRegularFile(folder.resolve(LAUNCHER))) {
                write(files, folder);
            }
            extracted = folder;
        }
        return extracted;
    }

    /** The pinned requirements' text. */
    static byte[] requirements() {
        byte[] text = read().get(REQUIREMENTS);
        if (text == null) {
            throw missing(REQUIREMENTS);
        }
        return text;
    }

    /** Every file of {@link #FOLDER}, by name, read from this jar (or from the classes folder in a build). */
    static SortedMap<String, byte[]> read() {
        URL launcher = LauncherFiles.class.getClassLoader().getResource(FOLDER + "/" + LAUNCHER);
        if (launcher == null) {
            throw missing(LAUNCHER);
        }
        try {
            URI uri = launcher.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem jar = jarFileSystem(uri)) {
                    return readFolder(jar.getPath(FOLDER));
                }
            }
            return readFolder(Path.of(uri).getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the launcher's files from " + launcher, e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the launcher's URL is no URI: " + launcher, e);
        }
    }

    /** The jar {@code uri} ({@code jar:file:...!/...}) points into, opened on its own (never a view another reader holds). */
    private static FileSystem jarFileSystem(URI uri) throws IOException {
        String jar = uri.getRawSchemeSpecificPart();
        return FileSystems.newFileSystem(Path.of(URI.create(jar.substring(0, jar.indexOf("!/")))));
    }

    private static SortedMap<String, byte[]> readFolder(Path folder) throws IOException {
        SortedMap<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> listed = Files.list(folder)) {
            for (Path file : listed.filter(Files::isRegularFile).toList()) {
                try (InputStream in = Files.newInputStream(file)) {
                    files.put(file.getFileName().toString(), in.readAllBytes());
                }
            }
        }
        if (!files.containsKey(REQUIREMENTS)) {
            throw missing(REQUIREMENTS);
        }
        return files;
    }

    private static IllegalStateException missing(String file) {
        return new IllegalStateException("receiver-testkit's jar holds no " + FOLDER + "/" + file
                + ": the moto launcher cannot start; use the published receiver-testkit jar (a repackaged"
                + " or shaded test classpath must keep its " + FOLDER + " resources)");
    }

    private static void write(SortedMap<String, byte[]> files, Path folder) {
        try {
            Files.createDirectories(folder.getParent());
            Path work = Files.createTempDirectory(folder.getParent(), "making-");
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Files.write(work.resolve(file.getKey()), file.getValue());
            }
            try {
                Files.move(work, folder, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException anotherWon) {
                if (!Files.isRegularFile(folder.resolve(LAUNCHER))) {
                    throw anotherWon;
                }
                KitCache.delete(work);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the launcher's files to " + folder, e);
        }
    }

    /** The first 16 hex digits of the SHA-256 of {@code files}' names and contents. */
    static String digest(SortedMap<String, byte[]> files) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            files.forEach((name, content) -> {
                sha.update(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(content);
            });
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
