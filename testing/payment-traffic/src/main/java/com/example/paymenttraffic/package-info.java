/**
 * The one generator of payment traffic every harness sends (the demo, reliability, the benches
 * and, once switched, the simulation): {@link com.example.paymenttraffic.PaymentTraffic#generate}
 * draws, from a {@link com.example.paymenttraffic.TrafficProfile} and a seed, the accounts a run
 * opens with and the {@link com.example.paymenttraffic.Send}s of its producers: new payments
 * (purchases and top-ups), redeliveries of the same body, producer retries under a new message
 * id, conflicts (the same transaction id, other content) and poison, each in the message format
 * the domain's {@code PaymentParser} reads (docs/payment-message.schema.json), amounts in integer
 * minor units. The seed is split per component and per payment ({@link com.example.paymenttraffic.Seeds}),
 * so a payment removed leaves every other one as it was. What the traffic must lead to is the
 * reference model's ({@link com.example.paymenttraffic.reference}).
 */
package com.example.paymenttraffic;
