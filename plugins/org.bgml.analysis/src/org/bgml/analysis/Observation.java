package org.bgml.analysis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run of one configuration: its factor levels and its responses. A response the run did not measure is NaN.
 *
 * @param id         what to call the run in messages (the store's run id)
 * @param levels     factor name to level
 * @param latencyUs  the configuration's latency in µs (the mean of its latency samples)
 * @param throughput calls per second
 */
public record Observation(String id, Map<String, String> levels, double latencyUs, double throughput) {
    public Observation {
        levels = Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    }

    public double value(Response response) {
        return response == Response.LATENCY ? latencyUs : throughput;
    }

    public String level(String factor) {
        return levels.get(factor);
    }
}
