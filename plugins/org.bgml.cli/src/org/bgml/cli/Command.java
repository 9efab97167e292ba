package org.bgml.cli;

/** One sub-command of {@code bgml}. */
interface Command {
    String name();

    /** Arguments, as shown in usage lines. */
    String synopsis();

    /** One line for the command list. */
    String summary();

    int run(String[] args, Invocation in) throws UsageException;
}
