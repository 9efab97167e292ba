package org.bgml.cli.daemon;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.bgml.cli.Durations;
import org.bgml.cli.Invocation;

/**
 * A long-lived {@code bgml}: serves calls from {@link DaemonClient} over a Unix domain socket, one at a time, in this
 * JVM, so that a call does not pay for starting a JVM and OSGi and loading the bundles (about 0.8 s, which is 4 % of
 * a 20 s benchmark run). Each call brings its working directory and terminal flag; its environment is the daemon's,
 * which is why {@code bin/bgml} names the socket after a hash of the environment: a shell whose environment differs
 * reaches another daemon or none.
 * <p>
 * Calls that arrive while one runs, and commands that need a process of their own ({@link #OWN_PROCESS}), get
 * {@link DaemonProtocol#FALLBACK}: the shell then starts its own JVM, as without a daemon. {@code daemon status} and
 * {@code daemon stop} are answered by the server itself, busy or not. The daemon ends after {@code idle} without a
 * call, or on {@code daemon stop}, and removes its socket.
 */
public final class DaemonServer implements Closeable {
    /** Runs one command; the daemon's counterpart of {@code new Bgml(in).run(args)}. */
    @FunctionalInterface
    public interface Handler {
        int handle(String[] args, Invocation invocation);
    }

    /**
     * Commands the daemon leaves to a JVM of their own: the studio is a server itself, an experiment runs other
     * {@code bgml} processes and cluster jobs for hours, and the tool's own benchmark measures a fresh JVM's JIT.
     */
    public static final Set<String> OWN_PROCESS = Set.of("studio", "experiment", "benchmark", "daemon");

    private final Path socket;
    private final Duration idle;
    private final Handler handler;
    private final PrintStream log;
    private final ServerSocketChannel server;
    private final AtomicBoolean busy = new AtomicBoolean();
    private final AtomicLong lastCall = new AtomicLong(System.nanoTime());
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong fallbacks = new AtomicLong();
    private final long started = System.nanoTime();
    private volatile boolean stopping;

    /** Binds the socket (its folder is made private to this user); a socket file no daemon answers on is replaced. */
    public DaemonServer(Path socket, Duration idle, Handler handler, PrintStream log) throws IOException {
        this.socket = socket.toAbsolutePath();
        this.idle = idle;
        this.handler = handler;
        this.log = log;
        Path folder = this.socket.getParent();
        Files.createDirectories(folder);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        if (Files.exists(this.socket)) {
            if (answers(this.socket)) {
                throw new IOException("a daemon already serves " + this.socket);
            }
            Files.delete(this.socket); // left by a daemon that was killed
        }
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(this.socket));
    }

    private static boolean answers(Path socket) {
        try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            c.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public Path socket() {
        return socket;
    }

    /** Serves calls until {@code daemon stop}, the idle limit or {@link #close()}. */
    public void serve() throws IOException {
        Thread watchdog = Thread.ofPlatform().daemon().name("bgml-daemon-idle").start(this::closeWhenIdle);
        try {
            while (true) {
                SocketChannel client;
                try {
                    client = server.accept();
                } catch (ClosedChannelException e) { // closed by stop, the idle limit or close()
                    return;
                }
                Thread.ofPlatform().name("bgml-daemon-call").start(() -> serveCall(client));
            }
        } finally {
            watchdog.interrupt();
            close();
        }
    }

    private void closeWhenIdle() {
        try {
            while (!stopping) {
                Thread.sleep(Math.min(1000, Math.max(10, idle.toMillis() / 4)));
                if (!busy.get() && System.nanoTime() - lastCall.get() > idle.toNanos()) {
                    log.println("bgml daemon: no call for " + describe(idle) + "; ending");
                    close();
                }
            }
        } catch (InterruptedException e) {
            // serve() has ended
        }
    }

    /** Stops accepting calls and removes the socket; whoever calls it second returns only once the first is done. */
    @Override
    public synchronized void close() {
        if (stopping) {
            return;
        }
        stopping = true;
        try {
            server.close();
        } catch (IOException e) {
            log.println("bgml daemon: closing the socket: " + e.getMessage());
        }
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            log.println("bgml daemon: removing " + socket + ": " + e.getMessage());
        }
    }

    private void serveCall(SocketChannel channel) {
        try (channel) {
            InputStream input = Channels.newInputStream(channel);
            DataInputStream request = new DataInputStream(new BufferedInputStream(input));
            Frames frames = new Frames(Channels.newOutputStream(channel));
            if (request.readInt() != DaemonProtocol.MAGIC || request.readInt() != DaemonProtocol.VERSION) {
                log.println("bgml daemon: a call in an unknown format; ignored");
                return;
            }
            Path directory = Path.of(request.readUTF());
            boolean console = request.readBoolean();
            long startEpochNanos = request.readLong();
            String[] args = new String[request.readInt()];
            for (int i = 0; i < args.length; i++) {
                args[i] = request.readUTF();
            }
            long arrived = System.nanoTime();
            if (args.length >= 2 && args[0].equals("daemon") && (args[1].equals("status") || args[1].equals("stop"))) {
                control(args[1], frames);
                return;
            }
            if (args.length > 0 && OWN_PROCESS.contains(args[0]) || !busy.compareAndSet(false, true)) {
                fallbacks.incrementAndGet();
                frames.fallback();
                return;
            }
            int code;
            try {
                lastCall.set(System.nanoTime());
                code = run(args, directory, console, startEpochNanos, arrived, request, frames);
            } finally {
                served.incrementAndGet();
                lastCall.set(System.nanoTime());
                busy.set(false);
            }
            // Only now the exit code: a shell that runs bgml twice in a row sends the second call as soon as the first
            // has its exit code, and it must not find the daemon still busy with the first.
            try {
                frames.exit(code);
            } catch (IOException e) {
                // the client is gone; the command has ended anyway
            }
        } catch (IOException e) {
            log.println("bgml daemon: a call ended early: " + e.getMessage());
        }
    }

    /** Runs the command with its output framed to the client; its exit code, not yet sent. */
    private int run(String[] args, Path directory, boolean console, long startEpochNanos, long arrived, InputStream fromClient,
            Frames frames) {
        Thread worker = Thread.currentThread();
        AtomicBoolean done = new AtomicBoolean();
        // The client sends nothing more: the end of its stream means it is gone (Ctrl-C, killed). Interrupt the command
        // then, so that it stops its processes and returns, as a cold bgml would on SIGINT.
        Thread.ofPlatform().daemon().name("bgml-daemon-hangup").start(() -> {
            try {
                while (fromClient.read() >= 0) {
                    // nothing is expected; keep reading until the end
                }
            } catch (IOException e) {
                // the same: the client is gone
            }
            if (!done.get()) {
                log.println("bgml daemon: the caller of 'bgml " + String.join(" ", args) + "' hung up; interrupting it");
                worker.interrupt();
            }
        });
        long startup = Math.max(0, System.currentTimeMillis() * 1_000_000L - startEpochNanos);
        int code;
        try (PrintStream out = new PrintStream(new FrameStream(frames, DaemonProtocol.OUT), true, StandardCharsets.UTF_8);
                PrintStream err = new PrintStream(new FrameStream(frames, DaemonProtocol.ERR), true, StandardCharsets.UTF_8)) {
            try {
                code = handler.handle(args, new Invocation(out, err, directory, console, startup));
            } catch (RuntimeException | Error e) {
                err.println("bgml: internal error in the daemon: " + e + " (this is a defect in bgml; the trace follows)");
                e.printStackTrace(err);
                code = 3;
            }
            out.flush();
            err.flush();
        }
        done.set(true);
        // An interrupt that raced with the end of the command must not close the channel (an interrupted thread's
        // channel write does) before the exit code is written. The watcher ends when the channel closes.
        Thread.interrupted();
        log.printf(Locale.ROOT, "bgml daemon: 'bgml %s' in %s: exit %d after %.3f s%n", String.join(" ", args), directory, code,
                (System.nanoTime() - arrived) / 1e9);
        return code;
    }

    private void control(String what, Frames frames) throws IOException {
        String text;
        if (what.equals("status")) {
            text = String.format(Locale.ROOT, "bgml daemon: pid %d, up %s, %d call(s) served, %d handed back to a JVM of their own, %s; "
                    + "ends after %s without a call; socket %s%n", ProcessHandle.current().pid(),
                    describe(Duration.ofNanos(System.nanoTime() - started)), served.get(), fallbacks.get(),
                    busy.get() ? "running a call" : "idle", describe(idle), socket);
        } else {
            text = "bgml daemon: stopping (pid " + ProcessHandle.current().pid() + ")\n";
        }
        if (what.equals("stop")) {
            // Close first: when 'bgml daemon stop' returns, the socket is gone and a new daemon can take its place.
            log.println("bgml daemon: stopped on request");
            close();
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        frames.data(DaemonProtocol.OUT, bytes, 0, bytes.length);
        frames.exit(0);
    }

    private static String describe(Duration d) {
        return Durations.describe(d.toMillis() / 1000.0);
    }

    /** The server's end of the wire: each call writes one whole frame (see {@link DaemonProtocol}) and flushes it. */
    private static final class Frames {
        private final DataOutputStream out;

        Frames(OutputStream out) {
            this.out = new DataOutputStream(out);
        }

        synchronized void data(byte stream, byte[] b, int off, int len) throws IOException {
            out.writeByte(stream);
            out.writeInt(len);
            out.write(b, off, len);
            out.flush();
        }

        synchronized void exit(int code) throws IOException {
            out.writeByte(DaemonProtocol.EXIT);
            out.writeInt(code);
            out.flush();
        }

        synchronized void fallback() throws IOException {
            out.writeByte(DaemonProtocol.FALLBACK);
            out.flush();
        }
    }

    /** The bytes of one stream, each write a frame; a client that is gone makes writes no-ops. */
    private static final class FrameStream extends OutputStream {
        private final Frames frames;
        private final byte type;
        private boolean gone;

        FrameStream(Frames frames, byte type) {
            this.frames = frames;
            this.type = type;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] { (byte) b }, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len == 0 || gone) {
                return;
            }
            try {
                frames.data(type, b, off, len);
            } catch (IOException e) {
                gone = true;
            }
        }
    }
}
