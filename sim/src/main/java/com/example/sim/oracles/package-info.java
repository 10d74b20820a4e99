/**
 * The checks of a run, one per file: each {@code Oracle} observes typed {@code Event}s (the
 * receiver's answers, the models' truth), never a log line, and judges the tables and queues as
 * the run ends; a failure is a {@code Violation}.
 */
package com.example.sim.oracles;
