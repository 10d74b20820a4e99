/**
 * The Docker-free local AWS: the moto launcher of the test kit ({@code receiver-testkit}:
 * DynamoDB, Streams, SQS, SNS with the serialisation and item-level undo moto lacks) and real {@code redis-server}s as a TLS Redis Cluster (as
 * ElastiCache runs the fast path's cache), each on a free
 * loopback port, with the tables created exactly as {@code template.yaml} declares them, and a
 * JUnit 5 extension that starts them once per test run. The launcher records the AWS calls of
 * local functions ({@link com.example.localaws.CallRecording}).
 */
package com.example.localaws;
