/**
 * Tests of the project's Makefile itself: the mistakes in its variables it tells before any work,
 * and {@code make help}.
 */
package com.example.localaws.make;
