package org.bgml.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code bgml} command: parses the sub-command, runs it, maps failures to exit codes.
 * Exit codes: 0 success, 1 the model has errors (or the command found failures), 2 unusable input or usage.
 */
public final class Bgml {
    public static final int OK = 0;
    public static final int MODEL_ERRORS = 1;
    public static final int UNUSABLE = 2;
    /** A defect in bgml itself: the command threw instead of reporting. */
    public static final int INTERNAL_ERROR = 3;

    private final Invocation invocation;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, Command> commands = new LinkedHashMap<>();

    /** A call in this process, writing to {@code out} and {@code err}. */
    public Bgml(PrintStream out, PrintStream err) {
        this(Invocation.ofProcess(out, err));
    }

    public Bgml(Invocation invocation) {
        this.invocation = invocation;
        this.out = invocation.out();
        this.err = invocation.err();
        register(new ValidateCommand());
        register(new InfoCommand());
        register(new FormatCommand());
        register(new GenerateCommand());
        register(new RunCommand());
        register(new BenchmarkCommand());
        register(new ResultsCommand());
        register(new AnnotateCommand());
        register(new ReportCommand());
        register(new CompareCommand());
        register(new ExperimentCommand());
        register(new AnalyzeCommand());
        register(new StudioCommand());
        register(new DaemonCommand());
    }

    private void register(Command command) {
        commands.put(command.name(), command);
    }

    public int run(String... args) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? UNUSABLE : OK;
        }
        Command command = commands.get(args[0]);
        if (command == null) {
            err.println("bgml: unknown command '" + args[0] + "'");
            usage(err);
            return UNUSABLE;
        }
        try {
            return command.run(Arrays.copyOfRange(args, 1, args.length), invocation);
        } catch (UsageException e) {
            err.println("bgml " + command.name() + ": " + e.getMessage());
            err.println("usage: bgml " + command.name() + " " + command.synopsis());
            return UNUSABLE;
        } catch (RuntimeException | LinkageError e) {
            // A command should report what went wrong itself; anything thrown past it is a bug in bgml. Say so in
            // one line first, then give the trace for the bug report, and never exit 0.
            err.println("bgml " + command.name() + ": internal error: " + e + " (this is a defect in bgml; the trace follows)");
            e.printStackTrace(err);
            return INTERNAL_ERROR;
        }
    }

    private void usage(PrintStream s) {
        s.println("usage: bgml <command> [arguments]");
        s.println();
        s.println("commands:");
        for (Command c : commands.values()) {
            s.printf("  %-10s %s%n", c.name(), c.summary());
        }
        s.println();
        s.println("exit codes: 0 success, 1 model errors, 2 unusable input or usage, 3 internal error");
    }
}
