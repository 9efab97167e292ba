package org.bgml.diagram.glsp;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.glsp.server.actions.ActionDispatcher;
import org.eclipse.glsp.server.actions.SaveModelAction;
import org.eclipse.glsp.server.features.core.model.RequestModelAction;
import org.eclipse.glsp.server.features.core.model.SourceModelStorage;
import org.eclipse.glsp.server.types.GLSPServerException;

import com.google.inject.Inject;

/**
 * Loads the {@code .bgml} file named by the client's {@code sourceUri} (a path, or a {@code file:} URI) with
 * {@link ModelFiles}, and saves it atomically the same way, with the layout file beside it. A file that does not
 * exist yet opens as an empty model, so a user can start from nothing.
 */
public class BgmlSourceModelStorage implements SourceModelStorage {
    public static final String SOURCE_URI = "sourceUri";

    @Inject
    protected BgmlModelState state;
    /** Bound by {@link org.bgml.diagram.server.DiagramServer}: lets an in-process host find this session by file. */
    @Inject(optional = true)
    protected DiagramSessions sessions;
    @Inject
    protected ActionDispatcher dispatcher;

    @Override
    public void loadSourceModel(RequestModelAction action) {
        String source = action.getOptions().get(SOURCE_URI);
        if (source == null || source.isBlank()) {
            throw new GLSPServerException("no sourceUri in requestModel: the client must name the .bgml file");
        }
        Path file = toPath(source);
        long t0 = System.nanoTime();
        BenchmarkModel model;
        try {
            if (java.nio.file.Files.exists(file)) {
                model = ModelFiles.loadModel(file);
            } else {
                model = emptyModel(file);
            }
        } catch (ModelLoadException e) {
            throw new GLSPServerException(e.describe(), e);
        }
        state.open(file, model, LayoutStore.load(file));
        state.getTimings().loadNanos = System.nanoTime() - t0;
        if (sessions != null) {
            sessions.opened(file, state, dispatcher);
        }
    }

    static BenchmarkModel emptyModel(Path file) {
        Resource resource = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file));
        BenchmarkModel model = BgmlFactory.eINSTANCE.createBenchmarkModel();
        String stem = file.getFileName().toString().replaceFirst("\\.bgml$", "");
        String name = stem.replaceAll("[^A-Za-z0-9_]", "_");
        model.setName(name.isEmpty() || !Character.isLetter(name.charAt(0)) ? "Benchmark" : name);
        resource.getContents().add(model);
        return model;
    }

    public static Path toPath(String source) {
        if (source.startsWith("file:")) {
            return Path.of(URI.create(source)).toAbsolutePath().normalize();
        }
        return Path.of(source).toAbsolutePath().normalize();
    }

    @Override
    public void saveSourceModel(SaveModelAction action) {
        if (sessions != null && sessions.hostSaves(state)) {
            return;
        }
        try {
            save(state);
        } catch (IOException e) {
            throw new GLSPServerException("could not save " + state.getFile() + ": " + e.getMessage(), e);
        }
    }

    /** Writes the model (atomically, through ModelFiles) and its layout file. */
    public static void save(BgmlModelState state) throws IOException {
        ModelFiles.save(state.getModel().eResource(), state.getFile());
        state.getLayout().save(state.getFile());
    }
}
