/**
 * The payment-authorizer Lambda: the SQS handler and the one place that wires the receiver to
 * the payment domain, its clients and its configuration.
 */
package com.example.payment.authorizer;
