/**
 * A local push-notification API for tests and the demo: a real HTTP server on 127.0.0.1 that
 * honours {@code Idempotency-Key} the way Stripe-style APIs do, and fails, delays or hangs on
 * request. It runs in the caller's process, or in a background JVM of its own for {@code make up};
 * its {@code GET /notifications} lets another process read what it delivered.
 */
package com.example.localaws.push;
