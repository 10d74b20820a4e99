package com.example.receiver.internal.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/** TLS trust for a cache whose certificate chains to a CA of one's own (the local cluster's). */
final class TrustedCa {

    private TrustedCa() {
    }

    /** Sockets that trust the certificates in the PEM file {@code caFile}, and only those. */
    static SSLSocketFactory socketFactory(Path caFile) {
        try (InputStream pem = Files.newInputStream(caFile)) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int index = 0;
            for (Certificate ca : CertificateFactory.getInstance("X.509").generateCertificates(pem)) {
                trusted.setCertificateEntry("ca-" + index++, ca);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context.getSocketFactory();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the CA file " + caFile, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a usable CA certificate file: " + caFile, e);
        }
    }

    /** Parameters that check the server's certificate names the host connected to (as HTTPS does). */
    static SSLParameters verifyingHostName() {
        SSLParameters parameters = new SSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        return parameters;
    }
}
