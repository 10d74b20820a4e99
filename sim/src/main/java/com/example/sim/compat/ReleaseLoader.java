package com.example.sim.compat;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A class loader for one released package: the project's own classes ({@code com.example.}: the
 * payment domain, the receiver, the Lambda kit) from the release's jar first, so that the released
 * code runs as it shipped; every other class from the simulation's class path (the JDK, the AWS
 * SDK, the Lambda events, Jackson, the Redis client), so that the released code and the
 * simulation's models meet at the same SDK interfaces ({@code DynamoDbClient}, {@code SqsClient},
 * {@code SQSEvent}). A project class the release does not hold is not taken from the simulation:
 * the released code would be mixed with the working tree's.
 */
final class ReleaseLoader extends URLClassLoader {

    private static final String PROJECT = "com.example.";

    static {
        registerAsParallelCapable();
    }

    private ReleaseLoader(String name, URL[] jars, ClassLoader parent) {
        super(name, jars, parent);
    }

    /**
     * A loader of the function package {@code function} of the release built in {@code folder}
     * ({@code target/last-release/<version>}, its version the folder's name):
     * {@code functions/<function>-<version>.jar}.
     */
    static ReleaseLoader ofFunction(Path folder, String function) {
        Path jar = folder.resolve("functions").resolve(function + "-" + version(folder) + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("no released " + function + " at " + jar + ": make last-release builds it");
        }
        return of(function + "-" + version(folder), List.of(jar));
    }

    /** The version of the release built in {@code folder}: the folder's name, {@code x.y.z}. */
    static String version(Path folder) {
        return folder.getFileName().toString();
    }

    /** A loader of {@code jars}, named {@code name}, the simulation's own loader its parent. */
    static ReleaseLoader of(String name, List<Path> jars) {
        URL[] urls = jars.stream().map(ReleaseLoader::url).toArray(URL[]::new);
        return new ReleaseLoader(name, urls, ReleaseLoader.class.getClassLoader());
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(jar + " is not a jar's path", e);
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(PROJECT)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                loaded = findClass(name); // never the parent's: the release holds every class of its own
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }
}
