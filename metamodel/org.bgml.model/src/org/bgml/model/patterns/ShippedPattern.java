package org.bgml.model.patterns;

import java.util.List;

/** A pattern that ships with BGML, written in Java; the parameters every shipped pattern shares are declared here. */
abstract class ShippedPattern implements PatternDefinition {
    static final PatternParameter SAMPLES = PatternParameter.integer("samples", 10000, 1, 10_000_000,
            "Timed samples of each metric.");
    static final PatternParameter RATE = PatternParameter.number("rate", 0, 0, 1_000_000,
            "Calls or events per second of each client; 0 runs as fast as possible.");
    static final PatternParameter BEHAVIOUR = PatternParameter.choice("behaviour", "echo", List.of("echo", "cubit", "busyWork"),
            "What each server does per call.");
    static final PatternParameter BUSY_MICROS = PatternParameter.integer("busyMicros", 10, 0, 1_000_000,
            "Microseconds of CPU per call when behaviour is busyWork.");

    private final String name;
    private final String prefix;
    private final String description;
    private final List<PatternParameter> parameters;

    ShippedPattern(String name, String prefix, String description, PatternParameter... own) {
        this.name = name;
        this.prefix = prefix;
        this.description = description;
        this.parameters = List.of(own);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public List<PatternParameter> parameters() {
        return parameters;
    }

    @Override
    public String defaultPrefix() {
        return prefix;
    }

    @Override
    public String origin() {
        return "shipped";
    }
}
