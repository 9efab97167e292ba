package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;

import org.bgml.cli.daemon.DaemonServer;

/**
 * {@code bgml daemon serve --socket PATH [--idle-minutes N]}: keeps one JVM with the bundles loaded and serves the
 * calls {@code bin/bgml} hands it (see {@link DaemonServer}). {@code bin/bgml daemon start|status|stop} starts it in
 * the background and talks to it; {@code status} and {@code stop} only get here when no daemon answered.
 */
final class DaemonCommand implements Command {
    static final int DEFAULT_IDLE_MINUTES = 30;

    @Override
    public String name() {
        return "daemon";
    }

    @Override
    public String synopsis() {
        return "start|status|stop  (bin/bgml; 'serve --socket PATH [--idle-minutes N]' is what start runs)";
    }

    @Override
    public String summary() {
        return "keep one warm JVM that serves later bgml calls in this environment (saves the JVM start-up)";
    }

    @Override
    public int run(String[] args, Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (args.length == 0) {
            throw new UsageException("say start, status or stop");
        }
        switch (args[0]) {
            case "status", "stop" -> {
                out.println("bgml daemon: none serves this environment");
                return args[0].equals("stop") ? Bgml.OK : Bgml.MODEL_ERRORS;
            }
            case "start" -> throw new UsageException("'bgml daemon start' is handled by bin/bgml, which starts the daemon in the background");
            case "serve" -> {
                Arguments a = new Arguments(in, java.util.Arrays.copyOfRange(args, 1, args.length), "--socket", "--idle-minutes");
                int minutes = DEFAULT_IDLE_MINUTES;
                if (a.optional("--idle-minutes") != null) {
                    try {
                        minutes = Integer.parseInt(a.optional("--idle-minutes"));
                    } catch (NumberFormatException e) {
                        minutes = -1;
                    }
                    if (minutes < 1) {
                        throw new UsageException("--idle-minutes takes a whole number of minutes, at least 1");
                    }
                }
                try (DaemonServer server = new DaemonServer(a.path(a.required("--socket")), Duration.ofMinutes(minutes),
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
            default -> throw new UsageException("unknown daemon action '" + args[0] + "'");
        }
    }
}
