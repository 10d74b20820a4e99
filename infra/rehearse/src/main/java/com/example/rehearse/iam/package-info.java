/**
 * IAM: which authorisations each API call needs (with the AWS page each comes from), the
 * template's policies that decide them, and the real policy evaluator that does.
 */
package com.example.rehearse.iam;
