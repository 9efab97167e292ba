package org.bgml.model.patterns;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.ecore.resource.Resource;

/**
 * A new model file as {@code bgml new FILE [--pattern NAME --set P=V ... --prefix P]} makes it, and as the New BGML
 * Model wizard makes it: named after the file, empty or with one instance of a pattern, described by what made it.
 * Both write {@link #bytes} of the same model, so the same choices give the same file, byte for byte.
 */
public final class NewModelFile {
    private NewModelFile() {
    }

    /** An empty model named after {@code file}, in a resource at that file's URI (not saved). */
    public static BenchmarkModel empty(Path file) {
        BenchmarkModel model = BgmlFactory.eINSTANCE.createBenchmarkModel();
        model.setName(modelName(file));
        Resource resource = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file));
        resource.getContents().add(model);
        return model;
    }

    /**
     * Adds one instance of {@code pattern} to {@code model} and, when the model has no description yet, describes it
     * by what was added; returns that description's subject: {@code pattern proxy (pairs=5, mode=route, ...) with prefix proxy}.
     *
     * @throws PatternException for an unknown parameter, a value that does not fit, or a prefix whose names are taken
     */
    public static String addPattern(BenchmarkModel model, PatternDefinition pattern, Map<String, String> given, String prefix)
            throws PatternException {
        PatternInstantiator.Instance instance = PatternInstantiator.instantiate(model, pattern, given, prefix);
        String what = "pattern " + pattern.name() + " (" + String.join(", ", instance.arguments().asText().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).toList()) + ") with prefix " + instance.prefix();
        if (model.getDescription() == null) {
            model.setDescription("Made by bgml new from the " + what + ".");
        }
        return what;
    }

    /** The bytes {@link ModelFiles#save} writes for {@code model}'s resource. */
    public static byte[] bytes(BenchmarkModel model) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        model.eResource().save(out, Map.of());
        return out.toByteArray();
    }

    /** The file's name without {@code .bgml}, as an identifier: {@code my-bench.bgml} is {@code my_bench}. */
    public static String modelName(Path file) {
        String stem = file.getFileName().toString();
        if (stem.endsWith("." + ModelFiles.FILE_EXTENSION)) {
            stem = stem.substring(0, stem.length() - ModelFiles.FILE_EXTENSION.length() - 1);
        }
        String name = stem.replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (name.isEmpty() || !Character.isLetter(name.charAt(0))) {
            name = "Model" + (name.isEmpty() ? "" : "_" + name);
        }
        return name;
    }
}
