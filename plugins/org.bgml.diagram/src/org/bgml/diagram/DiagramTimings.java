package org.bgml.diagram;

/** Server-side cost of the latest diagram build, for the benchmark hook (printed, never asserted). */
public final class DiagramTimings {
    public volatile long loadNanos;
    public volatile long validateNanos;
    public volatile long layoutNanos;
    public volatile long gmodelNanos;
    public volatile int nodes;
    public volatile int edges;

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "load %.1f ms, validate %.1f ms, layout %.1f ms, model→GModel %.1f ms (%d nodes, %d edges)",
                loadNanos / 1e6, validateNanos / 1e6, layoutNanos / 1e6, gmodelNanos / 1e6, nodes, edges);
    }
}
