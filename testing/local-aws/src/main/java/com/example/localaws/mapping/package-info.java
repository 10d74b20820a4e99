/**
 * Lambda's event source mappings, run locally: poll a source, invoke a function with a batch in
 * Lambda's event shape, and settle the batch the way Lambda does (for SQS: delete only what the
 * function did not report as failed, and let the rest reappear after the visibility timeout,
 * until the queue's redrive policy moves it to the DLQ; for DynamoDB Streams: resume from the
 * failed sequence number, bisect, and after bounded retries send the batch's metadata to the
 * on-failure destination and move on). A {@link com.example.localaws.mapping.Poller} is one
 * mapping as {@code make drain} runs it; {@link com.example.localaws.mapping.DrainLoop} runs a
 * list of them until every source is idle.
 */
package com.example.localaws.mapping;
