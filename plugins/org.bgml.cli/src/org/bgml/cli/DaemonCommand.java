package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;

import org.bgml.cli.daemon.DaemonServer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml daemon serve --socket PATH [--idle-minutes N]}: keeps one JVM with the bundles loaded and serves the
 * calls {@code bin/bgml} hands it (see {@link DaemonServer}). {@code bin/bgml daemon start|status|stop} starts it in
 * the background and talks to it; {@code status} and {@code stop} only get here when no daemon answered.
 */
@Command(name = "daemon", description = "keep one warm JVM that serves later bgml calls in this environment (saves the JVM start-up)",
        footer = { "  bin/bgml daemon start --idle-minutes 60", "  (status says what it has served; stop ends it)" })
final class DaemonCommand implements Subcommand {
    static final int DEFAULT_IDLE_MINUTES = 30;

    @Parameters(index = "0", arity = "0..1", paramLabel = "ACTION", completionCandidates = Actions.class,
            description = "start (in the background, by bin/bgml), status, stop; serve is what start runs")
    String action;

    @Option(names = "--socket", paramLabel = "PATH", description = "serve: the Unix domain socket to serve on")
    String socket;

    @Option(names = "--idle-minutes", paramLabel = "N", description = "end after N minutes without a call (default 30)")
    String idleMinutes;

    static final class Actions extends java.util.ArrayList<String> {
        private static final long serialVersionUID = 1L;

        Actions() {
            super(java.util.List.of("start", "status", "stop"));
        }
    }

    @Override
    public String synopsis() {
        return "start|status|stop  (bin/bgml; 'serve --socket PATH [--idle-minutes N]' is what start runs)";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (action == null) {
            throw new UsageException("say start, status or stop");
        }
        switch (action) {
            case "status", "stop" -> {
                out.println("bgml daemon: none serves this environment");
                return action.equals("stop") ? Bgml.OK : Bgml.MODEL_ERRORS;
            }
            case "start" -> throw new UsageException("'bgml daemon start' is handled by bin/bgml, which starts the daemon in the background");
            case "serve" -> {
                ArgumentChecks.required(socket, "--socket");
                int minutes = DEFAULT_IDLE_MINUTES;
                if (idleMinutes != null) {
                    try {
                        minutes = Integer.parseInt(idleMinutes);
                    } catch (NumberFormatException e) {
                        minutes = -1;
                    }
                    if (minutes < 1) {
                        throw new UsageException("--idle-minutes takes a whole number of minutes, at least 1");
                    }
                }
                try (DaemonServer server = new DaemonServer(in.path(socket), Duration.ofMinutes(minutes),
                        (callArgs, call) -> new Bgml(call).run(callArgs), err)) {
                    err.println("bgml daemon: serving on " + server.socket() + " (pid " + ProcessHandle.current().pid() + ", ends after "
                            + minutes + " min without a call)");
                    server.serve();
                    return Bgml.OK;
                } catch (IOException e) {
                    err.println("bgml daemon: " + e.getMessage());
                    return Bgml.UNUSABLE;
                }
            }
            default -> throw new UsageException("unknown daemon action '" + action + "'");
        }
    }
}
