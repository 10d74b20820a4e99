/**
 * The optional LocalStack backend of the local AWS, for users with Docker
 * ({@code make test LOCAL_AWS=localstack}): LocalStack's DynamoDB (with streams), SQS and SNS in a
 * Testcontainers container, the same tables created from {@code template.yaml}. Where no Docker
 * engine answers, it refuses at once with a message saying so; it never skips.
 */
package com.example.localaws.localstack;
