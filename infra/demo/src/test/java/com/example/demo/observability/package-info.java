/**
 * The template's alarms, metric math and dashboard against the metrics the functions' code
 * emits: here because this module is the one that sees every function.
 */
package com.example.demo.observability;
