/**
 * The baseline: a payment authorizer built the way Powertools for AWS Lambda (Java) 1.15's
 * documentation suggests, {@code @Idempotent} around a per-record method that writes the
 * business effect with separate DynamoDB calls. It exists to be measured against the receiver,
 * not to be deployed.
 */
package com.example.reliability.baseline;
