package com.example.localaws;

import com.example.localaws.proxy.LoopbackProxy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import redis.clients.jedis.DefaultJedisClientConfig;
import software.amazon.awssdk.http.TlsTrustManagersProvider;

/**
 * The local servers' TLS material: a throwaway certificate authority and, signed by it, a server
 * certificate for the Redis nodes and one for the local AWS endpoint (the moto launcher), each for
 * {@code 127.0.0.1} and {@code localhost}; plus a PKCS12 trust store holding only the CA. Made once
 * with the {@code openssl} command line under {@code target/local-aws/tls} (git-ignored, never
 * committed) and reused by later runs. Clients trust the CA as a function trusts Amazon's CAs in
 * AWS: the function's Redis client through {@code FAST_PATH_CA_FILE} ({@link #caFile()}), its AWS
 * SDK clients through the JVM's default trust, which the harness points at {@link #trustStore()}
 * ({@link #jvmTrustOptions()}); Python and the AWS CLI through {@code AWS_CA_BUNDLE}.
 *
 * @param caFile     the CA certificate (PEM)
 * @param redisCert  the Redis nodes' certificate (PEM)
 * @param redisKey   its private key (PEM)
 * @param awsCert    the local AWS endpoint's certificate (PEM)
 * @param awsKey     its private key (PEM)
 * @param trustStore the CA alone, as a password-less PKCS12 trust store (for {@code javax.net.ssl.trustStore})
 */
public record LocalTls(Path caFile, Path redisCert, Path redisKey, Path awsCert, Path awsKey, Path trustStore) {

    /**
     * The setting that turns TLS off for the local AWS endpoint (plain {@code http://}, for
     * reading the traffic while debugging): the system property {@value #TLS_PROPERTY}, else the
     * environment variable {@value #TLS_VARIABLE}; {@code true} (TLS, as AWS) when neither is set.
     */
    public static final String TLS_VARIABLE = "LOCAL_AWS_TLS";
    /** The system property form of {@link #TLS_VARIABLE}. */
    public static final String TLS_PROPERTY = "local.aws.tls";

    /** The project's material, under {@code <root>/target/local-aws/tls}, made first when missing. */
    public static LocalTls in(Path root) {
        return under(root.resolve("target/local-aws/tls"));
    }

    /**
     * Whether the local AWS endpoint speaks TLS, as {@code properties} and {@code environment} ask.
     *
     * @throws IllegalArgumentException naming the setting, when it is neither true nor false
     */
    public static boolean awsEndpointTls(Map<?, ?> properties, Map<String, String> environment) {
        Optional<String> property = Optional.ofNullable(properties.get(TLS_PROPERTY)).map(Object::toString)
                .filter(value -> !value.isBlank());
        String source = property.isPresent() ? TLS_PROPERTY : TLS_VARIABLE;
        String value = property.or(() -> Optional.ofNullable(environment.get(TLS_VARIABLE)).filter(v -> !v.isBlank()))
                .orElse("true").strip();
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(source + " must be true or false, was '" + value + "'");
        };
    }

    /** Whether this JVM's local AWS endpoint speaks TLS ({@link #awsEndpointTls(Map, Map)} of its own settings). */
    public static boolean awsEndpointTls() {
        return awsEndpointTls(System.getProperties(), System.getenv());
    }

    /** The material under {@code folder}, made first when missing. */
    static synchronized LocalTls under(Path folder) {
        // "ca-v2": the first layout ("current") held the Redis certificate only.
        Path current = folder.resolve("ca-v2");
        LocalTls tls = new LocalTls(current.resolve("ca.crt"), current.resolve("redis.crt"), current.resolve("redis.key"),
                current.resolve("aws.crt"), current.resolve("aws.key"), current.resolve("ca.p12"));
        if (Files.isRegularFile(tls.trustStore)) {
            return tls;
        }
        try {
            Files.createDirectories(folder);
            // Made in a private folder, then renamed into place at once: two JVMs starting together
            // never see a half-written or mixed set (the loser's rename fails; it uses the winner's).
            Path work = Files.createTempDirectory(folder, "making-");
            openssl(work, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt",
                    "-days", "3650", "-subj", "/CN=idempotent-receiver local CA");
            Files.writeString(work.resolve("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
            for (String server : List.of("redis", "aws")) {
                openssl(work, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", server + ".key", "-out", server + ".csr",
                        "-subj", "/CN=127.0.0.1");
                openssl(work, "x509", "-req", "-in", server + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                        "-CAcreateserial", "-out", server + ".crt", "-days", "3650", "-extfile", "san.ext");
            }
            try (OutputStream out = Files.newOutputStream(work.resolve(tls.trustStore.getFileName()))) {
                trusting(work.resolve("ca.crt")).store(out, null);
            }
            try {
                Files.move(work, current, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException anotherWon) {
                if (!Files.isRegularFile(tls.trustStore)) {
                    throw anotherWon;
                }
            }
            return tls;
        } catch (IOException e) {
            throw new UncheckedIOException("could not make the local TLS material in " + folder, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not write the local trust store in " + folder, e);
        }
    }

    private static void openssl(Path folder, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(folder.resolve("openssl.log").toFile())
                .start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException("openssl " + arguments[0] + " failed; see " + folder.resolve("openssl.log"));
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** A PKCS12 key store holding the CA certificate in {@code caPem} as its one trusted entry. */
    private static KeyStore trusting(Path caPem) throws IOException, GeneralSecurityException {
        try (InputStream pem = Files.newInputStream(caPem)) {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry("local-ca", CertificateFactory.getInstance("X.509").generateCertificate(pem));
            return trusted;
        }
    }

    /**
     * The JVM options that make a process's default trust the local CA and nothing else, as
     * Lambda's JVM trusts Amazon's CAs: for the command line of a function's runtime, which
     * reaches the local AWS with the SDK's default TLS settings, as in AWS.
     */
    public List<String> jvmTrustOptions() {
        return List.of("-Djavax.net.ssl.trustStore=" + trustStore, "-Djavax.net.ssl.trustStoreType=PKCS12");
    }

    /**
     * Makes this JVM's default trust the local CA (the system properties of
     * {@link #jvmTrustOptions()}), for the functions a test runs in its own JVM: their SDK clients
     * build their TLS context from the default trust managers, which read these properties each
     * time one is made. Called before any function is built (by {@link LocalAws}); a client built
     * before keeps the trust it had.
     */
    public void trustInThisJvm() {
        System.setProperty("javax.net.ssl.trustStore", trustStore.toString());
        System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");
    }

    /** Trust managers trusting only the local CA. */
    public TrustManager[] trustManagers() {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusting(caFile));
            return trust.getTrustManagers();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + caFile, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not trust " + caFile, e);
        }
    }

    /** The same, for an AWS SDK HTTP client ({@code tlsTrustManagersProvider}). */
    public TlsTrustManagersProvider sdkTrust() {
        TrustManager[] managers = trustManagers();
        return () -> managers;
    }

    /** A TLS context trusting only the local CA. */
    public SSLContext sslContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not make a TLS context trusting " + caFile, e);
        }
    }

    /**
     * A TLS context answering handshakes with the local AWS endpoint's certificate (chained to the
     * CA), for a server of the harness's own in front of the launcher ({@link LoopbackProxy}).
     */
    public SSLContext awsServerContext() {
        try {
            String pem = Files.readString(awsKey);
            byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
            PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            Certificate[] chain = new Certificate[2];
            try (InputStream server = Files.newInputStream(awsCert); InputStream ca = Files.newInputStream(caFile)) {
                chain[0] = x509.generateCertificate(server);
                chain[1] = x509.generateCertificate(ca);
            }
            // An in-memory key store: its password protects nothing and is never written.
            char[] password = "in-memory".toCharArray();
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("aws", key, password, chain);
            KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(keys, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(managers.getKeyManagers(), null, null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + awsKey + " or " + awsCert, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not serve with " + awsCert, e);
        }
    }

    /** A Redis client configuration over TLS, trusting only the local CA and checking the server's name. */
    public DefaultJedisClientConfig clientConfig(Duration timeout) {
        SSLParameters parameters = new SSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        int millis = Math.toIntExact(timeout.toMillis());
        return DefaultJedisClientConfig.builder().serverDefaultProtocol().ssl(true).sslSocketFactory(sslContext().getSocketFactory())
                .sslParameters(parameters).connectionTimeoutMillis(millis).socketTimeoutMillis(millis).build();
    }
}
