package org.bgml.experiment.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * A made-up latency response with known main effects, interactions and noise, for checking designs and analyses
 * against the truth without building or running anything. The mean latency of a configuration is
 * {@code base + sum of the effects whose factor is at their level + sum of the interactions whose two factors are
 * both at their levels}; each run adds a run offset drawn from N(0, runNoise) and each sample noise from N(0, noise).
 * All figures are in microseconds.
 */
public record SyntheticResponse(double base, double noise, double runNoise, int samples, List<Effect> effects,
        List<Interaction> interactions) {

    /** {@code delta} µs when {@code factor} is at {@code level}. */
    public record Effect(String factor, String level, double delta) {
    }

    /** {@code delta} µs when {@code factorA} is at {@code levelA} and {@code factorB} at {@code levelB}. */
    public record Interaction(String factorA, String levelA, String factorB, String levelB, double delta) {
    }

    public SyntheticResponse {
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, got " + samples);
        }
        if (noise < 0 || runNoise < 0) {
            throw new IllegalArgumentException("noise must not be negative");
        }
        effects = List.copyOf(effects);
        interactions = List.copyOf(interactions);
    }

    /**
     * The 14 binary options of Table 1 of the Skoll study: thread-per-connection beats reactive by 20 µs, the MT
     * client connection handler costs 8 µs, a thread connection-cache lock 4 µs, and MT with reactive together cost
     * another 25 µs (the combination the study's classification tree found among the worst performers). The other
     * eleven options have no effect.
     */
    public static SyntheticResponse skollTableOne() {
        return new SyntheticResponse(100, 5, 1, 200,
                List.of(new Effect("ORBConcurrency", "reactive", 20), new Effect("ORBClientConnectionHandler", "MT", 8),
                        new Effect("ORBConnectionCacheLock", "thread", 4)),
                List.of(new Interaction("ORBClientConnectionHandler", "MT", "ORBConcurrency", "reactive", 25)));
    }

    /** The mean latency in µs of a configuration, without noise. */
    public double mean(Map<String, String> levels) {
        double m = base;
        for (Effect e : effects) {
            if (e.level().equals(levels.get(e.factor()))) {
                m += e.delta();
            }
        }
        for (Interaction i : interactions) {
            if (i.levelA().equals(levels.get(i.factorA())) && i.levelB().equals(levels.get(i.factorB()))) {
                m += i.delta();
            }
        }
        return m;
    }

    /** The samples of one run, in ns (at least 1 each), reproducible from {@code seed}. */
    public long[] samplesNs(Map<String, String> levels, long seed) {
        Random random = new Random(seed);
        double mean = mean(levels) + random.nextGaussian() * runNoise;
        long[] out = new long[samples];
        for (int i = 0; i < samples; i++) {
            out[i] = Math.max(1, Math.round((mean + random.nextGaussian() * noise) * 1000.0));
        }
        return out;
    }

    /** The factors with a main effect or in an interaction, in the order given. */
    public List<String> activeFactors() {
        List<String> out = new ArrayList<>();
        for (Effect e : effects) {
            if (!out.contains(e.factor())) {
                out.add(e.factor());
            }
        }
        for (Interaction i : interactions) {
            for (String f : List.of(i.factorA(), i.factorB())) {
                if (!out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /**
     * Parses {@code base=100;noise=5;runNoise=1;samples=200;effect=F:L:D;interaction=F:L:G:M:D} (any order; effect
     * and interaction repeat). {@code skoll} alone is {@link #skollTableOne()}.
     */
    public static SyntheticResponse parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("an empty synthetic response; write e.g. base=100;noise=2;effect=F:L:10");
        }
        if (spec.trim().equals("skoll")) {
            return skollTableOne();
        }
        double base = 100;
        double noise = 0;
        double runNoise = 0;
        int samples = 100;
        List<Effect> effects = new ArrayList<>();
        List<Interaction> interactions = new ArrayList<>();
        for (String part : spec.split(";")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("'" + p + "' is not key=value");
            }
            String key = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            try {
                switch (key) {
                case "base" -> base = Double.parseDouble(value);
                case "noise" -> noise = Double.parseDouble(value);
                case "runNoise" -> runNoise = Double.parseDouble(value);
                case "samples" -> samples = Integer.parseInt(value);
                case "effect" -> {
                    String[] f = value.split(":");
                    if (f.length != 3) {
                        throw new IllegalArgumentException("effect needs FACTOR:LEVEL:DELTA, got '" + value + "'");
                    }
                    effects.add(new Effect(f[0], f[1], Double.parseDouble(f[2])));
                }
                case "interaction" -> {
                    String[] f = value.split(":");
                    if (f.length != 5) {
                        throw new IllegalArgumentException("interaction needs FACTOR:LEVEL:FACTOR:LEVEL:DELTA, got '" + value + "'");
                    }
                    interactions.add(new Interaction(f[0], f[1], f[2], f[3], Double.parseDouble(f[4])));
                }
                default -> throw new IllegalArgumentException("unknown key '" + key + "' (base, noise, runNoise, samples, effect, interaction)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + value + "' of " + key + " is not a number");
            }
        }
        return new SyntheticResponse(base, noise, runNoise, samples, effects, interactions);
    }

    /** The text form {@link #parse} reads. */
    public String spec() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "base=%s;noise=%s;runNoise=%s;samples=%d", num(base), num(noise), num(runNoise), samples));
        for (Effect e : effects) {
            b.append(";effect=").append(e.factor()).append(':').append(e.level()).append(':').append(num(e.delta()));
        }
        for (Interaction i : interactions) {
            b.append(";interaction=").append(i.factorA()).append(':').append(i.levelA()).append(':').append(i.factorB()).append(':')
                    .append(i.levelB()).append(':').append(num(i.delta()));
        }
        return b.toString();
    }

    private static String num(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
