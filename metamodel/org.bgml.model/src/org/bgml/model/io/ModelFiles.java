package org.bgml.model.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlPackage;
import org.eclipse.emf.common.EMFPlugin;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;

/**
 * Loads and saves {@code .bgml} files. Loading checks the format version first and turns every parse
 * problem into one {@link ModelLoadException} with the file and line. Saving is atomic: the new content is
 * written to a temporary file beside the target, forced to disk, and renamed over it.
 */
public final class ModelFiles {
    public static final String FILE_EXTENSION = "bgml";
    /** Shipped option catalogues are referenced as {@code bgml:/catalogs/<file>#<option>}. */
    public static final URI CATALOGS = URI.createURI("bgml:/catalogs/");
    private static final String BUNDLE = "org.bgml.model";

    private ModelFiles() {
    }

    /** A resource set that knows BGML files and the shipped catalogues, inside or outside OSGi. */
    public static ResourceSet newResourceSet() {
        ResourceSet set = new ResourceSetImpl();
        set.getPackageRegistry().put(BgmlPackage.eNS_URI, BgmlPackage.eINSTANCE);
        set.getResourceFactoryRegistry().getExtensionToFactoryMap().put(FILE_EXTENSION, new BgmlResourceFactory());
        set.getResourceFactoryRegistry().getProtocolToFactoryMap().put("bgml", new BgmlResourceFactory());
        URI catalogs = catalogLocation();
        if (catalogs != null) {
            set.getURIConverter().getURIMap().put(CATALOGS, catalogs);
        }
        return set;
    }

    /** Loads a benchmark model; the file's root must be a BenchmarkModel. */
    public static BenchmarkModel loadModel(Path file) throws ModelLoadException {
        return asModel(file, loadRoot(newResourceSet(), file));
    }

    /** Loads {@code text} as a benchmark model, as if it were the content of {@code file} (see {@link #loadRootFromText}). */
    public static BenchmarkModel loadModelFromText(Path file, String text) throws ModelLoadException, IOException {
        return asModel(file, loadRootFromText(newResourceSet(), file, text));
    }

    private static BenchmarkModel asModel(Path file, EObject root) throws ModelLoadException {
        if (root instanceof BenchmarkModel model) {
            return model;
        }
        throw new ModelLoadException(file, 0, 0,
                "expected a bgml:BenchmarkModel root, found bgml:" + root.eClass().getName());
    }

    /**
     * Loads {@code text} (an editor's unsaved content, say) into {@code set} as if it were the content of
     * {@code file}, which is neither read nor written: messages name {@code file}, and the root's resource has
     * {@code file}'s URI. The text goes through a private temporary copy, so it is checked exactly as a file is.
     */
    public static EObject loadRootFromText(ResourceSet set, Path file, String text) throws ModelLoadException, IOException {
        Path dir = Files.createTempDirectory("bgml-text");
        Path copy = dir.resolve(file.getFileName().toString());
        try {
            Files.writeString(copy, text, StandardCharsets.UTF_8);
            EObject root;
            try {
                root = loadRoot(set, copy);
            } catch (ModelLoadException e) {
                throw new ModelLoadException(file, e.line(), e.column(), e.getMessage().replace(copy.toString(), file.toString()));
            }
            root.eResource().setURI(uriOf(file));
            return root;
        } finally {
            Files.deleteIfExists(copy);
            Files.deleteIfExists(dir);
        }
    }

    /** Loads any BGML file (a benchmark model or an option catalogue) into {@code set} and returns its root. */
    public static EObject loadRoot(ResourceSet set, Path file) throws ModelLoadException {
        String root = checkHeader(file);
        Resource resource = set.createResource(uriOf(file));
        try (InputStream in = Files.newInputStream(file)) {
            resource.load(in, Map.of());
        } catch (IOException e) {
            set.getResources().remove(resource);
            throw describeLoadFailure(file, root, e, resource);
        } catch (RuntimeException e) {
            set.getResources().remove(resource);
            throw new ModelLoadException(file, 0, 0, "cannot read the model: " + e);
        }
        if (!resource.getErrors().isEmpty()) {
            set.getResources().remove(resource);
            throw fromDiagnostic(file, root, resource.getErrors().get(0), resource.getErrors().size(), resource);
        }
        if (resource.getContents().size() != 1) {
            throw new ModelLoadException(file, 0, 0,
                    "expected exactly one root element, found " + resource.getContents().size());
        }
        return resource.getContents().get(0);
    }

    /** The file URI EMF uses for {@code file}. */
    public static URI uriOf(Path file) {
        return URI.createFileURI(file.toAbsolutePath().normalize().toString());
    }

    /** Saves {@code resource} to {@code file} atomically: readers see the old file or the new one, whole. */
    public static void save(Resource resource, Path file) throws IOException {
        Path target = file.toAbsolutePath().normalize();
        URI uri = uriOf(target);
        if (!uri.equals(resource.getURI())) {
            resource.setURI(uri);
        }
        ByteArrayOutputStream content = new ByteArrayOutputStream(64 * 1024);
        resource.save(content, Map.of());
        writeAtomically(target, content.toByteArray());
    }

    /** Writes bytes to {@code target} through a forced temporary file and an atomic rename. */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path dir = target.getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot replace " + target + " atomically on this file system", e);
            }
            try (FileChannel dirChannel = FileChannel.open(dir, StandardOpenOption.READ)) {
                dirChannel.force(true);
            } catch (IOException ignored) {
                // Some file systems cannot sync a directory; the rename itself is still atomic.
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    // ------------------------------------------------------------------ header check

    /**
     * Reads the root element only: refuses empty, non-XML, foreign and newer-format files with one message.
     * Returns the root element's qualified name, for messages about the rest of the file.
     */
    private static String checkHeader(Path file) throws ModelLoadException {
        try {
            if (Files.size(file) == 0) {
                throw new ModelLoadException(file, 0, 0, "the file is empty; expected a BGML model (XMI)");
            }
        } catch (NoSuchFileException e) {
            throw new ModelLoadException(file, 0, 0, "no such file");
        } catch (IOException e) {
            throw new ModelLoadException(file, 0, 0, "cannot read: " + e.getMessage());
        }
        try (InputStream in = Files.newInputStream(file)) {
            XMLStreamReader reader = LoadErrors.safeFactory().createXMLStreamReader(in);
            while (reader.hasNext() && reader.next() != XMLStreamConstants.START_ELEMENT) {
                // skip the prolog
            }
            if (reader.getEventType() != XMLStreamConstants.START_ELEMENT) {
                throw new ModelLoadException(file, 0, 0, "no root element; expected a " + LoadErrors.ROOTS);
            }
            String namespace = reader.getNamespaceURI();
            String element = (reader.getPrefix() == null || reader.getPrefix().isEmpty() ? "" : reader.getPrefix() + ":")
                    + reader.getLocalName();
            FormatVersion version = FormatVersion.parse(namespace);
            int line = reader.getLocation().getLineNumber();
            if (version == null) {
                throw new ModelLoadException(file, line, 0, "not a BGML model: the root element is <" + element + ">"
                        + (namespace == null || namespace.isEmpty() ? "" : " in namespace " + namespace)
                        + "; expected " + LoadErrors.ROOTS + " in namespace " + BgmlPackage.eNS_URI);
            }
            if (version.compareTo(FormatVersion.CURRENT) > 0) {
                throw new ModelLoadException(file, line, 0, "the file uses BGML format " + version
                        + ", which is newer than this BGML Studio reads (format " + FormatVersion.CURRENT
                        + "); expected format " + FormatVersion.CURRENT + " or older: open it with a newer BGML Studio");
            }
            if (version.compareTo(FormatVersion.CURRENT) < 0) {
                throw new ModelLoadException(file, line, 0, "the file uses BGML format " + version
                        + ", which this BGML Studio (format " + FormatVersion.CURRENT + ") cannot migrate; expected format "
                        + FormatVersion.CURRENT);
            }
            return element;
        } catch (XMLStreamException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
            int column = e.getLocation() == null ? 0 : e.getLocation().getColumnNumber();
            throw new ModelLoadException(file, Math.max(line, 0), Math.max(column, 0), LoadErrors.beforeRoot(e.getMessage()));
        } catch (IOException e) {
            throw new ModelLoadException(file, 0, 0, "cannot read: " + e.getMessage());
        }
    }

    // ------------------------------------------------------------------ error translation

    private static ModelLoadException describeLoadFailure(Path file, String root, IOException e, Resource resource) {
        if (!resource.getErrors().isEmpty()) {
            return fromDiagnostic(file, root, resource.getErrors().get(0), resource.getErrors().size(), resource);
        }
        Throwable cause = e instanceof Resource.IOWrappedException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof Resource.Diagnostic diagnostic) {
            return fromDiagnostic(file, root, diagnostic, 1, resource);
        }
        if (cause instanceof org.xml.sax.SAXParseException sax) {
            return new ModelLoadException(file, Math.max(sax.getLineNumber(), 0), Math.max(sax.getColumnNumber(), 0),
                    LoadErrors.insideModel(sax.getMessage(), root));
        }
        return new ModelLoadException(file, 0, 0, "cannot read the model: " + cause.getMessage());
    }

    private static ModelLoadException fromDiagnostic(Path file, String root, Resource.Diagnostic d, int total, Resource resource) {
        String message = LoadErrors.explain(d, file, root, resource);
        if (total > 1) {
            message += " (and " + (total - 1) + " more problem" + (total > 2 ? "s" : "") + ")";
        }
        return new ModelLoadException(file, Math.max(d.getLine(), 0), Math.max(d.getColumn(), 0), message);
    }

    private static URI catalogLocation() {
        if (EMFPlugin.IS_ECLIPSE_RUNNING) {
            return URI.createPlatformPluginURI(BUNDLE + "/catalogs/", true);
        }
        java.net.URL known = ModelFiles.class.getResource("/catalogs/tao.bgml");
        if (known == null) {
            return null;
        }
        String s = known.toString();
        return URI.createURI(s.substring(0, s.length() - "tao.bgml".length()));
    }
}
