package org.bgml.launcher.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * SHA-256 over the generated sources of a benchmark folder: every regular file's relative path and bytes, in
 * sorted order. When the manifest names its sources (files or folders) only those count; otherwise the whole
 * folder does, leaving out build output, run folders and the hash stamp itself. Same sources, same hash.
 */
public final class SourceHash {
    /** Folders that hold build or run output, not sources. */
    public static final Set<String> EXCLUDED = Set.of("build", "run", "runs", ".bgml");

    private SourceHash() {
    }

    public static String of(Path benchDir, List<String> sources) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Path root = benchDir.toAbsolutePath().normalize();
        List<Path> files = new java.util.ArrayList<>();
        List<Path> starts = sources == null || sources.isEmpty() ? List.of(root) : sources.stream().map(root::resolve).toList();
        for (Path start : starts) {
            if (!Files.exists(start)) {
                throw new IOException("the manifest lists source " + root.relativize(start) + ", which does not exist");
            }
            try (Stream<Path> walk = Files.walk(start)) {
                walk.filter(Files::isRegularFile).filter(p -> included(root.relativize(p))).forEach(files::add);
            }
        }
        files = files.stream().distinct().sorted().toList();
        for (Path file : files) {
            sha.update(root.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            try {
                sha.update(Files.readAllBytes(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            sha.update((byte) 0);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static boolean included(Path relative) {
        String first = relative.getName(0).toString();
        String name = relative.getFileName().toString();
        return !EXCLUDED.contains(first) && !first.startsWith(org.bgml.launcher.RunService.RUN_PREFIX) && !name.equals(BenchmarkBuilder.STAMP) && !name.endsWith(".tmp") && !name.equals("build.log");
    }
}
