/**
 * Settings read once from the environment at start-up and validated as they are read
 * ({@link com.example.lambdakit.config.Environment}): a function with a missing or unsafe setting
 * refuses to start with a {@link com.example.lambdakit.config.ConfigurationException} naming the
 * setting and the rule, rather than run wrongly later.
 */
package com.example.lambdakit.config;
