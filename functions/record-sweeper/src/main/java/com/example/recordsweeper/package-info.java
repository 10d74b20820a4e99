/**
 * What replaces TTL on multi-Region strongly consistent (MRSC) global tables, which have none: a
 * scheduled Lambda, one in every Region of a multi-Region stack, that removes the account items'
 * {@code applied} entries once their idempotency record is old enough to answer every later copy,
 * and deletes idempotency records past their {@code expiresAt}. Every write is conditional on
 * what it read, so two Regions' sweepers, or a sweeper and a receiver, never undo each other.
 */
package com.example.recordsweeper;
