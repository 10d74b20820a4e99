/**
 * Not API: the batch rules behind the builder ({@link com.example.receiver.internal.BatchReceiver},
 * {@link com.example.receiver.internal.Lanes}: lanes, FIFO groups, the time reserve, the same key
 * twice), the two small interfaces the rules decide through ({@link com.example.receiver.internal.Store},
 * {@link com.example.receiver.internal.FastPath}), and the seams the library's tests and harnesses
 * wrap them at ({@link com.example.receiver.internal.Seams}). Public only so that the library's
 * own packages reach it; free to change between releases.
 */
package com.example.receiver.internal;
