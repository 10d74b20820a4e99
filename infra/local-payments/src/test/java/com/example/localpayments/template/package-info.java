/**
 * Tests of {@code template.yaml} itself, over the one template model: the windows of DESIGN.md §8
 * and the IAM rules the deployed stack must keep, one family of checks per class (queues,
 * windows, tables, streams, IAM, secret grants, alarms, parameters, logging), each with a test
 * that breaks every check of its family on a copy of the template.
 */
package com.example.localpayments.template;
