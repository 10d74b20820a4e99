/**
 * The library's two-sided test domain, wallet transfers: each transfer debits one wallet (on
 * condition it holds the amount) and credits another, once per transfer id, a transfer row its
 * permanent guard. What seat bookings cannot show: an operation that writes two items another
 * operation of the batch may write too, so that lanes are the groups of messages sharing a wallet.
 */
package com.example.receiver.wallets;
