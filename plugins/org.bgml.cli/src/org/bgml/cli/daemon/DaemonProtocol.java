package org.bgml.cli.daemon;

/**
 * The wire format between {@code bin/bgml} (through {@link DaemonClient}) and a {@link DaemonServer}, over a Unix
 * domain socket that only its user can open.
 * <p>
 * The client sends one call: {@link #MAGIC}, {@link #VERSION}, the working directory, whether standard error is a
 * terminal, the wall-clock time (epoch nanoseconds) when the shell started the call, then the argument count and the
 * arguments. Strings are modified UTF-8 as {@link java.io.DataOutputStream#writeUTF} writes them.
 * <p>
 * The server answers with frames, each a type byte: {@link #OUT} or {@link #ERR} followed by a length and that many
 * bytes of standard output or standard error, then {@link #EXIT} followed by the exit code; or {@link #FALLBACK} alone
 * when it will not serve this call (busy with another, or a command that needs a process of its own), so that the
 * shell starts a JVM of its own instead. The client sends nothing after its call: closing the connection (the user
 * pressed Ctrl-C) interrupts the command, which stops its benchmark processes as it would on SIGINT.
 */
public final class DaemonProtocol {
    public static final int MAGIC = 0x42474d4c; // "BGML"
    public static final int VERSION = 1;

    public static final byte OUT = 'O';
    public static final byte ERR = 'E';
    public static final byte EXIT = 'X';
    public static final byte FALLBACK = 'F';

    /** The client's exit code that tells {@code bin/bgml} to start the command in a JVM of its own. */
    public static final int EXIT_FALLBACK = 75;

    private DaemonProtocol() {
    }
}
