package com.example.sim.workload;

import java.time.Duration;

/**
 * What a run's payments are, the workload's part of the simulation's profile: how many, over how
 * long, on how many accounts, how hot and how bursty, and how many were approved before the run.
 *
 * @param payments    payments the producers make in the run
 * @param traffic     how long they send them over
 * @param accounts    accounts the payments post to
 * @param hotAccounts accounts taking {@code hotShare} of the payments between them
 * @param hotShare    the share of payments on the hot accounts
 * @param burstShare  the share of payments sent in bursts (sales), the rest spread evenly
 * @param bursts      how many bursts
 * @param lateShare   the share of payments approved a month before the run and sent again in it
 */
public record Mix(int payments, Duration traffic, int accounts, int hotAccounts, double hotShare, double burstShare,
                  int bursts, double lateShare) {
}
