package org.bgml.launcher.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A start line on a listening TCP socket, for drivers on other hosts ({@code BGML_START_LINE=tcp:ADDRESS:PORT}).
 * Each driver connects, sends {@code NAME\n} and blocks in {@code recv}. The release writes one byte to every
 * connection, all of them first, then closes them. The address is the caller's: for a run across a cluster, the
 * launcher's address on the network the nodes share.
 */
public final class TcpStartLine implements StartLine {
    /** How long a connection may take to send its name. */
    private static final int NAME_TIMEOUT_MILLIS = 10_000;
    private static final int MAX_NAME = 512;

    private final ServerSocket server;
    private final Map<String, Socket> waiting = new LinkedHashMap<>();
    private final List<Socket> unnamed = new ArrayList<>();
    private final Thread acceptor;
    private boolean released;

    private TcpStartLine(ServerSocket server) {
        this.server = server;
        this.acceptor = new Thread(this::accept, "start line " + address());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * A start line listening on {@code address:port} ({@code port} 0: any free port). The address is the one the
     * drivers connect to, so it must be one IPv4 address of this host, not the wildcard.
     */
    public static TcpStartLine open(InetAddress address, int port, int drivers) throws IOException {
        if (!(address instanceof Inet4Address) || address.isAnyLocalAddress()) {
            throw new IOException("cannot draw a start line on " + address.getHostAddress()
                    + ": the drivers connect to it, so it must be one IPv4 address of this host that they reach");
        }
        ServerSocket server = new ServerSocket();
        try {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(address, port), Math.max(50, drivers * 2));
        } catch (IOException e) {
            server.close();
            throw new IOException("cannot listen for the start line on " + address.getHostAddress() + ":" + port + ": " + e.getMessage(), e);
        }
        return new TcpStartLine(server);
    }

    /** A {@link StartLine.Factory} for lines on {@code address:port}. */
    public static StartLine.Factory on(InetAddress address, int port) {
        return (runDir, drivers) -> open(address, port, drivers.size());
    }

    @Override
    public String address() {
        return "tcp:" + server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
    }

    @Override
    public synchronized Set<String> arrived() {
        return new LinkedHashSet<>(waiting.keySet());
    }

    @Override
    public void release() throws IOException {
        List<Socket> all;
        synchronized (this) {
            if (released) {
                return;
            }
            released = true;
            all = new ArrayList<>(waiting.values());
            all.addAll(unnamed);
        }
        for (Socket s : all) {
            try {
                OutputStream out = s.getOutputStream();
                out.write(1);
                out.flush();
            } catch (IOException ignored) {
                // a driver that went away is noticed by the launcher as a process that ended
            }
        }
        for (Socket s : all) {
            closeQuietly(s);
        }
    }

    @Override
    public void close() {
        try {
            release();
        } catch (IOException ignored) {
            // nothing more to release
        }
        closeQuietly(server);
        try {
            acceptor.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                s.setTcpNoDelay(true);
                s.setSoTimeout(NAME_TIMEOUT_MILLIS);
                String name = readName(s.getInputStream());
                s.setSoTimeout(0);
                synchronized (this) {
                    if (released) {
                        s.getOutputStream().write(1); // arrived after the release: go at once
                        closeQuietly(s);
                        continue;
                    }
                    if (name.isEmpty()) {
                        unnamed.add(s);
                    } else {
                        Socket before = waiting.put(name, s);
                        if (before != null) {
                            closeQuietly(before);
                        }
                    }
                }
            } catch (IOException e) {
                closeQuietly(s);
            }
        }
    }

    private static String readName(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        byte[] one = new byte[1];
        while (b.length() < MAX_NAME) {
            int n = in.read(one);
            if (n < 0 || one[0] == '\n') {
                break;
            }
            b.append((char) (one[0] & 0xff));
        }
        return new String(b.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8).trim();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing is best effort
        }
    }
}
