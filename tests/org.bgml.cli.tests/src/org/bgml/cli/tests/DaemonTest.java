package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.bgml.cli.Bgml;
import org.bgml.cli.daemon.DaemonClient;
import org.bgml.cli.daemon.DaemonProtocol;
import org.bgml.cli.daemon.DaemonServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon serves calls as a cold {@code bgml} would: relative paths are the caller's, output and exit codes come
 * back intact, a busy daemon hands the call back, a caller that hangs up interrupts its command, and it ends when
 * idle or told to stop.
 */
class DaemonTest {
    @TempDir
    Path dir;

    private DaemonServer server;
    private Thread serving;
    private final java.util.List<Path> socketFolders = new java.util.ArrayList<>();

    record Call(int code, String out, String err) {
    }

    private Path start(Duration idle, DaemonServer.Handler handler) throws Exception {
        // Unix socket paths are limited to about 100 bytes: keep the socket out of the (long) JUnit temp folder.
        Path folder = Files.createTempDirectory(Path.of("/tmp"), "bgml-daemon-test");
        socketFolders.add(folder);
        Path socket = folder.resolve("d.sock");
        server = new DaemonServer(socket, idle, handler, System.err);
        serving = Thread.ofPlatform().start(() -> {
            try {
                server.serve();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return socket;
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
            serving.join(10_000);
        }
        for (Path folder : socketFolders) {
            Files.deleteIfExists(folder.resolve("d.sock"));
            Files.deleteIfExists(folder);
        }
    }

    private static Call call(Path socket, Path cwd, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DaemonClient.call(socket, cwd, false, System.currentTimeMillis() * 1_000_000L, args, out, err);
        return new Call(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void relativePathsAreTheCallersAndOutputAndExitCodesComeBack() throws Exception {
        Path socket = start(Duration.ofMinutes(5), (args, in) -> new Bgml(in).run(args));
        Path caller = Files.createDirectories(dir.resolve("caller"));
        SmallModels.save(SmallModels.roundTrip(), caller.resolve("rt.bgml"));
        SmallModels.save(SmallModels.sourceToFacet(), caller.resolve("bad.bgml"));

        Call ok = call(socket, caller, "validate", "rt.bgml");
        assertEquals(0, ok.code(), ok.toString());
        assertTrue(ok.err().contains("0 errors, 0 warnings in 1 file"), ok.toString());

        Call generated = call(socket, caller, "generate", "rt.bgml", "--target", "omniorb", "--out", "gen");
        assertEquals(0, generated.code(), generated.toString());
        assertTrue(Files.isRegularFile(caller.resolve("gen/manifest.json")), "generated into the caller's folder: " + generated);

        Call bad = call(socket, caller, "validate", "bad.bgml");
        assertEquals(Bgml.MODEL_ERRORS, bad.code(), bad.toString());
        assertTrue(bad.out().startsWith("bad.bgml: bad: error: ") && bad.out().contains("[connection.kind]"),
                "the diagnostics on standard output, named as the caller named the file: " + bad);
        assertEquals("1 error, 0 warnings in 1 file\n", bad.err(), "the summary on standard error");

        Call missing = call(socket, caller, "validate", "nowhere.bgml");
        assertEquals(Bgml.UNUSABLE, missing.code(), missing.toString());
        assertTrue(missing.err().contains("nowhere.bgml"), missing.toString());

        Call usage = call(socket, caller, "frobnicate");
        assertEquals(Bgml.UNUSABLE, usage.code());
        assertTrue(usage.err().contains("unknown command 'frobnicate'"), usage.toString());

        Call status = call(socket, caller, "daemon", "status");
        assertEquals(0, status.code());
        assertTrue(status.out().contains("5 call(s) served") && status.out().contains(", idle;"), status.toString());
    }

    @Test
    void aCallWhileBusyAndACommandThatNeedsItsOwnProcessAreHandedBack() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Path socket = start(Duration.ofMinutes(5), (args, in) -> {
            running.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return 9;
            }
            in.out().println("done " + String.join(" ", args));
            return 0;
        });
        Thread first = Thread.ofPlatform().start(() -> assertEquals(0, call(socket, dir, "validate", "a.bgml").code()));
        assertTrue(running.await(10, TimeUnit.SECONDS));
        Call second = call(socket, dir, "validate", "b.bgml");
        assertEquals(DaemonProtocol.EXIT_FALLBACK, second.code(), "busy: the shell starts a JVM of its own");
        assertEquals("", second.out() + second.err(), "a handed-back call prints nothing");
        Call status = call(socket, dir, "daemon", "status");
        assertTrue(status.out().contains("running a call"), "status answers while busy: " + status);
        release.countDown();
        first.join(10_000);
        assertEquals(DaemonProtocol.EXIT_FALLBACK, call(socket, dir, "studio", "x.bgml").code(), "the studio is a server of its own");
        assertEquals(DaemonProtocol.EXIT_FALLBACK, call(socket, dir, "experiment", "run", "x.bgml").code());
        Call after = call(socket, dir, "validate", "c.bgml");
        assertEquals(0, after.code());
        assertEquals("done validate c.bgml\n", after.out());
    }

    @Test
    void callsMadeOneAfterAnotherAreAllServed() throws Exception {
        // A script runs bgml again as soon as the last call has its exit code; the daemon must be free by then.
        java.util.concurrent.atomic.AtomicInteger handled = new java.util.concurrent.atomic.AtomicInteger();
        Path socket = start(Duration.ofMinutes(5), (args, in) -> {
            handled.incrementAndGet();
            return 0;
        });
        int calls = 300;
        int fallbacks = 0;
        for (int i = 0; i < calls; i++) {
            int code = call(socket, dir, "validate", "x" + i + ".bgml").code();
            if (code == DaemonProtocol.EXIT_FALLBACK) {
                fallbacks++;
            } else {
                assertEquals(0, code);
            }
        }
        assertEquals(0, fallbacks, "calls handed back although the daemon had nothing to do");
        assertEquals(calls, handled.get());
    }

    @Test
    void aCallerThatHangsUpInterruptsItsCommand() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Path socket = start(Duration.ofMinutes(5), (args, in) -> {
            running.countDown();
            try {
                Thread.sleep(60_000);
                return 0;
            } catch (InterruptedException e) {
                interrupted.countDown();
                return 130;
            }
        });
        try (var channel = java.nio.channels.SocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            channel.connect(java.net.UnixDomainSocketAddress.of(socket));
            var request = new java.io.DataOutputStream(java.nio.channels.Channels.newOutputStream(channel));
            request.writeInt(DaemonProtocol.MAGIC);
            request.writeInt(DaemonProtocol.VERSION);
            request.writeUTF(dir.toString());
            request.writeBoolean(false);
            request.writeLong(0);
            request.writeInt(2);
            request.writeUTF("run");
            request.writeUTF("x.bgml");
            request.flush();
            assertTrue(running.await(10, TimeUnit.SECONDS));
        } // the caller is gone, as after Ctrl-C
        assertTrue(interrupted.await(10, TimeUnit.SECONDS), "the command was interrupted when its caller hung up");
    }

    @Test
    void itEndsWhenIdleOrToldToStopAndRemovesItsSocket() throws Exception {
        AtomicBoolean called = new AtomicBoolean();
        Path socket = start(Duration.ofMillis(400), (args, in) -> {
            called.set(true);
            return 0;
        });
        assertEquals(0, call(socket, dir, "validate", "x.bgml").code());
        serving.join(10_000);
        assertFalse(serving.isAlive(), "ended after the idle limit");
        assertFalse(Files.exists(socket), "its socket is gone");
        assertEquals(DaemonProtocol.EXIT_FALLBACK, call(socket, dir, "validate", "x.bgml").code(), "no daemon: a JVM of its own");
        assertTrue(called.get());

        server = null;
        Path again = start(Duration.ofMinutes(5), (args, in) -> 0);
        Call stop = call(again, dir, "daemon", "stop");
        assertEquals(0, stop.code());
        assertTrue(stop.out().contains("stopping"), stop.toString());
        serving.join(10_000);
        assertFalse(serving.isAlive(), "ended on request");
        assertFalse(Files.exists(again));
    }
}
