/** The SQS event of AWS Lambda in and out of the receiver: messages in, partial batch failures out. */
package com.example.receiver.sqs;
