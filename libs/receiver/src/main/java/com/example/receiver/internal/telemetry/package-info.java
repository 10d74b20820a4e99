/**
 * The receiver's {@link com.example.receiver.internal.Telemetry} on the Lambda kit: one JSON log line per
 * message and the receiver's EMF metrics ({@link com.example.receiver.lambda.ReceiverMetrics})
 * once per invocation ({@link com.example.receiver.internal.telemetry.JsonLinesTelemetry}), written through
 * the kit's {@link com.example.lambdakit.telemetry.FunctionLog} and
 * {@link com.example.lambdakit.telemetry.EmfMetrics}.
 */
package com.example.receiver.internal.telemetry;
