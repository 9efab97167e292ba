package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.bgml.launcher.run.StartLine;
import org.bgml.launcher.run.TcpStartLine;
import org.junit.jupiter.api.Test;

/**
 * The start line on a TCP socket, as drivers on other hosts use it: each connects, sends its name and blocks in a
 * read; nobody goes before the release, and the release lets every one go.
 */
class TcpStartLineTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    /** A driver: connects, announces itself, blocks; returns the byte it was released with and when (System.nanoTime). */
    private static long[] drive(String address, String name, CountDownLatch sent) throws Exception {
        String[] parts = address.substring("tcp:".length()).split(":");
        try (Socket s = new Socket(parts[0], Integer.parseInt(parts[1]))) {
            s.getOutputStream().write((name + "\n").getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            sent.countDown();
            InputStream in = s.getInputStream();
            int b = in.read();
            return new long[] { b, System.nanoTime() };
        }
    }

    @Test
    void driversWaitUntilTheReleaseAndAllGoThen() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (StartLine line = TcpStartLine.open(LOOPBACK, 0, 3)) {
            String address = line.address();
            assertTrue(address.matches("tcp:127\\.0\\.0\\.1:\\d+"), address);
            assertEquals(address, line.environment("c1").get(StartLine.LINE_VARIABLE));
            assertEquals("c1", line.environment("c1").get(StartLine.NAME_VARIABLE));
            CountDownLatch sent = new CountDownLatch(3);
            List<Future<long[]>> drivers = new ArrayList<>();
            for (String name : List.of("c1", "c2", "c3")) {
                drivers.add(pool.submit(() -> drive(address, name, sent)));
            }
            assertTrue(sent.await(10, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (line.arrived().size() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(Set.of("c1", "c2", "c3"), line.arrived());
            Thread.sleep(200);
            assertTrue(drivers.stream().noneMatch(Future::isDone), "nobody goes before the release");
            long released = System.nanoTime();
            line.release();
            for (Future<long[]> d : drivers) {
                long[] r = d.get(10, TimeUnit.SECONDS);
                assertEquals(1, r[0], "released with one byte");
                assertTrue(r[1] >= released);
            }
            line.release(); // a second release does nothing
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theLineNeedsAnAddressTheDriversCanReach() throws Exception {
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> TcpStartLine.open(InetAddress.getByName("0.0.0.0"), 0, 1));
        assertTrue(e.getMessage().contains("0.0.0.0") && e.getMessage().contains("one IPv4 address of this host"), e.getMessage());
    }

    @Test
    void aDriverArrivingAfterTheReleaseGoesAtOnce() throws Exception {
        try (StartLine line = TcpStartLine.open(LOOPBACK, 0, 1)) {
            line.release();
            long[] r = drive(line.address(), "late", new CountDownLatch(1));
            assertEquals(1, r[0]);
        }
    }

    @Test
    void closingReleasesWhoeverStillWaitsAndStopsListening() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            StartLine line = TcpStartLine.open(LOOPBACK, 0, 1);
            String address = line.address();
            CountDownLatch sent = new CountDownLatch(1);
            Future<long[]> d = pool.submit(() -> drive(address, "c1", sent));
            assertTrue(sent.await(10, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (line.arrived().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            line.close();
            d.get(10, TimeUnit.SECONDS);
            String[] parts = address.substring("tcp:".length()).split(":");
            boolean refused;
            try (Socket s = new Socket(parts[0], Integer.parseInt(parts[1]))) {
                refused = false;
            } catch (java.io.IOException e) {
                refused = true;
            }
            assertTrue(refused, "no longer listening after close");
            assertFalse(d.isCancelled());
        } finally {
            pool.shutdownNow();
        }
    }
}
