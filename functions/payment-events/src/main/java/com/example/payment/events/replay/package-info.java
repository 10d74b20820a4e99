/**
 * The replay: publishes again, at least once each, the decisions the stream publisher could not
 * publish before its event source gave up on them (an outage longer than the retries, or a batch
 * skipped behind a failing record), read from the idempotency table, which outlives the stream's
 * 24 hours. By a time window of {@code processedAt}, or by the on-failure queue's records (each
 * names a stream batch's arrival times, which bound the window to read). By the queue, it says per
 * batch which transactions the batch held, read back from the stream while it keeps them
 * ({@code BatchTransactions}), and which of the window's decisions it published for the first
 * time or again ({@code BatchReport}). The same code runs locally ({@code make replay}) and
 * against AWS (the default credential chain and region).
 */
package com.example.payment.events.replay;
