package org.bgml.ide.core.launch;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IStreamListener;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IFlushableStreamMonitor;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IStreamMonitor;
import org.eclipse.debug.core.model.IStreamsProxy;

/**
 * A benchmark run as the debug framework sees it: one process of the launch, whose output (the run's own lines
 * and the build and benchmark process logs as they grow) the Console view shows, and whose Terminate button cancels
 * the run. The run itself is a {@link BenchmarkJob}; benchmark processes are the launcher's process groups.
 */
public final class BenchmarkProcess implements IProcess {
    private final ILaunch launch;
    private final String label;
    private final Map<String, String> attributes = new HashMap<>();
    private final Monitor out = new Monitor();
    private final Monitor err = new Monitor();
    private volatile BenchmarkJob job;
    private volatile boolean terminated;
    private volatile int exitValue;

    public BenchmarkProcess(ILaunch launch, String label) {
        this.launch = launch;
        this.label = label;
        attributes.put(IProcess.ATTR_PROCESS_TYPE, "bgml.benchmark");
        launch.addProcess(this);
        fire(DebugEvent.CREATE);
    }

    void attach(BenchmarkJob job) {
        this.job = job;
    }

    /** Appends text to the console's output stream. */
    public void print(String text) {
        out.append(text);
    }

    /** Appends text to the console's error stream (shown in red). */
    public void printError(String text) {
        err.append(text);
    }

    /** The run ended; {@code exit} is 0 for success, 1 for failure, 2 for cancellation. */
    void terminated(int exit) {
        if (terminated) {
            return;
        }
        exitValue = exit;
        terminated = true;
        fire(DebugEvent.TERMINATE);
    }

    private void fire(int kind) {
        DebugPlugin plugin = DebugPlugin.getDefault();
        if (plugin != null) {
            plugin.fireDebugEventSet(new DebugEvent[] { new DebugEvent(this, kind) });
        }
    }

    @Override
    public String getLabel() {
        return label;
    }

    @Override
    public ILaunch getLaunch() {
        return launch;
    }

    @Override
    public IStreamsProxy getStreamsProxy() {
        return new IStreamsProxy() {
            @Override
            public IStreamMonitor getErrorStreamMonitor() {
                return err;
            }

            @Override
            public IStreamMonitor getOutputStreamMonitor() {
                return out;
            }

            @Override
            public void write(String input) {
                // benchmarks read no input
            }
        };
    }

    @Override
    public void setAttribute(String key, String value) {
        attributes.put(key, value);
    }

    @Override
    public String getAttribute(String key) {
        return attributes.get(key);
    }

    @Override
    public int getExitValue() throws DebugException {
        if (!terminated) {
            throw new DebugException(new org.eclipse.core.runtime.Status(org.eclipse.core.runtime.IStatus.ERROR,
                    org.bgml.ide.core.BgmlIde.PLUGIN_ID, DebugException.TARGET_REQUEST_FAILED, "the benchmark is still running", null));
        }
        return exitValue;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter.isInstance(this)) {
            return adapter.cast(this);
        }
        if (adapter == ILaunch.class) {
            return adapter.cast(launch);
        }
        return null;
    }

    @Override
    public boolean canTerminate() {
        return !terminated;
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    /** Cancels the run: the job stops every benchmark process it started, then this process terminates. */
    @Override
    public void terminate() {
        BenchmarkJob j = job;
        if (j != null) {
            j.cancel();
        } else {
            terminated(2);
        }
    }

    /** A growing text with listeners, kept whole so that a console opened late shows everything. */
    private static final class Monitor implements IFlushableStreamMonitor {
        private final List<IStreamListener> listeners = new CopyOnWriteArrayList<>();
        private final StringBuilder contents = new StringBuilder();
        private boolean buffered = true;

        void append(String text) {
            synchronized (this) {
                if (buffered) {
                    contents.append(text);
                }
            }
            for (IStreamListener l : listeners) {
                l.streamAppended(text, this);
            }
        }

        @Override
        public void addListener(IStreamListener listener) {
            listeners.add(listener);
        }

        @Override
        public synchronized String getContents() {
            return contents.toString();
        }

        @Override
        public void removeListener(IStreamListener listener) {
            listeners.remove(listener);
        }

        @Override
        public synchronized void flushContents() {
            contents.setLength(0);
        }

        @Override
        public synchronized void setBuffered(boolean buffer) {
            buffered = buffer;
        }

        @Override
        public synchronized boolean isBuffered() {
            return buffered;
        }
    }
}
