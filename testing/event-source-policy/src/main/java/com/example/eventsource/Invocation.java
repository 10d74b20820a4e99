package com.example.eventsource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** How one invocation of the function with a batch ended, as the event source mapping sees it. */
public sealed interface Invocation {

    /** The function failed: it threw, crashed, timed out, or answered Lambda's error document. */
    record FunctionError() implements Invocation {
    }

    /**
     * The function answered; {@code itemIdentifiers} are its {@code batchItemFailures}' item
     * identifiers, in order (null elements kept): empty when it answered none, or a null or empty
     * list, or no response at all.
     */
    record Answered(List<String> itemIdentifiers) implements Invocation {

        public Answered {
            itemIdentifiers = itemIdentifiers == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(itemIdentifiers));
        }
    }

    static Invocation functionError() {
        return new FunctionError();
    }

    /** An answer naming {@code itemIdentifiers} (null: the response, or its list, was null). */
    static Invocation answered(List<String> itemIdentifiers) {
        return new Answered(itemIdentifiers);
    }
}
