/**
 * What a test, a benchmark, the demo or the simulation gives a Lambda function in place of
 * Lambda itself: one {@link com.example.lambdafakes.LambdaContext} whose remaining time counts
 * down to a deadline on any clock (the host's monotonic one, or a simulation's virtual one), and
 * one {@link com.example.lambdafakes.VirtualClock} that a caller moves (past a record's TTL, a
 * key's refresh, a signature window) for every reader at once. Test support: nothing here
 * knows the receiver or payments.
 */
package com.example.lambdafakes;
