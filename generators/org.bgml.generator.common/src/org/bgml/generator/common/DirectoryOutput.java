package org.bgml.generator.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;

/**
 * Writes generated files below one folder. User code regions in files being replaced survive; a file whose
 * content does not change is not touched, so build tools see no change.
 */
public class DirectoryOutput extends MemoryOutput {
    private final Path root;
    /** The root with links resolved, and the folders already created and checked, so each is done once. */
    private Path realRoot;
    private final Set<Path> checkedFolders = new HashSet<>();
    /** The folders this output created: empty before, so every file in them is new. */
    private final Set<Path> freshFolders = new HashSet<>();

    public DirectoryOutput(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    @Override
    public void writeText(String relativePath, CharSequence content) {
        String checked = OutputPaths.check(relativePath);
        Path file = resolveChecked(checked);
        String text = normalise(content);
        // a file in a folder this output created cannot exist yet: no user code to keep, nothing to read
        if (!inFreshFolder(file) && text.contains(ProtectedRegions.BEGIN) && Files.isRegularFile(file)) {
            try {
                text = normalise(ProtectedRegions.merge(text, Files.readString(file, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        keep(checked, bytes);
        store(file, bytes);
    }

    @Override
    public void writeBytes(String relativePath, byte[] content) {
        String checked = OutputPaths.check(relativePath);
        byte[] bytes = content.clone();
        keep(checked, bytes);
        store(resolveChecked(checked), bytes);
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
        return resolveChecked(OutputPaths.check(relativePath));
    }

    private Path resolveChecked(String checkedPath) {
        Path file = root.resolve(checkedPath).normalize();
        if (!file.startsWith(root)) {
            throw new IllegalArgumentException("output path " + checkedPath + " would leave " + root);
        }
        return file;
    }

    /**
     * Creates a folder once and checks, once, that it does not lead out of the root through a link. A folder made
     * here inside a folder already checked is a real folder (mkdir makes no link), so it needs no check of its own,
     * and it starts empty: the files written into it are new ({@link #inFreshFolder}).
     */
    private void checkedFolder(Path folder) throws IOException {
        if (checkedFolders.contains(folder)) {
            return;
        }
        Path parent = folder.getParent();
        if (!folder.equals(root) && parent != null && parent.startsWith(root)) {
            checkedFolder(parent);
            if (Files.notExists(folder, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(folder);
                    checkedFolders.add(folder);
                    freshFolders.add(folder);
                    return;
                } catch (FileAlreadyExistsException e) {
                    // made meanwhile by someone else: check it as any existing folder
                }
            }
        }
        boolean made = folder.equals(root) && Files.notExists(folder, LinkOption.NOFOLLOW_LINKS);
        Files.createDirectories(folder);
        if (realRoot == null) {
            realRoot = root.toRealPath();
        }
        if (!folder.toRealPath().startsWith(realRoot)) {
            throw new IllegalArgumentException("output folder " + folder + " is a link out of " + root);
        }
        checkedFolders.add(folder);
        if (made) {
            freshFolders.add(folder);
        }
    }

    private boolean inFreshFolder(Path file) {
        return freshFolders.contains(file.getParent());
    }

    /**
     * A new file is created in place (an interrupted generation leaves it incomplete, and the next one rewrites
     * it); an existing file is replaced atomically, through a temporary file, so that no reader ever sees it
     * half written, and only when its content changes.
     */
    private void store(Path file, byte[] content) {
        try {
            checkedFolder(file.getParent());
            if (inFreshFolder(file) || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                Files.write(file, content, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
                return;
            }
            if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), content)) {
                return;
            }
            Path temp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
            Files.write(temp, content);
            Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
