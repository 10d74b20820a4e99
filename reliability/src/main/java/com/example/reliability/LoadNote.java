package com.example.reliability;

/** The load section's introduction. */
final class LoadNote {

    static final String TEXT = "Several pollers consume one queue at once, each with its own execution environment, "
            + "so two copies of one transaction can be in flight in two environments at the same moment.\n\n";

    private LoadNote() {
    }
}
