package org.bgml.experiment.execute;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.bgml.targets.GenerationService;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.model.BenchmarkModel;

import com.google.gson.Gson;

/**
 * Built variants of a benchmark, one folder per distinct set of build sources:
 * {@code <root>/<target>-<first 16 hex of the SHA-256 of the sources>}. The benchmark is generated in memory first;
 * only the files the manifest lists as build sources enter the hash, so configurations that differ only in
 * run-time options (configuration files, svc.conf, arguments, environment) share one folder and one build, while a
 * compile-time macro or a compiled-in value makes a new folder. Variants stay until the cache exceeds its
 * {@link Bound} (a size and a count cap); then {@link #prune} removes the least recently used ones, never one whose
 * lock another task holds. Inside a folder the launcher's {@link org.bgml.launcher.build.BenchmarkBuilder} keeps
 * its own stamp, so an interrupted build is redone.
 *
 * <p>Tasks on one machine (or on nodes sharing the folder) coordinate through each variant's lock file
 * {@code <folder>.lock}: a task holds it while it generates, builds and runs the variant, and taking it stamps the
 * file's time, which is the variant's last use. Pruning takes the lock without waiting, renames the folder to a
 * private {@code .evicted-*} name while holding it, and deletes that afterwards; a task that comes later finds no
 * folder and builds the variant again. Lock files are never deleted: removing one that another process waits on
 * would let two processes hold "the" lock at once. They hold one byte each.
 */
public final class VariantCache {
    private static final Gson GSON = new Gson();
    private static final java.util.regex.Pattern VARIANT = java.util.regex.Pattern.compile("[A-Za-z0-9_]+-[0-9a-f]{16}");
    private static final String EVICTED = ".evicted-";
    /**
     * Lock files this process holds. A prune never opens them: closing any descriptor of a file drops every POSIX
     * lock the process holds on it.
     */
    private static final Set<Path> HELD = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Path root;

    /**
     * The cache's caps; 0 means no cap.
     *
     * @param maxBytes    the most bytes all variants together may hold after a prune
     * @param maxVariants the most variant folders
     */
    public record Bound(long maxBytes, int maxVariants) {
        /** 20 GiB: some dozens of TAO/CIAO builds, a few hundred omniORB or ACE ones. */
        public static final long DEFAULT_MAX_BYTES = 20L << 30;
        public static final String MAX_GB_ENV = "BGML_VARIANT_CACHE_MAX_GB";
        public static final String MAX_VARIANTS_ENV = "BGML_VARIANT_CACHE_MAX_VARIANTS";

        public Bound {
            if (maxBytes < 0 || maxVariants < 0) {
                throw new IllegalArgumentException("the variant cache's caps must be 0 (none) or more");
            }
        }

        /** No cap: nothing is ever pruned. */
        public static Bound none() {
            return new Bound(0, 0);
        }

        /**
         * {@value #DEFAULT_MAX_BYTES} bytes and any number of variants, unless {@value #MAX_GB_ENV} (GiB, a decimal
         * number, 0 for no cap) or {@value #MAX_VARIANTS_ENV} (0 for no cap) say otherwise.
         *
         * @throws IllegalArgumentException naming the variable whose value is unusable
         */
        public static Bound fromEnvironment(Map<String, String> env) {
            long bytes = DEFAULT_MAX_BYTES;
            int count = 0;
            String v = env.get(MAX_GB_ENV);
            if (v != null && !v.isBlank()) {
                try {
                    double gb = Double.parseDouble(v.strip());
                    if (gb < 0 || Double.isNaN(gb) || Double.isInfinite(gb)) {
                        throw new NumberFormatException();
                    }
                    bytes = (long) (gb * (1L << 30));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(MAX_GB_ENV + " must be a number of GiB (0 for no cap), not '" + v + "'");
                }
            }
            v = env.get(MAX_VARIANTS_ENV);
            if (v != null && !v.isBlank()) {
                try {
                    count = Integer.parseInt(v.strip());
                    if (count < 0) {
                        throw new NumberFormatException();
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(MAX_VARIANTS_ENV + " must be a whole number (0 for no cap), not '" + v + "'");
                }
            }
            return new Bound(bytes, count);
        }
    }

    /** One variant folder as the cache sees it. */
    public record Entry(String name, Path dir, long bytes, java.nio.file.attribute.FileTime lastUsed) {
    }

    /**
     * What a prune did.
     *
     * @param evicted the variants removed, least recently used first
     * @param kept    the variants left, most recently used first (busy ones among them)
     * @param busy    variants over the caps that were in use and so stayed
     */
    public record PruneResult(List<Entry> evicted, List<Entry> kept, List<Entry> busy) {
        public long keptBytes() {
            return kept.stream().mapToLong(Entry::bytes).sum();
        }

        public long evictedBytes() {
            return evicted.stream().mapToLong(Entry::bytes).sum();
        }
    }

    public VariantCache(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** The variant folders with their sizes and last uses, most recently used first. */
    public List<Entry> entries() throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<Entry> out = new java.util.ArrayList<>();
        try (java.util.stream.Stream<Path> s = Files.list(root)) {
            for (Path dir : s.toList()) {
                String name = dir.getFileName().toString();
                if (!VARIANT.matcher(name).matches() || !Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                Path lock = lockFile(dir);
                java.nio.file.attribute.FileTime used;
                try {
                    used = Files.getLastModifiedTime(Files.exists(lock) ? lock : dir);
                } catch (java.nio.file.NoSuchFileException e) {
                    continue; // pruned meanwhile
                }
                out.add(new Entry(name, dir, size(dir), used));
            }
        }
        out.sort(java.util.Comparator.comparing(Entry::lastUsed).reversed().thenComparing(Entry::name));
        return out;
    }

    /**
     * Removes the least recently used variants until the rest fit {@code bound}. The most recently used variants are
     * kept first; a variant in {@code keep}, or whose lock is held (a task is building or running it, in this
     * process or another), is never removed and counts against the caps. Also deletes what an interrupted prune
     * left behind.
     */
    public PruneResult prune(Bound bound, Set<Path> keep) throws IOException {
        List<Entry> evicted = new java.util.ArrayList<>();
        List<Entry> kept = new java.util.ArrayList<>();
        List<Entry> busy = new java.util.ArrayList<>();
        if (!Files.isDirectory(root)) {
            return new PruneResult(evicted, kept, busy);
        }
        try (java.util.stream.Stream<Path> s = Files.list(root)) {
            for (Path p : s.toList()) {
                if (p.getFileName().toString().startsWith(EVICTED)) {
                    deleteTree(p);
                }
            }
        }
        Set<Path> pinned = new java.util.HashSet<>();
        for (Path k : keep) {
            pinned.add(k.toAbsolutePath().normalize());
        }
        long bytes = 0;
        int count = 0;
        for (Entry e : entries()) {
            boolean fits = (bound.maxBytes() == 0 || bytes + e.bytes() <= bound.maxBytes())
                    && (bound.maxVariants() == 0 || count + 1 <= bound.maxVariants());
            if (fits || pinned.contains(e.dir()) || HELD.contains(lockFile(e.dir())) || !evict(e)) {
                if (!fits) {
                    busy.add(e);
                }
                kept.add(e);
                bytes += e.bytes();
                count++;
            } else {
                evicted.add(e);
            }
        }
        java.util.Collections.reverse(evicted);
        return new PruneResult(evicted, kept, busy);
    }

    /** Removes one variant if nobody holds its lock: renamed away under the lock, deleted after. */
    private boolean evict(Entry e) throws IOException {
        Path gone = root.resolve(EVICTED + e.name() + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try (FileChannel channel = FileChannel.open(lockFile(e.dir()), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (java.nio.channels.OverlappingFileLockException held) {
                return false; // this process is using it
            }
            if (lock == null) {
                return false; // another process is using it
            }
            try {
                if (!Files.isDirectory(e.dir())) {
                    return true; // another prune removed it meanwhile
                }
                Files.move(e.dir(), gone, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                lock.release();
            }
        }
        deleteTree(gone);
        return true;
    }

    private static Path lockFile(Path dir) {
        return dir.resolveSibling(dir.getFileName() + ".lock");
    }

    private static long size(Path dir) throws IOException {
        long[] total = { 0 };
        Files.walkFileTree(dir, new java.nio.file.SimpleFileVisitor<Path>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attrs) {
                total[0] += attrs.size();
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) {
                return java.nio.file.FileVisitResult.CONTINUE; // removed meanwhile
            }
        });
        return total[0];
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(dir, new java.nio.file.SimpleFileVisitor<Path>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) {
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.deleteIfExists(d);
                return java.nio.file.FileVisitResult.CONTINUE;
            }
        });
    }

    /** Generates the configured model in memory and finds its variant folder (nothing is written yet). */
    public Variant prepare(BenchmarkModel model, String target, ConfiguredModel.Selection selection) throws InvalidModelException, IOException {
        MemoryOutput out = new MemoryOutput();
        new GenerationService().generate(new GenerationService.Request(model, target, selection.deployment(), selection.configuration()), out);
        String text = out.text(ManifestJson.FILE);
        if (text == null) {
            throw new IOException("the " + target + " generator wrote no " + ManifestJson.FILE);
        }
        Manifest manifest = GSON.fromJson(text, Manifest.class);
        String hash = sourceHash(target, out.files(), manifest.build().sources());
        return new Variant(root.resolve(target + "-" + hash.substring(0, 16)), hash, out.files(), out.executables(), manifest);
    }

    /** SHA-256 over the target and each build source's path and bytes, in path order (all files when none are listed). */
    public static String sourceHash(String target, Map<String, byte[]> files, List<String> sources) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        sha.update(target.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        TreeMap<String, byte[]> selected = new TreeMap<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            if (sources == null || sources.isEmpty() || sources.stream().anyMatch(s -> f.getKey().equals(s) || f.getKey().startsWith(s + "/"))) {
                selected.put(f.getKey(), f.getValue());
            }
        }
        for (Map.Entry<String, byte[]> f : selected.entrySet()) {
            sha.update(f.getKey().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(f.getValue());
            sha.update((byte) 0);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** One variant: its folder, the files of this configuration, and its manifest. */
    public static final class Variant {
        private final Path dir;
        private final String hash;
        private final Map<String, byte[]> files;
        private final Set<String> executables;
        private final Manifest manifest;

        Variant(Path dir, String hash, Map<String, byte[]> files, Set<String> executables, Manifest manifest) {
            this.dir = dir;
            this.hash = hash;
            this.files = files;
            this.executables = executables;
            this.manifest = manifest;
        }

        public Path dir() {
            return dir;
        }

        public String hash() {
            return hash;
        }

        public Manifest manifest() {
            return manifest;
        }

        /**
         * Takes the variant's lock (a file beside its folder), waiting while another process holds it: generating,
         * building and running one variant is never done by two processes at once, and a held variant is never
         * pruned. Taking it marks the variant as just used.
         */
        public Lock lock() throws IOException {
            Files.createDirectories(dir.getParent());
            FileChannel channel = FileChannel.open(lockFile(dir), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            try {
                Lock held = new Lock(channel, channel.lock(), lockFile(dir));
                HELD.add(lockFile(dir));
                try {
                    // The lock file's time is the variant's last use, which decides what a prune removes first. It is
                    // stamped by writing through the locked channel: setting the time by path opens and closes the
                    // file, and closing any descriptor of it would drop this process's lock.
                    channel.write(java.nio.ByteBuffer.wrap(new byte[] { '\n' }), 0);
                } catch (IOException e) {
                    // an older time only makes the variant an earlier candidate
                }
                return held;
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        /**
         * Writes this configuration's files into the folder, each only when its bytes differ, so unchanged sources
         * keep their times and only run-time files are rewritten.
         */
        public int writeFiles() throws IOException {
            int written = 0;
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                Path file = dir.resolve(f.getKey());
                if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), f.getValue())) {
                    continue;
                }
                Files.createDirectories(file.getParent());
                Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
                Files.write(tmp, f.getValue());
                if (executables.contains(f.getKey())) {
                    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(tmp);
                    perms.addAll(Set.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE));
                    Files.setPosixFilePermissions(tmp, perms);
                }
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
                written++;
            }
            return written;
        }
    }

    /** A held variant lock; closing releases it. */
    public static final class Lock implements AutoCloseable {
        private final FileChannel channel;
        private final FileLock lock;
        private final Path file;

        Lock(FileChannel channel, FileLock lock, Path file) {
            this.channel = channel;
            this.lock = lock;
            this.file = file;
        }

        @Override
        public void close() throws IOException {
            try {
                lock.release();
            } finally {
                HELD.remove(file);
                channel.close();
            }
        }
    }
}
