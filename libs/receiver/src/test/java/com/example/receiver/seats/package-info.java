/**
 * The library's own test domain, seat bookings: small enough to read in one sitting, with what
 * the guarantees need (a key, a lane that gets hot, a decline, a conflict, a guard that outlives
 * the record). No payment word: the receiver's guarantees are tested here, in its own terms.
 */
package com.example.receiver.seats;
