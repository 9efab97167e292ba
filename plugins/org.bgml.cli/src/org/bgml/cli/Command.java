package org.bgml.cli;

import java.io.PrintStream;

/** One sub-command of {@code bgml}. */
interface Command {
    String name();

    /** Arguments, as shown in usage lines. */
    String synopsis();

    /** One line for the command list. */
    String summary();

    int run(String[] args, PrintStream out, PrintStream err) throws UsageException;
}
