/**
 * Local invokes of a Lambda function's real handler: under the AWS Lambda Runtime Interface
 * Emulator ({@code aws-lambda-rie}, built by {@code testing/local-aws/setup-rie.sh}) with the Lambda
 * Java runtime interface client, the way Lambda's {@code java21} runtime runs it, one emulator
 * process per function kept warm across invocations; or, when the emulator cannot be had, a
 * direct invoke in a fresh JVM through the same client's handler loading and serialization.
 * Either way the function's process signs as the function and says the Lambda phase of each of
 * its AWS calls ({@link com.example.localaws.invoke.LambdaPhaseInterceptor}), for the launcher's
 * recording ({@link com.example.localaws.CallRecording}).
 */
package com.example.localaws.invoke;
