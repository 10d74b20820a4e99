/**
 * Configuration, read once from the environment at start-up and validated as it is built: a
 * function with a missing or unsafe setting refuses to start with a message naming the setting,
 * rather than deciding messages wrongly later.
 */
package com.example.receiver.internal.config;
