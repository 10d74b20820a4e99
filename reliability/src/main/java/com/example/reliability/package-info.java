/**
 * The reliability suite: the same traffic through the receiver and through a Powertools-only
 * baseline, under crashes at named points, lost responses, dependency faults and concurrent
 * pollers, each run audited from the tables and the queues afterwards.
 */
package com.example.reliability;
