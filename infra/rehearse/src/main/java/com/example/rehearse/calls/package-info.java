/**
 * The AWS calls the functions made against the local AWS, as its launcher recorded them per
 * function and Lambda phase, and the committed set of them the rehearsal checks.
 */
package com.example.rehearse.calls;
