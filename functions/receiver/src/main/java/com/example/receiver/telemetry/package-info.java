/**
 * Structured logs and CloudWatch embedded-metric-format (EMF) lines, written as JSON lines to a
 * stream (stdout in Lambda, where CloudWatch Logs turns EMF lines into metrics); their settings
 * ({@link com.example.receiver.telemetry.TelemetryConfig}, with Powertools' variables as aliases);
 * and the SLF4J 2 provider ({@link com.example.receiver.telemetry.JsonLogProvider}) that makes
 * the libraries' logs lines of the same stream.
 */
package com.example.receiver.telemetry;
