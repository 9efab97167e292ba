package org.bgml.analysis;

/** What a configuration is judged by. Latency is better low, throughput better high. */
public enum Response {
    LATENCY("latency", "µs", false),
    THROUGHPUT("throughput", "calls/s", true);

    private final String label;
    private final String unit;
    private final boolean higherIsBetter;

    Response(String label, String unit, boolean higherIsBetter) {
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** "latency (µs)". */
    public String axis() {
        return label + " (" + unit + ")";
    }

    /** The response named {@code name} (latency or throughput, any case). */
    public static Response parse(String name) {
        for (Response r : values()) {
            if (r.label.equalsIgnoreCase(name.trim())) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown response '" + name + "': use latency or throughput");
    }
}
