/**
 * The one typed model of {@code template.yaml} ({@link com.example.template.Template#read()}):
 * parameters, Conditions, Rules (evaluated by {@link com.example.template.Rules}), functions with
 * their environment and event sources, queues, tables, alarms, subscriptions and policy
 * statements; intrinsics typed by {@link com.example.template.Intrinsic}. The harnesses' readers
 * (the simulator's windows, the local AWS's tables and messaging, the rehearsal's resolved
 * template, the invariants and docs tests) are views of it.
 */
package com.example.template;
