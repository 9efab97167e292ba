package org.bgml.cli;

import java.util.ArrayList;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code bgml help [COMMAND]}: the same text as {@code bgml [COMMAND] --help}, on standard output. */
@Command(name = "help", description = "show the commands, or a command's options and an example", footer = "  bgml help run")
final class HelpSubcommand implements Subcommand {
    @Parameters(arity = "0..1", paramLabel = "COMMAND", completionCandidates = Names.class, description = "the command to describe")
    String command;

    @Spec
    CommandSpec spec;

    /** The commands, for the shell completion. */
    static final class Names extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        Names() {
            super(Bgml.commandNames());
        }
    }

    @Override
    public String synopsis() {
        return "[COMMAND]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        CommandLine top = spec.parent().commandLine();
        CommandLine described = top;
        if (command != null) {
            described = top.getSubcommands().get(command);
            if (described == null) {
                throw new UsageException("unknown command '" + command + "'");
            }
        }
        described.usage(described.getOut());
        described.getOut().flush();
        return Bgml.OK;
    }
}
