/**
 * A local push-notification API for tests and the demo: a real HTTP server on 127.0.0.1 that
 * honours {@code Idempotency-Key} the way Stripe-style APIs do, and fails, delays or hangs on
 * request.
 */
package com.example.localaws.push;
