/**
 * {@code make demo}: the payment authorizer's main job on the local AWS. A realistic stream of
 * payments with duplicates of several kinds, conflicts and poison messages goes through SQS and
 * the local event source mapping into the real handler, while faults are injected; the run ends
 * with a report and a check of every balance against what the unique payments imply.
 */
package com.example.demo;
