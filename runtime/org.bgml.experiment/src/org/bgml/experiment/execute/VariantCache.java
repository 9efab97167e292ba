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

import org.bgml.generator.GenerationService;
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
 * compile-time macro or a compiled-in value makes a new folder. Every variant stays, so alternating between
 * variants never rebuilds. Inside a folder the launcher's {@link org.bgml.launcher.build.BenchmarkBuilder} keeps
 * its own stamp, so an interrupted build is redone.
 */
public final class VariantCache {
    private static final Gson GSON = new Gson();
    private final Path root;

    public VariantCache(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
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
         * building and running one variant is never done by two processes at once.
         */
        public Lock lock() throws IOException {
            Files.createDirectories(dir.getParent());
            FileChannel channel = FileChannel.open(dir.resolveSibling(dir.getFileName() + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            try {
                return new Lock(channel, channel.lock());
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

        Lock(FileChannel channel, FileLock lock) {
            this.channel = channel;
            this.lock = lock;
        }

        @Override
        public void close() throws IOException {
            try {
                lock.release();
            } finally {
                channel.close();
            }
        }
    }
}
