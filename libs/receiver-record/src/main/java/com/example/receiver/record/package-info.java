/**
 * The schema of the idempotency record: the attribute names the receiver writes and the readers of
 * its table (the stream publisher, replays, the template's TTL attribute) read. It holds no code, so
 * that a reader depends on the record's shape and on nothing of the pattern.
 */
package com.example.receiver.record;
