package com.example.bench.cost;

/**
 * Which part of the work a cost belongs to: deciding the payments, which every implementation
 * does, or publishing the decisions (the idempotency table's stream into SNS), which only ours does.
 */
public enum Stage {
    AUTHORIZATION,
    PUBLICATION
}
