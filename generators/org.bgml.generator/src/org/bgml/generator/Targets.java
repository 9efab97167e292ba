package org.bgml.generator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.TargetGenerator;

/** Every target BGML can generate for, by id. */
public final class Targets {
    private Targets() {
    }

    public static List<TargetGenerator> all() {
        return List.of();
    }

    public static Map<String, TargetGenerator> byId() {
        Map<String, TargetGenerator> targets = new LinkedHashMap<>();
        all().forEach(t -> targets.put(t.id(), t));
        return targets;
    }
}
