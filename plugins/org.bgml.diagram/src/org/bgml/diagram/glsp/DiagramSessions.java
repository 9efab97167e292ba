package org.bgml.diagram.glsp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.glsp.server.actions.AbstractActionHandler;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.actions.ActionDispatcher;
import org.eclipse.glsp.server.actions.SetDirtyStateAction;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;

import com.google.inject.Inject;

/**
 * The open diagram sessions of one server, by model file, for a host that shows the diagram inside the same JVM (the
 * Eclipse model editor). Such a host owns the file: it reads the session's model as text ({@link #modelText}), gives
 * the session new text ({@link #replaceModel}), marks the session saved once the text is written
 * ({@link #markSaved}), and may take over saving ({@link #saveByHost}), so the file is written through one path, and
 * running ({@link #runByHost}), so Generate &amp; Run goes through the host's own launch (it reports back with
 * {@link #runStatus}).
 * Every call that touches a session's model runs on that session's action thread (as an internal {@link Task}), so
 * it never races with an edit the client is making.
 */
public final class DiagramSessions {
    private static final long TIMEOUT_SECONDS = 20;
    private final Map<Path, List<Session>> open = new HashMap<>();
    private final Map<Path, Consumer<Path>> hostSaves = new ConcurrentHashMap<>();
    private final Map<Path, Consumer<HostRun>> hostRuns = new ConcurrentHashMap<>();

    /** A Generate &amp; Run the client asked for: the model file, the target, and the configuration (null: the generator's choice). */
    public record HostRun(Path file, String target, String configuration) {
    }

    private record Session(BgmlModelState state, ActionDispatcher dispatcher) {
    }

    /** What a task sees and does on the session thread: the model state, and the actions it sends to the client. */
    public record Context(BgmlModelState state, ModelSubmissionHandler submission, List<Action> toClient) {
    }

    @FunctionalInterface
    public interface Work<T> {
        T run(Context context) throws Exception;
    }

    /** Called by the storage when a session has loaded {@code file}. */
    synchronized void opened(Path file, BgmlModelState state, ActionDispatcher dispatcher) {
        List<Session> list = open.computeIfAbsent(key(file), k -> new ArrayList<>());
        list.removeIf(s -> s.state == state || s.dispatcher.isDisposed());
        list.add(new Session(state, dispatcher));
    }

    private static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }

    /** The newest live session on {@code file}, or null. */
    private synchronized Session live(Path file) {
        List<Session> list = open.get(key(file));
        if (list == null) {
            return null;
        }
        list.removeIf(s -> s.dispatcher.isDisposed());
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    /** True while a client has {@code file} open on this server. */
    public boolean isOpen(Path file) {
        return live(file) != null;
    }

    /** Runs {@code work} on the session thread of {@code file} and returns its result; null when no session is open. */
    public <T> T call(Path file, Work<T> work) throws IOException {
        Session s = live(file);
        if (s == null) {
            return null;
        }
        Task<T> task = new Task<>(work);
        s.dispatcher.dispatch(task);
        try {
            return task.result.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the diagram of " + file, e);
        } catch (TimeoutException e) {
            throw new IOException("the diagram of " + file + " did not answer within " + TIMEOUT_SECONDS + " s", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(String.valueOf(cause), cause);
        }
    }

    /** The session's model as the file would hold it if saved now; null when no session has {@code file} open. */
    public String modelText(Path file) throws IOException {
        return call(file, c -> text(c.state().getModel()));
    }

    static String text(BenchmarkModel model) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        model.eResource().save(out, Map.of());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** True when the session has edits that are not in the file (nor handed to the host since). */
    public boolean isDirty(Path file) {
        Session s = live(file);
        return s != null && s.state.isDirty();
    }

    public boolean canUndo(Path file) {
        Session s = live(file);
        return s != null && s.state.canUndo();
    }

    public boolean canRedo(Path file) {
        Session s = live(file);
        return s != null && s.state.canRedo();
    }

    /**
     * Replaces the session's model with {@code text} (what the host's source holds) and redraws the diagram; undo
     * history starts again and the session is clean. Text that does not parse changes nothing and throws, naming
     * {@code file} and the line. Returns false when no session has {@code file} open.
     */
    public boolean replaceModel(Path file, String text) throws ModelLoadException, IOException {
        BenchmarkModel model = parse(file, text);
        Boolean done = call(file, c -> {
            c.state().open(c.state().getFile(), model, c.state().getLayout());
            c.toClient().addAll(c.submission().submitModel());
            c.toClient().add(new SetDirtyStateAction(false, "replaced"));
            c.toClient().add(BgmlActionHandlers.runs(c.state())); // the text may bring new runs (a run wrote its results)
            return Boolean.TRUE;
        });
        return done != null;
    }

    /**
     * Parses model text as if it were the content of {@code file}: the same checks and messages as loading the file,
     * and the model's resource has the file's URI.
     */
    public static BenchmarkModel parse(Path file, String text) throws ModelLoadException, IOException {
        return ModelFiles.loadModelFromText(file, text);
    }

    /** The host has written the session's model text to the file: the session is clean (its undo history stays). */
    public void markSaved(Path file) throws IOException {
        call(file, c -> {
            c.state().saveIsDone();
            c.toClient().add(new SetDirtyStateAction(false, "save"));
            return Boolean.TRUE;
        });
    }

    /** Writes the session's layout file beside {@code file} (node positions are not in the model). */
    public void saveLayout(Path file) throws IOException {
        saveLayout(file, null);
    }

    /**
     * Writes the layout of the session on {@code file} beside {@code model} instead (Save As: the positions go with the
     * model to its new file); null for {@code file} itself. False when no session has {@code file} open.
     */
    public boolean saveLayout(Path file, Path model) throws IOException {
        return Boolean.TRUE.equals(call(file, c -> {
            c.state().getLayout().save(model == null ? c.state().getFile() : model);
            return Boolean.TRUE;
        }));
    }

    /**
     * From now on a save the client asks for calls {@code save} (on the session thread, with the file) instead of
     * writing the file; the host then saves through its own path. null stops that.
     */
    public void saveByHost(Path file, Consumer<Path> save) {
        if (save == null) {
            hostSaves.remove(key(file));
        } else {
            hostSaves.put(key(file), save);
        }
    }

    /** Called by the storage on a client's save: true when the host took it over. */
    boolean hostSaves(BgmlModelState state) {
        Consumer<Path> save = state.getFile() == null ? null : hostSaves.get(key(state.getFile()));
        if (save == null) {
            return false;
        }
        save.accept(state.getFile());
        return true;
    }

    /**
     * From now on a Generate &amp; Run the client asks for calls {@code run} (on the session thread) instead of saving
     * and running inside the server: the host saves through its own path and runs the model its own way (in Eclipse, a
     * launch with a Job, a Console and cancel), and reports back with {@link #runStatus}. null stops that.
     */
    public void runByHost(Path file, Consumer<HostRun> run) {
        if (run == null) {
            hostRuns.remove(key(file));
        } else {
            hostRuns.put(key(file), run);
        }
    }

    /** Called by the run handler on a client's Generate &amp; Run: true when the host took it over. */
    boolean hostRuns(BgmlModelState state, String target, String configuration) {
        Consumer<HostRun> run = state.getFile() == null ? null : hostRuns.get(key(state.getFile()));
        if (run == null) {
            return false;
        }
        run.accept(new HostRun(state.getFile(), target, configuration));
        return true;
    }

    /**
     * How the host's run of {@code file} goes, for the client's run status ({@code bgmlRunProgress}): {@code phase} is
     * {@code launched} while it runs, {@code done} or {@code failed} at the end. A {@code runId} (the finished run)
     * becomes the run the overlay shows, and the run chooser is sent again. Nothing happens when no session is open.
     */
    public void runStatus(Path file, String phase, String message, String runId) throws IOException {
        call(file, c -> {
            if (runId != null && !runId.isEmpty()) {
                c.state().setRunId(runId);
                c.toClient().addAll(c.submission().submitModel());
                c.toClient().add(BgmlActionHandlers.runs(c.state()));
            }
            c.toClient().add(new org.bgml.diagram.actions.RunProgressAction(phase, message == null ? "" : message, 0, 0,
                    runId == null ? "" : runId));
            return Boolean.TRUE;
        });
    }

    /** An internal action: work for the session thread, never sent by or to a client. */
    public static final class Task<T> extends Action {
        public static final String KIND = "bgmlHostTask";
        final transient Work<T> work;
        final transient CompletableFuture<T> result = new CompletableFuture<>();

        /** GLSP builds one of each handled action to learn its kind; a task without work does nothing. */
        public Task() {
            this(null);
        }

        Task(Work<T> work) {
            super(KIND);
            this.work = work;
        }
    }

    /** Runs {@link Task}s on the session thread; what they add to {@code toClient} goes to the client. */
    @SuppressWarnings("rawtypes")
    public static class TaskHandler extends AbstractActionHandler<Task> {
        @Inject
        protected BgmlModelState state;
        @Inject
        protected ModelSubmissionHandler submission;

        @Override
        @SuppressWarnings("unchecked")
        protected List<Action> executeAction(Task task) {
            List<Action> toClient = new ArrayList<>();
            if (task.work == null || task.isReceivedFromClient()) {
                return toClient; // only the host in this JVM gives the session work
            }
            try {
                task.result.complete(task.work.run(new Context(state, submission, toClient)));
            } catch (Exception | LinkageError e) {
                task.result.completeExceptionally(e);
                return List.of();
            }
            return toClient;
        }
    }
}
