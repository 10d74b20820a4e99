package com.example.sim;

/**
 * What the simulation notes on one message (and keeps through the DLQ and a redrive): whether any
 * of its receives failed for a reason that is not a passing one (a 500, a crash, a timeout), so
 * that a message the redrive policy dead-letters after passing failures alone (throttling,
 * contention) is told apart.
 */
final class Copy {
    boolean hardFailure;
}
