/**
 * The SQS event of AWS Lambda in and out of the receiver: messages in, partial batch failures
 * out, and the visibility of messages worth retrying soon shortened before they are reported.
 */
package com.example.receiver.sqs;
