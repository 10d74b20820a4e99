package com.example.receiver.internal.redis;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS sockets whose handshake may take the connect timeout, not the read timeout. Jedis sets
 * the read timeout (tens of milliseconds) before it wraps a connection in TLS, so a cold JVM's
 * first handshake (measured here under the Lambda runtime emulator: every batch of a fresh
 * environment missed the cache with a 50 ms limit) would fail before the cache could ever serve.
 * The handshake is done here, once per connection, with the server's name checked as HTTPS
 * does; the read timeout then applies to every command.
 */
final class PatientHandshake extends SSLSocketFactory {

    private final SSLSocketFactory delegate;
    private final int handshakeTimeoutMillis;

    PatientHandshake(SSLSocketFactory delegate, int handshakeTimeoutMillis) {
        this.delegate = delegate;
        this.handshakeTimeoutMillis = handshakeTimeoutMillis;
    }

    @Override
    public Socket createSocket(Socket connected, String host, int port, boolean autoClose) throws IOException {
        SSLSocket tls = (SSLSocket) delegate.createSocket(connected, host, port, autoClose);
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        tls.setSSLParameters(parameters);
        int readTimeout = connected.getSoTimeout();
        tls.setSoTimeout(handshakeTimeoutMillis);
        tls.startHandshake();
        tls.setSoTimeout(readTimeout);
        return tls;
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return delegate.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return delegate.getSupportedCipherSuites();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return delegate.createSocket(host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return delegate.createSocket(host, port, localHost, localPort);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return delegate.createSocket(host, port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return delegate.createSocket(address, port, localAddress, localPort);
    }
}
