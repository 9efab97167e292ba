package org.bgml.cli;

import java.io.PrintStream;
import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.model.patterns.PatternParameter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bgml patterns [--dir DIR]}: the shipped patterns and the project's pattern files, with their parameters. */
@Command(name = "patterns", description = "list the patterns bgml new can instantiate, with their parameters",
        footer = "  bgml patterns --dir models/")
final class PatternsCommand implements Subcommand {
    @Option(names = "--dir", paramLabel = "DIR", description = "the folder of the project's *.bgmlpattern files (default: the current one)")
    String dir;

    @Override
    public String synopsis() {
        return "[--dir DIR]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        print(PatternLibrary.of(in.path(dir == null ? "." : dir)), in.out(), in.err());
        return Bgml.OK;
    }

    static void print(PatternLibrary library, PrintStream out, PrintStream err) {
        for (PatternDefinition p : library.patterns()) {
            out.println(p.name() + (p.origin().equals("shipped") ? "" : " (" + p.origin() + ")") + ": " + p.description());
            for (PatternParameter parameter : p.parameters()) {
                out.println("  " + parameter.describe());
            }
        }
        library.problems().forEach(problem -> err.println("bgml patterns: not listed: " + problem));
    }
}
