/**
 * {@code make compat}: the last release and the working tree deciding the same payments at once
 * on one local AWS, each version's real deployment package in its own runtime process, with
 * redeliveries, producer retries and a rollback midway; oracles over what both left in the tables,
 * the queues and on the topic (docs/deploy.md, "Two versions side by side").
 */
package com.example.compat;
