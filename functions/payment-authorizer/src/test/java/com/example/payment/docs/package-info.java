/**
 * The project's documentation as code under test: README.md, docs/*.md, events/README.md and
 * the files of events/. Every payment message they show goes through the real
 * {@link com.example.payment.PaymentParser}; every command of their {@code sh} blocks is checked
 * against what it names (a Makefile target and its variables, a samconfig.toml environment, a
 * template.yaml Output, an AWS operation, a script); the deploy guide's smoke test runs end to
 * end in {@code com.example.payment.authorizer.DeployGuideSmokeTest}. Every problem is reported
 * with the file and line it is on.
 */
package com.example.payment.docs;
