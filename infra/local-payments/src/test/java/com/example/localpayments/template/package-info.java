/**
 * Tests of {@code template.yaml} itself: the windows of DESIGN.md §8 and the IAM rules the
 * deployed stack must keep, read with a YAML reader that keeps CloudFormation's short-form
 * intrinsics ({@code !Ref}, {@code !GetAtt}, ...) apart from literals.
 */
package com.example.localpayments.template;
