/**
 * Values a function reads from AWS Secrets Manager once per execution environment and keeps
 * ({@link com.example.lambdakit.secrets.RefreshingSecret}): read again only when they are missing,
 * when whoever they are shown to refused them, or after a SnapStart restore, and then at most once
 * per interval, so that a lasting failure costs one bounded read per interval, never one per
 * message. Nothing here writes a secret's value anywhere.
 */
package com.example.lambdakit.secrets;
