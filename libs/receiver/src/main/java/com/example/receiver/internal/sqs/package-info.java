/**
 * The SQS event of AWS Lambda in and out of the receiver: messages in, partial batch failures
 * out, the visibility of messages worth retrying soon shortened before they are reported, and the
 * messages no delivery can decide sent to the dead-letter queue at once, with their reason.
 */
package com.example.receiver.internal.sqs;
