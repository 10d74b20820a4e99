/**
 * The receiver's test kit for a domain's tests, usable from any project by its coordinates
 * ({@code io.github.idempotentreceiver:receiver-testkit}, test scope): {@link
 * com.example.receiver.testkit.LocalAwsKit}, a JUnit 5 extension that starts the local AWS (the
 * moto launcher, carried in this jar with its pinned requirements, run in a virtualenv cached once
 * per machine) and makes the tables a test declares ({@link com.example.receiver.testkit.TableSpec});
 * with the DynamoDB call counter, the launcher's faults, its transaction conflicts and write
 * capacity, and AWS's time. The project's own local AWS ({@code testing/local-aws}) builds on it.
 */
package com.example.receiver.testkit;
