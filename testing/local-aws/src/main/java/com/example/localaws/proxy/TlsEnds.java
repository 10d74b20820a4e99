package com.example.localaws.proxy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * Where TLS ends and starts again at a loopback proxy.
 *
 * @param serverSide answers the clients' handshakes (its key manager holds the proxy's certificate)
 * @param clientSide reaches the target (its trust managers trust the target's certificate)
 */
public record TlsEnds(SSLContext serverSide, SSLContext clientSide) {

    public TlsEnds {
        Objects.requireNonNull(serverSide, "serverSide");
        Objects.requireNonNull(clientSide, "clientSide");
    }

    /** A server socket on a free port of 127.0.0.1 that answers its clients' handshakes. */
    ServerSocket serverSocket() throws IOException {
        return serverSide.getServerSocketFactory().createServerSocket(0, 64, InetAddress.getLoopbackAddress());
    }

    /**
     * {@code plain}, connected to {@code target}, as a TLS connection that checks the target's
     * name as HTTPS does (its handshake on the first bytes, in a pump's thread).
     */
    Socket toTarget(Socket plain, InetSocketAddress target) throws IOException {
        SSLSocket secure = (SSLSocket) clientSide.getSocketFactory()
                .createSocket(plain, target.getHostString(), target.getPort(), true);
        SSLParameters parameters = secure.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        secure.setSSLParameters(parameters);
        return secure;
    }
}
