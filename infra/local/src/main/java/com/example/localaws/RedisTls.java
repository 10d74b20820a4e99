package com.example.localaws;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import redis.clients.jedis.DefaultJedisClientConfig;

/**
 * The local Redis's TLS material: a throwaway certificate authority and a server certificate for
 * {@code 127.0.0.1} signed by it, made once with the {@code openssl} command line under
 * {@code target/local-aws/tls} (git-ignored, never committed) and reused by later runs. Clients
 * trust the CA ({@link #caFile()}, given to the function as {@code FAST_PATH_CA_FILE}), as the
 * function trusts Amazon's CA in AWS.
 *
 * @param caFile   the CA certificate (PEM)
 * @param certFile the server certificate (PEM), subject alternative names {@code IP:127.0.0.1} and {@code DNS:localhost}
 * @param keyFile  the server's private key (PEM)
 */
public record RedisTls(Path caFile, Path certFile, Path keyFile) {

    /** The project's material, under {@code <root>/target/local-aws/tls}, made first when missing. */
    public static RedisTls in(Path root) {
        return under(root.resolve("target/local-aws/tls"));
    }

    /** The material under {@code folder}, made first when missing. */
    static synchronized RedisTls under(Path folder) {
        Path current = folder.resolve("current");
        RedisTls tls = new RedisTls(current.resolve("ca.crt"), current.resolve("redis.crt"), current.resolve("redis.key"));
        if (Files.isRegularFile(tls.caFile)) {
            return tls;
        }
        try {
            Files.createDirectories(folder);
            // Made in a private folder, then renamed into place at once: two JVMs starting together
            // never see a half-written or mixed set (the loser's rename fails; it uses the winner's).
            Path work = Files.createTempDirectory(folder, "making-");
            openssl(work, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt",
                    "-days", "3650", "-subj", "/CN=idempotent-receiver local CA");
            openssl(work, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "redis.key", "-out", "redis.csr",
                    "-subj", "/CN=127.0.0.1");
            Files.writeString(work.resolve("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
            openssl(work, "x509", "-req", "-in", "redis.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "redis.crt", "-days", "3650", "-extfile", "san.ext");
            try {
                Files.move(work, current, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException anotherWon) {
                if (!Files.isRegularFile(tls.caFile)) {
                    throw anotherWon;
                }
            }
            return tls;
        } catch (IOException e) {
            throw new UncheckedIOException("could not make the local Redis TLS material in " + folder, e);
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

    /** A client configuration over TLS, trusting only the local CA and checking the server's name. */
    public DefaultJedisClientConfig clientConfig(Duration timeout) {
        try (InputStream pem = Files.newInputStream(caFile)) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry("local-ca", CertificateFactory.getInstance("X.509").generateCertificate(pem));
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            SSLParameters parameters = new SSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            int millis = Math.toIntExact(timeout.toMillis());
            return DefaultJedisClientConfig.builder().serverDefaultProtocol().ssl(true).sslSocketFactory(context.getSocketFactory())
                    .sslParameters(parameters).connectionTimeoutMillis(millis).socketTimeoutMillis(millis).build();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + caFile, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not trust " + caFile, e);
        }
    }
}
