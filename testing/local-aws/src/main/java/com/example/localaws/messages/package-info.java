/**
 * Payment messages as the producer sends them to the payments queue, for the local runs that
 * generate traffic ({@code make demo}) and for the tests: one builder, so that both send the
 * envelope the function parses.
 */
package com.example.localaws.messages;
