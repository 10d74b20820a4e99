/**
 * What every function of the project writes the same way: structured JSON log lines
 * ({@link com.example.lambdakit.telemetry.FunctionLog}) and CloudWatch embedded-metric-format
 * lines ({@link com.example.lambdakit.telemetry.EmfMetrics}, of a function's own
 * {@link com.example.lambdakit.telemetry.Metric} catalogue) on one stream (stdout in Lambda,
 * where CloudWatch Logs turns EMF lines into metrics), each stamped with its
 * {@link com.example.lambdakit.telemetry.Invocation} (request id, cold start, trace id); their
 * settings ({@link com.example.lambdakit.telemetry.TelemetryConfig}, with Powertools' variables as
 * aliases); and the SLF4J 2 provider ({@link com.example.lambdakit.telemetry.JsonLogProvider}) that
 * makes the libraries' logs lines of the same stream. Nothing here knows an idempotency pattern or
 * a domain.
 */
package com.example.lambdakit.telemetry;
