package org.bgml.generator.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/**
 * Writes generated files below one folder. User code regions in files being replaced survive; a file whose
 * content does not change is not touched, so build tools see no change.
 */
public class DirectoryOutput extends MemoryOutput {
    private final Path root;

    public DirectoryOutput(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    @Override
    public void writeText(String relativePath, CharSequence content) {
        Path file = resolve(relativePath);
        String text = normalise(content);
        if (text.contains(ProtectedRegions.BEGIN) && Files.isRegularFile(file)) {
            try {
                text = ProtectedRegions.merge(text, Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        super.writeText(relativePath, text);
        store(file, text.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void writeBytes(String relativePath, byte[] content) {
        super.writeBytes(relativePath, content);
        store(resolve(relativePath), content);
    }

    @Override
    public void markExecutable(String relativePath) {
        super.markExecutable(relativePath);
        try {
            Set<PosixFilePermission> perms = EnumSet.copyOf(Files.getPosixFilePermissions(resolve(relativePath)));
            perms.addAll(Set.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE));
            Files.setPosixFilePermissions(resolve(relativePath), perms);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path resolve(String relativePath) {
        Path file = root.resolve(OutputPaths.check(relativePath)).normalize();
        if (!file.startsWith(root)) {
            throw new IllegalArgumentException("output path " + relativePath + " would leave " + root);
        }
        return file;
    }

    private void store(Path file, byte[] content) {
        try {
            if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), content)) {
                return;
            }
            Files.createDirectories(file.getParent());
            Path real = file.getParent().toRealPath();
            if (!real.startsWith(root.toRealPath())) {
                throw new IllegalArgumentException("output folder " + file.getParent() + " is a link out of " + root);
            }
            Path temp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
            Files.write(temp, content);
            Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
