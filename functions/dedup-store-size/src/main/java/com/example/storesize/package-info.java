/**
 * The dedup store's size on the dashboard: a scheduled Lambda that reads the idempotency table's
 * {@code DescribeTable} (item count and bytes, which DynamoDB refreshes about every six hours;
 * CloudWatch's {@code AWS/DynamoDB} namespace has no item-count metric) and writes them as EMF.
 */
package com.example.storesize;
