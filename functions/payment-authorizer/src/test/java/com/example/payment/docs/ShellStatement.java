package com.example.payment.docs;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** A statement of a documented {@code sh} block: a simple command, or the definition of a shell function. */
sealed interface ShellStatement {

    Location where();

    /**
     * One word as the shell splits it: its quotes removed, its expansions left as written.
     *
     * @param text          e.g. {@code $(out AccountsTableName)} for {@code "$(out AccountsTableName)"}
     * @param substitutions the commands of its {@code $(...)}, as written
     * @param variables     the variables it expands ({@code $NAME}, {@code ${NAME}}, {@code $1})
     */
    record Word(String text, List<String> substitutions, List<String> variables) {

        public Word {
            Objects.requireNonNull(text, "text");
            substitutions = List.copyOf(substitutions);
            variables = List.copyOf(variables);
        }

        /** The variable this word is, when it is nothing but one ({@code "$BODY"}). */
        boolean isVariable() {
            return variables.size() == 1 && text.matches("\\$\\{?" + variables.get(0) + "}?");
        }

        /** Whether it is an assignment, {@code NAME=value}. */
        boolean isAssignment() {
            return text.matches("(?s)[A-Za-z_][A-Za-z0-9_]*=.*");
        }
    }

    /**
     * A simple command: its words, assignments in front included.
     *
     * @param where the line its first word is on
     */
    record Command(Location where, List<Word> words) implements ShellStatement {

        public Command {
            Objects.requireNonNull(where, "where");
            words = List.copyOf(words);
        }

        /** The words after the leading assignments: the command and its arguments; empty for a bare assignment. */
        List<Word> invocation() {
            int first = 0;
            while (first < words.size() && words.get(first).isAssignment()) {
                first++;
            }
            return words.subList(first, words.size());
        }

        /** The leading assignments. */
        List<Word> assignments() {
            return words.subList(0, words.size() - invocation().size());
        }

        /** The command's text, as in a problem report: its words joined, cut at 100 characters. */
        @Override
        public String toString() {
            String text = words.stream().map(Word::text).collect(Collectors.joining(" "));
            return text.length() > 100 ? text.substring(0, 97) + "..." : text;
        }
    }

    /**
     * {@code name() { body; }}.
     *
     * @param body its commands, in order
     */
    record FunctionDefinition(Location where, String name, List<Command> body) implements ShellStatement {

        public FunctionDefinition {
            Objects.requireNonNull(where, "where");
            Objects.requireNonNull(name, "name");
            body = List.copyOf(body);
        }
    }
}
