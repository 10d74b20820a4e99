/**
 * The project's documentation as code under test: README.md, docs/*.md, events/README.md and
 * the files of events/. Every payment message they show goes through the real
 * {@link com.example.payment.PaymentParser}; every command of their {@code sh} blocks is checked
 * against what it names (a Makefile target and its variables, a samconfig.toml environment, a
 * template.yaml Output, an AWS operation of the AWS CLI's service models with its required
 * members, a script), as is every {@code aws} command of their running text; the runbook's error
 * names are errors of their services' models; the deploy guide's smoke test runs end to end in
 * {@code com.example.payment.authorizer.DeployGuideSmokeTest}. Every problem is reported with the
 * file and line it is on.
 */
package com.example.payment.docs;
