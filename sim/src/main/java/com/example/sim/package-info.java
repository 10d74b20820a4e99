/**
 * The simulation ({@code make simulate}): the command and its report ({@code SimulateCommand},
 * {@code Result}, {@code Shrinker}, {@code Trace}, {@code Profile}), one run's wiring
 * ({@code Simulation}; {@code SimulatedReceiver}, the real receiver built through the function's own
 * {@code PaymentAuthorizer.builder}; the fast path's {@code CacheSetup}; the way downstream,
 * {@code Downstream}; a gradual deploy's, {@code Canary}, {@code CanarySetup}, and its profile,
 * {@code CanaryRun}; two versions side by side, {@code Compat}, {@code CompatSetup}, and their
 * profile, {@code CompatRun}) and the template's windows ({@code TemplateWindows}). Beneath it, as
 * FoundationDB and TigerBeetle shape theirs: {@code runtime} (the scheduler and its fibers),
 * {@code models} (AWS, Lambda among it), {@code deploy} (CodeDeploy and the alarms that stop it),
 * {@code compat} (the last release loaded beside the working tree),
 * {@code workload}, {@code faults} and {@code oracles}.
 * A run is a pure function of its {@code Trace}.
 */
package com.example.sim;
