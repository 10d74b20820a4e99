/**
 * The one sequential reference model of what payment traffic must lead to, as TigerBeetle's
 * auditor is to its simulator: {@link com.example.paymenttraffic.reference.ReferenceModel}, fed
 * what was sent in the order of first decision, says every message's
 * {@link com.example.paymenttraffic.reference.Decision} (approved, declined with its reason,
 * duplicate, conflict, rejected), and every account's balance, ledger entry and idempotency
 * record that must follow. It follows the payment rules as docs/architecture.md states them
 * ("Outcomes", "The atomic commit"), written again here, not called: a checker that ran the code
 * it checks would agree with every bug of it.
 */
package com.example.paymenttraffic.reference;
