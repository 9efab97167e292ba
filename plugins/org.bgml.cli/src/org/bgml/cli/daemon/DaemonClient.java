package org.bgml.cli.daemon;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * The client side of the {@code bgml} daemon: hands one call to a running {@link DaemonServer} and relays its output
 * and exit code. It needs nothing but the JDK, so that {@code bin/bgml} starts it with {@code java -cp} on the
 * {@code org.bgml.cli} bundle jar, without OSGi, in a few tens of milliseconds.
 * <p>
 * {@code java -cp org.bgml.cli.jar org.bgml.cli.daemon.DaemonClient SOCKET CONSOLE START_EPOCH_NANOS ARGS...}: CONSOLE
 * is {@code 1} when standard error is a terminal. Exits with the command's exit code, or with
 * {@link DaemonProtocol#EXIT_FALLBACK} when no daemon takes the call.
 */
public final class DaemonClient {
    private DaemonClient() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: DaemonClient SOCKET CONSOLE(0|1) START_EPOCH_NANOS [bgml arguments]");
            System.exit(2);
        }
        String[] call = java.util.Arrays.copyOfRange(args, 3, args.length);
        int code = call(Path.of(args[0]), Path.of(System.getProperty("user.dir")), args[1].equals("1"), Long.parseLong(args[2]), call,
                System.out, System.err);
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /**
     * Makes one call and copies its output to {@code out} and {@code err} as it arrives.
     *
     * @return the command's exit code; {@link DaemonProtocol#EXIT_FALLBACK} when the daemon cannot be reached or
     *         will not serve the call (nothing has been written then)
     */
    public static int call(Path socket, Path directory, boolean console, long startEpochNanos, String[] args, OutputStream out,
            OutputStream err) {
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException | UnsupportedOperationException e) {
            return DaemonProtocol.EXIT_FALLBACK; // no daemon there (or a stale socket): start a JVM of our own
        }
        try (channel) {
            DataOutputStream request = new DataOutputStream(Channels.newOutputStream(channel));
            request.writeInt(DaemonProtocol.MAGIC);
            request.writeInt(DaemonProtocol.VERSION);
            request.writeUTF(directory.toAbsolutePath().toString());
            request.writeBoolean(console);
            request.writeLong(startEpochNanos);
            request.writeInt(args.length);
            for (String a : args) {
                request.writeUTF(a);
            }
            request.flush();
            DataInputStream frames = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel), 1 << 16));
            byte[] buffer = new byte[1 << 16];
            while (true) {
                byte type;
                try {
                    type = frames.readByte();
                } catch (EOFException e) {
                    // not a fallback: the command may have changed files before the daemon died
                    err.write("bgml: the daemon closed the connection before the command ended\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    return 3;
                }
                switch (type) {
                    case DaemonProtocol.OUT, DaemonProtocol.ERR -> {
                        int length = frames.readInt();
                        if (length > buffer.length) {
                            buffer = new byte[length];
                        }
                        frames.readFully(buffer, 0, length);
                        OutputStream to = type == DaemonProtocol.OUT ? out : err;
                        to.write(buffer, 0, length);
                        to.flush();
                    }
                    case DaemonProtocol.EXIT -> {
                        return frames.readInt();
                    }
                    case DaemonProtocol.FALLBACK -> {
                        return DaemonProtocol.EXIT_FALLBACK;
                    }
                    default -> throw new IOException("unknown frame type " + type);
                }
            }
        } catch (IOException e) {
            try {
                err.write(("bgml: lost the daemon: " + e.getMessage() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException ignored) {
                // standard error is gone too
            }
            return 3;
        }
    }
}
