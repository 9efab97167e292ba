package org.bgml.launcher.build;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;

import org.bgml.model.BenchmarkModel;

/**
 * Remembers what a benchmark folder was generated from, so that a run of an unchanged model skips validation and
 * generation: generation is deterministic, so the same inputs give the same files. The inputs are the tool version,
 * the target, deployment and configuration asked for, the model without its results (annotation does not change
 * what is generated) and the bytes of every other model file it refers to; the stamp also holds a hash of every generated file, so that a file edited
 * or deleted since (a user-code region, a configuration file) makes the next run generate again.
 */
public final class GenerationStamp {
    /** The stamp inside the benchmark folder. */
    public static final String FILE = ".bgml-generated";

    private GenerationStamp() {
    }

    /** The hash of the inputs of a generation. */
    public static String inputs(BenchmarkModel model, String toolVersion, String target, String deployment, String configuration)
            throws IOException {
        MessageDigest sha = sha();
        for (String s : List.of(toolVersion, target, String.valueOf(deployment), String.valueOf(configuration))) {
            sha.update(s.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
        }
        TreeSet<String> files = new TreeSet<>();
        if (model.eResource() != null && model.eResource().getResourceSet() != null) {
            EcoreUtil.resolveAll(model.eResource().getResourceSet()); // every file the model refers to
            for (Resource r : model.eResource().getResourceSet().getResources()) {
                URI uri = r.getURI();
                if (uri != null && uri.isFile()) {
                    files.add(uri.toFileString());
                }
            }
        } else if (model.eResource() != null && model.eResource().getURI() != null && model.eResource().getURI().isFile()) {
            files.add(model.eResource().getURI().toFileString());
        }
        String own = model.eResource() != null && model.eResource().getURI() != null && model.eResource().getURI().isFile()
                ? model.eResource().getURI().toFileString() : null;
        for (String f : files) {
            sha.update(f.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(f.equals(own) ? withoutResults(model) : Files.readAllBytes(Path.of(f)));
            sha.update((byte) 0);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /**
     * The model as it would be saved without its results viewpoint: annotating a run changes the model file, but
     * not what is generated from it.
     */
    static byte[] withoutResults(BenchmarkModel model) throws IOException {
        BenchmarkModel copy = EcoreUtil.copy(model);
        copy.getResults().clear();
        URI uri = model.eResource().getURI();
        Resource.Factory factory = model.eResource().getResourceSet() != null
                ? model.eResource().getResourceSet().getResourceFactoryRegistry().getFactory(uri) : null;
        Resource resource = factory != null ? factory.createResource(uri) : new org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl(uri);
        resource.getContents().add(copy);
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        resource.save(out, Map.of());
        return out.toByteArray();
    }

    /** Records that {@code files} (relative to {@code benchDir}) were just generated from {@code inputs}. */
    public static void write(Path benchDir, String inputs, Collection<String> files) throws IOException {
        List<String> sorted = new ArrayList<>(new TreeSet<>(files));
        StringBuilder b = new StringBuilder("inputs ").append(inputs).append('\n');
        b.append("outputs ").append(outputs(benchDir, sorted)).append('\n');
        sorted.forEach(f -> b.append("file ").append(f).append('\n'));
        Files.writeString(benchDir.resolve(FILE), b.toString(), StandardCharsets.UTF_8);
    }

    /** True when {@code benchDir} was generated from {@code inputs} and none of its generated files changed since. */
    public static boolean current(Path benchDir, String inputs) {
        Path stamp = benchDir.resolve(FILE);
        try {
            if (!Files.isRegularFile(stamp)) {
                return false;
            }
            List<String> lines = Files.readAllLines(stamp, StandardCharsets.UTF_8);
            if (lines.size() < 2 || !lines.get(0).equals("inputs " + inputs)) {
                return false;
            }
            List<String> files = lines.stream().filter(l -> l.startsWith("file ")).map(l -> l.substring(5)).toList();
            return !files.isEmpty() && lines.get(1).equals("outputs " + outputs(benchDir, files));
        } catch (IOException e) {
            return false;
        }
    }

    /** Forgets the stamp (before generating again, so that a failed generation leaves none). */
    public static void clear(Path benchDir) throws IOException {
        Files.deleteIfExists(benchDir.resolve(FILE));
    }

    private static String outputs(Path benchDir, List<String> files) throws IOException {
        MessageDigest sha = sha();
        for (String f : files) {
            Path p = benchDir.resolve(f);
            if (!Files.isRegularFile(p)) {
                throw new IOException(f + " is gone");
            }
            sha.update(f.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(Files.readAllBytes(p));
            sha.update((byte) (Files.isExecutable(p) ? 1 : 0));
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
