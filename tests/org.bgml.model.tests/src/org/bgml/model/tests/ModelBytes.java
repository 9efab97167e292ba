package org.bgml.model.tests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;

/** Serialised forms of models, and readable answers to "why are these two not the same?". */
final class ModelBytes {
    private ModelBytes() {
    }

    /** Puts {@code root} into a new BGML resource for {@code file} (nothing is written). */
    static Resource resourceFor(EObject root, Path file) {
        Resource resource = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file));
        resource.getContents().add(root);
        return resource;
    }

    /** What {@link ModelFiles#save} writes for {@code resource} at its current URI. */
    static byte[] serialise(Resource resource) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        resource.save(out, Map.of());
        return out.toByteArray();
    }

    /**
     * Loads {@code file} and serialises it again in place (in memory). Empty when the result equals the file byte
     * for byte; otherwise the first line that differs.
     */
    static Optional<String> canonicalDifference(Path file) throws ModelLoadException, IOException {
        EObject root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), file);
        byte[] expected = serialise(root.eResource());
        byte[] actual = Files.readAllBytes(file);
        return firstDifferentLine(expected, actual).map(d -> file + " is not in canonical form: " + d
                + "; `bgml format " + file.getFileName() + "` rewrites it");
    }

    /** Empty when equal; otherwise "line N: saving writes '...' but the file has '...'". */
    static Optional<String> firstDifferentLine(byte[] expected, byte[] actual) {
        if (java.util.Arrays.equals(expected, actual)) {
            return Optional.empty();
        }
        List<String> want = new String(expected, StandardCharsets.UTF_8).lines().toList();
        List<String> have = new String(actual, StandardCharsets.UTF_8).lines().toList();
        for (int i = 0; i < Math.max(want.size(), have.size()); i++) {
            String w = i < want.size() ? want.get(i) : "<end of file>";
            String h = i < have.size() ? have.get(i) : "<end of file>";
            if (!w.equals(h)) {
                return Optional.of("line " + (i + 1) + ": saving writes '" + w.strip() + "' but the file has '" + h.strip() + "'");
            }
        }
        return Optional.of("the line endings or the final newline differ (" + expected.length + " bytes expected, "
                + actual.length + " found)");
    }

    /** Empty when the trees are structurally equal (EcoreUtil.equals); otherwise where they first differ. */
    static Optional<String> structuralDifference(EObject expected, EObject actual) {
        if (EcoreUtil.equals(expected, actual)) {
            return Optional.empty();
        }
        Iterator<EObject> e = EcoreUtil.getAllContents(List.of(expected));
        Iterator<EObject> a = EcoreUtil.getAllContents(List.of(actual));
        while (e.hasNext() && a.hasNext()) {
            EObject x = e.next();
            EObject y = a.next();
            String where = ElementPaths.pathOf(x);
            if (x.eClass() != y.eClass()) {
                return Optional.of(where + ": " + x.eClass().getName() + " became " + y.eClass().getName());
            }
            for (EStructuralFeature f : x.eClass().getEAllStructuralFeatures()) {
                if (f instanceof org.eclipse.emf.ecore.EReference r && r.isContainment()) {
                    continue;
                }
                if (x.eIsSet(f) != y.eIsSet(f)) {
                    return Optional.of(where + "." + f.getName() + ": set " + x.eIsSet(f) + " became " + y.eIsSet(f));
                }
                Object xv = x.eGet(f, false);
                Object yv = y.eGet(f, false);
                if (f instanceof org.eclipse.emf.ecore.EAttribute && !java.util.Objects.equals(xv, yv)) {
                    return Optional.of(where + "." + f.getName() + ": '" + xv + "' became '" + yv + "'");
                }
            }
        }
        if (e.hasNext() != a.hasNext()) {
            return Optional.of("the trees have different sizes");
        }
        return Optional.of("a reference points elsewhere (EcoreUtil.equals is false)");
    }
}
