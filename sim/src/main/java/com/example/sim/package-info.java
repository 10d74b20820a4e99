/**
 * The simulation ({@code make simulate}): the real receiver, wired once by {@code SimulatedReceiver}
 * through {@code IdempotentReceiver.builder}, on a virtual clock ({@code Scheduler}, fibers that
 * interleave at each AWS call) against the executable models of {@code com.example.sim.model};
 * Lambda and its SQS event source ({@code LambdaService}), producers, operators and a fault
 * schedule drawn from one seed; oracles after every run; shrinking to a replayable command.
 * A run is a pure function of its {@code Trace}.
 */
package com.example.sim;
