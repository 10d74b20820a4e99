package com.example.reliability;

/** What goes wrong during a scenario: a crash or loss at a named point, or a failing dependency. */
public sealed interface Fault permits FaultPoint, DependencyFault, UndecidableMessages {

    /** How the report names it. */
    String label();

    /** Whether {@code implementation} has this point at all. */
    boolean appliesTo(Implementation implementation);
}
