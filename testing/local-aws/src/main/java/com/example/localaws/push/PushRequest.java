package com.example.localaws.push;

/**
 * One request a local push API received, as received.
 *
 * @param idempotencyKey the header, or empty
 * @param body           the request body
 * @param status         what was answered
 * @param delivered      whether this request delivered the notification
 */
public record PushRequest(String idempotencyKey, String body, int status, boolean delivered) {
}
