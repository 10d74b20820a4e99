/**
 * Structured logs and CloudWatch embedded-metric-format (EMF) lines, written as JSON lines to a
 * stream (stdout in Lambda, where CloudWatch Logs turns EMF lines into metrics).
 */
package com.example.receiver.telemetry;
