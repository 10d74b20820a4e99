/**
 * The local runtime's command line ({@code make up down invoke send drain state redrive}): one class per
 * command, each small, behind {@link com.example.localpayments.cli.LocalAwsCli}. Every command prints
 * one JSON document on stdout and its progress and logs on stderr. {@code up} starts the local
 * AWS in the background and records where it runs in a state file that the other commands read;
 * {@code down} stops it.
 */
package com.example.localpayments.cli;
