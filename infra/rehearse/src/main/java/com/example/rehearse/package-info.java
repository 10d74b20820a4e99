/**
 * {@code make rehearse}: what no local AWS can show about a deploy (IAM, VPC routes,
 * CloudFormation's order), checked offline against every AWS call the functions were recorded
 * making. {@link com.example.rehearse.Rehearsal} runs it per parameter set (samconfig.toml's
 * environments and the fast path in a VPC) and prints one table each.
 */
package com.example.rehearse;
