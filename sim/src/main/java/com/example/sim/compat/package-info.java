/**
 * Two versions of the authorizer side by side ({@code make compat-sim}): the last release, loaded
 * from its own jars in a class loader of its own ({@link com.example.sim.compat.ReleaseLoader}:
 * the project's classes from the release, the AWS SDK, the Lambda events, Jackson and the JDK
 * from the simulation, so that the released code calls the simulation's models through the same
 * SDK interfaces), built through its own {@code PaymentAuthorizer.builder} with the simulation's
 * {@link com.example.sim.compat.Seams} ({@link com.example.sim.compat.ReleasedVersion}); its
 * answers read back as values ({@link com.example.sim.compat.ReleasedAnswers}); and each
 * version's reader of the records and of the decision messages
 * ({@link com.example.sim.compat.RecordReaders}, {@link com.example.sim.compat.ReleasedNotifier}),
 * which the compatibility oracles ask.
 */
package com.example.sim.compat;
