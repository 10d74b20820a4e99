package com.example.payment.notifier;

/**
 * The push API did not admit the notifier: it refused the credential (401 or 403), or there was
 * no credential to send (its secret unreadable). That is not the notification's fault: it is
 * retried, never dead-lettered, and once the credential is fixed it goes out.
 */
public final class PushAuthRejectedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private PushAuthRejectedException(String message) {
        super(message);
    }

    /** The push API answered {@code status} (401 or 403). */
    static PushAuthRejectedException refused(int status) {
        return new PushAuthRejectedException("push API refused our credential with " + status);
    }

    /** No credential to send: {@code secretId} could not be read (its ERROR line says why). */
    static PushAuthRejectedException unreadable(String secretId) {
        return new PushAuthRejectedException("no push API credential: secret " + secretId + " unreadable");
    }
}
