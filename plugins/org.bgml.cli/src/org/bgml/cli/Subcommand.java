package org.bgml.cli;

import picocli.CommandLine.Command;

/**
 * One sub-command of {@code bgml}: a picocli command whose annotations declare its name, one-line description,
 * options and an example (the help footer); {@link Bgml} parses the arguments into it, then calls {@link #run}.
 */
interface Subcommand {
    /** Arguments as shown in the usage line of the help and of every usage error, after {@code bgml NAME}. */
    String synopsis();

    /** Runs the parsed command; {@link UsageException} for arguments that parse but do not fit together. */
    int run(Invocation in) throws UsageException;

    default String name() {
        return getClass().getAnnotation(Command.class).name();
    }
}
