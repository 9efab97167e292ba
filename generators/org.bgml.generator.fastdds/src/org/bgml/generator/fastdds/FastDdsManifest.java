package org.bgml.generator.fastdds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ManifestPlacement;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;

/**
 * {@code manifest.json} of a Fast DDS benchmark: CMake build (fastddsgen runs in it), processes in start order. A
 * process that serves is ready when every served facet's replier exists (its {@code .ready} file) and is stopped with
 * SIGTERM; a driving process confirms the match both ways itself (matched writer and reader, then a handshake call,
 * retried) before its timed work. Every process reads no XML profile from the run folder.
 */
public final class FastDdsManifest {
    public static final int READY_SECONDS = 30;
    public static final int BASE_SECONDS = 120;
    public static final int MICROS_PER_CALL = 50;
    /** Participants Fast DDS finds by unicast discovery on 127.0.0.1 unless told more. */
    public static final int DEFAULT_PEERS = 4;

    private final BenchmarkPlan plan;
    private final FastDdsNaming naming;
    private final FastDdsEvents events;

    public FastDdsManifest(BenchmarkPlan plan, FastDdsNaming naming) {
        this.plan = plan;
        this.naming = naming;
        this.events = new FastDdsEvents(plan, naming);
    }

    public Manifest build(List<String> sources) {
        List<Manifest.ProcessSpec> specs = new ArrayList<>();
        int everything = runLimit(plan.processes());
        for (ProcessPlan p : plan.processes()) {
            boolean serves = !p.servants().isEmpty() || events.serves(p);
            boolean drives = p.invocations().stream().anyMatch(FastDdsManifest::loops) || events.drives(p);
            String role = serves ? (drives ? "both" : "server") : "client";
            Manifest.Readiness done = serves && drives ? Manifest.Readiness.files(List.of(naming.doneFile(p.name()))) : null;
            specs.add(new Manifest.ProcessSpec(p.name(), role, naming.executable(p.name()), arguments(p), environment(p), ".",
                    p.cpus(), serves ? Manifest.Readiness.files(readyFiles(p)) : Manifest.Readiness.none(), READY_SECONDS,
                    serves ? everything : runLimit(List.of(p)), serves ? "signal" : "exit", List.of(p.resultFile()), done));
        }
        Manifest.Build build = new Manifest.Build("cmake",
                List.of(List.of("cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"),
                        List.of("cmake", "--build", "build", "-j", "2")),
                sources);
        Manifest placed = ManifestPlacement.place(new Manifest(Manifest.SCHEMA_VERSION, plan.model().getName(), "fastdds",
                plan.deployment(), plan.configuration(), build, List.copyOf(specs)), plan);
        List<Manifest.Substitution> made = new FastDdsWhiteBox(plan, naming).substitutions();
        return made.isEmpty() ? placed : placed.withSubstitutions(made);
    }

    public List<String> readyFiles(ProcessPlan p) {
        List<String> files = new ArrayList<>(p.servants().stream().map(naming::readyFile).toList());
        if (events.holdsPorts(p)) {
            files.add(events.readyFile(p));
        }
        return List.copyOf(files);
    }

    /** The invocation runs timed loops (not only the calls of behaviour actions). */
    private static boolean loops(InvocationPlan i) {
        return i.metrics().stream().anyMatch(m -> !"footprint".equals(m.kind()) && m.operation() != null);
    }

    /** {@code -r results/P.json -c 0}, the catalogue's settings, and {@code --peers} when the run has more participants than Fast DDS looks for. */
    public List<String> arguments(ProcessPlan p) {
        List<String> args = new ArrayList<>(List.of("-r", p.resultFile()));
        if (p.isPinned()) {
            args.add("-c");
            args.add(String.join(",", p.cpus().stream().map(String::valueOf).toList()));
        }
        args.addAll(p.options().orbArgs());
        if (plan.processes().size() > DEFAULT_PEERS) {
            args.add("--peers");
            args.add(String.valueOf(plan.processes().size()));
        }
        return List.copyOf(args);
    }

    /** SKIP_DEFAULT_XML_FILE=1 and the configuration's variables. */
    public Map<String, String> environment(ProcessPlan p) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SKIP_DEFAULT_XML_FILE", "1");
        env.putAll(p.options().environment());
        return env;
    }

    private int runLimit(List<ProcessPlan> ps) {
        long micros = 0;
        long millis = 0;
        for (ProcessPlan p : ps) {
            for (InvocationPlan i : p.invocations()) {
                for (MetricPlan m : i.metrics()) {
                    micros += m.calls() * MICROS_PER_CALL;
                    millis += m.preDelayMillis() + m.postDelayMillis() + m.pacedMillis();
                }
            }
            millis += events.runSeconds(p) * 1000;
        }
        return (int) Math.min(Integer.MAX_VALUE, BASE_SECONDS + micros / 1_000_000 + millis / 1000);
    }

    /** Servants of a process, for the templates. */
    public static List<ServantPlan> servants(ProcessPlan p) {
        return p.servants();
    }
}
