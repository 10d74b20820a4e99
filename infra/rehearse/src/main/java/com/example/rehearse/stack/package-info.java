/**
 * The stack's whole life, rehearsed offline: what survives a rolled-back create and a delete and
 * would stop the next create ({@link com.example.rehearse.stack.Lifecycle}), the teardown that
 * removes it, and the least-privilege policy of whoever deploys the stack, derived from the
 * CloudFormation registry schemas of its resource types ({@link com.example.rehearse.stack.DeployPolicy}).
 */
package com.example.rehearse.stack;
