package org.bgml.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The {@code bgml} command: picocli parses the sub-command and its options, {@link Subcommand#run} does the work, and
 * failures map to the exit codes: 0 success, 1 the model has errors (or the command found failures), 2 unusable input
 * or wrong arguments, 3 a defect in bgml. Every wrong argument, whether picocli or the command finds it, is reported
 * in one style: {@code bgml NAME: what is wrong}, then the command's usage line.
 * <p>
 * Each call builds its own command tree writing to the call's {@link Invocation}, so that calls served one after
 * another by the daemon share nothing.
 */
public final class Bgml {
    public static final int OK = 0;
    public static final int MODEL_ERRORS = 1;
    public static final int UNUSABLE = 2;
    /** A defect in bgml itself: the command threw instead of reporting. */
    public static final int INTERNAL_ERROR = 3;

    static final String EXIT_CODES = "exit codes: 0 success, 1 model errors, 2 unusable input or usage, 3 internal error";
    private static final int USAGE_WIDTH = 100;

    static {
        LoggingQuiet.apply();
    }

    private final Invocation invocation;

    /** A call in this process, writing to {@code out} and {@code err}. */
    public Bgml(PrintStream out, PrintStream err) {
        this(Invocation.ofProcess(out, err));
    }

    public Bgml(Invocation invocation) {
        this.invocation = invocation;
    }

    public int run(String... args) {
        CommandLine line = commandLine(invocation);
        line.setExecutionStrategy(this::execute);
        line.setParameterExceptionHandler((e, a) -> usageError(e.getCommandLine(), describe(e)));
        int code = line.execute(args);
        line.getOut().flush();
        line.getErr().flush();
        return code;
    }

    /** The sub-commands, in the order the usage lists them. */
    private static List<Subcommand> subcommands() {
        return List.of(new NewCommand(), new PatternsCommand(), new ValidateCommand(), new InfoCommand(), new FormatCommand(), new GenerateCommand(), new RunCommand(),
                new BenchmarkCommand(), new ResultsCommand(), new AnnotateCommand(), new ReportCommand(), new CompareCommand(),
                new ExperimentCommand(), new ReproduceCommand(), new AnalyzeCommand(), new StudioCommand(), new DaemonCommand(), new CompletionCommand(),
                new HelpSubcommand(), new RunStepsCommand());
    }

    static List<String> commandNames() {
        return subcommands().stream().filter(s -> !s.getClass().getAnnotation(Command.class).hidden()).map(Subcommand::name).toList();
    }

    /** The whole command tree, writing to {@code in}'s streams; also what the shell completion is generated from. */
    static CommandLine commandLine(Invocation in) {
        CommandLine line = new CommandLine(new Top());
        for (Subcommand s : subcommands()) {
            CommandLine sub = new CommandLine(s);
            CommandSpec spec = sub.getCommandSpec();
            spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("show this help and exit").build());
            spec.usageMessage().customSynopsis("bgml " + s.name() + " " + s.synopsis()).footerHeading("%nexample:%n");
            line.addSubcommand(sub);
        }
        style(line);
        line.setExpandAtFiles(false);
        line.setOut(new PrintWriter(in.out(), true));
        line.setErr(new PrintWriter(in.err(), true));
        line.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        return line;
    }

    private static void style(CommandLine line) {
        UsageMessageSpec u = line.getCommandSpec().usageMessage();
        u.synopsisHeading("usage: ").descriptionHeading("%n").parameterListHeading("%narguments:%n").optionListHeading("%noptions:%n")
                .commandListHeading("%ncommands:%n").width(USAGE_WIDTH).sortOptions(false);
        line.getSubcommands().values().forEach(Bgml::style);
    }

    private int execute(ParseResult parsed) {
        Integer help = CommandLine.executeHelpRequest(parsed);
        if (help != null) {
            return help;
        }
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        CommandLine line = leaf.commandSpec().commandLine();
        if (!(line.getCommand() instanceof Subcommand command)) { // `bgml` alone
            line.usage(line.getErr());
            return UNUSABLE;
        }
        try {
            return command.run(invocation);
        } catch (UsageException e) {
            return usageError(line, e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            // A command should report what went wrong itself; anything thrown past it is a bug in bgml. Say so in
            // one line first, then give the trace for the bug report, and never exit 0.
            PrintStream err = invocation.err();
            err.println("bgml " + command.name() + ": internal error: " + e + " (this is a defect in bgml; the trace follows)");
            e.printStackTrace(err);
            return INTERNAL_ERROR;
        }
    }

    /** The one style of every wrong argument: {@code bgml NAME: message}, the usage line, exit code 2. */
    private int usageError(CommandLine line, String message) {
        PrintStream err = invocation.err();
        line.getErr().flush();
        err.println(line.getCommandSpec().qualifiedName(" ") + ": " + message);
        err.println("usage: " + line.getCommandSpec().usageMessage().customSynopsis()[0]);
        return UNUSABLE;
    }

    /** picocli's parse errors in the words the commands use for their own. */
    private static String describe(ParameterException e) {
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            if (arg.startsWith("-")) {
                return "unknown option " + arg;
            }
            if (e.getCommandLine().getCommand() instanceof Top) {
                // picocli suggests loosely ('frobnicate': annotate); only a command that starts alike is offered
                String close = u.getSuggestions().stream().filter(s -> s.length() > 1 && arg.startsWith(s.substring(0, 2))).findFirst()
                        .orElse(null);
                return "unknown command '" + arg + "'" + (close == null ? "" : "; did you mean " + close + "?");
            }
            return "unexpected argument " + arg;
        }
        if (e instanceof CommandLine.OverwrittenOptionException o && o.getOverwritten() instanceof OptionSpec option) {
            return option.longestName() + " given twice";
        }
        if (e instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty()
                && m.getMissing().get(0) instanceof OptionSpec option) {
            return option.longestName() + (e.getMessage().startsWith("Missing required option") ? " is required" : " needs a value");
        }
        String message = e.getMessage();
        return message.isEmpty() ? message : Character.toLowerCase(message.charAt(0)) + message.substring(1);
    }

    @Command(name = "bgml", versionProvider = Versions.class,
            customSynopsis = "bgml <command> [arguments]",
            description = "Model, validate, generate and run middleware benchmarks (omniORB, ACE, TAO, CIAO).",
            footer = { "", "'bgml <command> --help' shows a command's options and an example.", EXIT_CODES })
    static final class Top {
        @Option(names = { "-h", "--help" }, usageHelp = true, description = "show this help and exit")
        boolean help;

        @Option(names = { "-V", "--version" }, versionHelp = true, description = "print the versions of bgml and of its model format, and exit")
        boolean version;
    }
}
