/**
 * A loopback TCP proxy that puts network faults between a client and a local server: delay,
 * blackhole, lost responses and closed connections, switchable while traffic flows.
 */
package com.example.localaws.proxy;
