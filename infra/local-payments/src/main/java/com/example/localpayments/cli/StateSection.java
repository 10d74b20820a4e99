package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One part of the {@code state} document: its items, and the totals they add up to. The state
 * document is a list of them (accounts, ledger, idempotency records, dead letters, delivered
 * notifications, the notifier's DLQ, the stream's on-failure queue).
 */
public interface StateSection {

    /** The key of the items in the document, e.g. {@code ledger}. */
    String name();

    /** Reads the items now. */
    ArrayNode items();

    /** Adds this section's totals over {@code items} to {@code totals}. */
    void addTotals(ArrayNode items, ObjectNode totals);
}
