/**
 * The authorizer's pre-traffic hook: CodeDeploy invokes it after publishing a new version and
 * before moving any of the alias's traffic to it. It sends the new version one smoke payment on
 * the smoke account, as its SQS event source would, checks the answer (no batch item failure),
 * the payment's record and the smoke account's balance in DynamoDB, and reports
 * {@code Succeeded} or {@code Failed} to CodeDeploy, which on {@code Failed} stops the deployment
 * before the alias moves. {@link com.example.pretraffic.SmokeCheck} is the check, over three
 * small interfaces ({@link com.example.pretraffic.NewVersion},
 * {@link com.example.pretraffic.SmokeReads}, {@link com.example.pretraffic.LifecycleHook});
 * the rest are their AWS implementations and the handler.
 */
package com.example.pretraffic;
