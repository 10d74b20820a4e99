package com.example.sim.compat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The last release's subscriber of the decision messages, the notifier, as it reads a message's
 * body ({@code Notification.fromEvent}: the notification an approval asks for, none for a decline,
 * an error for a body it cannot read), loaded from the release's package
 * ({@code functions/payment-notifier-<version>.jar}) in a {@link ReleaseLoader} of its own. The
 * working tree publishes; a subscriber deployed from the release must still read what it publishes.
 *
 * @param version   the release's version
 * @param fromEvent the release's {@code Notification.fromEvent(String)}
 */
public record ReleasedNotifier(String version, Method fromEvent) {

    private static final String NOTIFICATION = "com.example.payment.notifier.Notification";

    /** The notifier of the release built in {@code folder}. */
    public static ReleasedNotifier in(Path folder) {
        try {
            Method read = ReleaseLoader.ofFunction(folder, "payment-notifier").loadClass(NOTIFICATION)
                    .getDeclaredMethod("fromEvent", String.class);
            read.setAccessible(true); // the handler's own reading, kept to its package
            return new ReleasedNotifier(ReleaseLoader.version(folder), read);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("release " + ReleaseLoader.version(folder)
                    + "'s notifier has no Notification.fromEvent(String) as 1.0.0's", e);
        }
    }

    /** What the released notifier reads of one message's body. */
    public sealed interface Read {

        /** It asks for a notification of {@code transactionId}'s approval. */
        record Notifies(String transactionId) implements Read {
        }

        /** It asks for none (a decline, or an event type it does not notify). */
        record NotifiesNobody() implements Read {
        }

        /** It cannot read the body: {@code why}. */
        record Unreadable(String why) implements Read {
        }
    }

    /** The released notifier's reading of {@code body}. */
    public Read read(String body) {
        try {
            Optional<?> notification = (Optional<?>) fromEvent.invoke(null, body);
            if (notification.isEmpty()) {
                return new Read.NotifiesNobody();
            }
            Object read = notification.get();
            return new Read.Notifies((String) read.getClass().getMethod("transactionId").invoke(read));
        } catch (InvocationTargetException e) {
            return new Read.Unreadable(String.valueOf(e.getCause().getMessage()));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the released notifier's Notification is not as 1.0.0's", e);
        }
    }
}
