/**
 * This project's application on the generic local AWS ({@code testing/local-aws}, which knows nothing of
 * the project): the seed accounts of the payment domain ({@link com.example.localpayments.Accounts}),
 * the variables that point a function built on the receiver at the local resources
 * ({@link com.example.localpayments.ReceiverEnvironment}), the decisions' way downstream
 * ({@code downstream}) and the command line of {@code make up}, {@code invoke}, {@code drain} and
 * the others ({@code cli}).
 */
package com.example.localpayments;
