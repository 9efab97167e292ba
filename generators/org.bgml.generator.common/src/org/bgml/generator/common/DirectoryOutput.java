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
    /** The root with links resolved, and the folders already created and checked, so each is done once. */
    private Path realRoot;
    private final Set<Path> checkedFolders = new java.util.HashSet<>();

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
                text = normalise(ProtectedRegions.merge(text, Files.readString(file, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        super.writeBytes(relativePath, bytes);
        store(file, bytes);
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

    /** Creates a folder once and checks, once, that it does not lead out of the root through a link. */
    private void checkedFolder(Path folder) throws IOException {
        if (checkedFolders.contains(folder)) {
            return;
        }
        Files.createDirectories(folder);
        if (realRoot == null) {
            realRoot = root.toRealPath();
        }
        if (!folder.toRealPath().startsWith(realRoot)) {
            throw new IllegalArgumentException("output folder " + folder + " is a link out of " + root);
        }
        checkedFolders.add(folder);
    }

    /**
     * A new file is created in place (an interrupted generation leaves it incomplete, and the next one rewrites
     * it); an existing file is replaced atomically, through a temporary file, so that no reader ever sees it
     * half written, and only when its content changes.
     */
    private void store(Path file, byte[] content) {
        try {
            if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                checkedFolder(file.getParent());
                Files.write(file, content, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
                return;
            }
            if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), content)) {
                return;
            }
            checkedFolder(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
            Files.write(temp, content);
            Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
