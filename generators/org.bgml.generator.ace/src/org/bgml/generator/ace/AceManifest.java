package org.bgml.generator.ace;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.ManifestPlacement;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.model.EventSource;
import org.bgml.model.RateKind;
import org.bgml.model.Workload;

/**
 * {@code manifest.json} of an ACE baseline: CMake build, processes in start order. A process that serves is
 * ready when its endpoint files exist and is stopped with SIGTERM; a pure client runs to completion.
 */
public final class AceManifest {
    /** Seconds a process may take to write its endpoint files. */
    public static final int READY_SECONDS = 30;
    /** Base run limit, plus {@link #MICROS_PER_CALL} per call and the modelled delays. */
    public static final int BASE_SECONDS = 120;
    public static final int MICROS_PER_CALL = 50;

    private final BenchmarkPlan plan;
    private final AceNaming naming;
    private final AceProcesses processes;
    private final AceOptions options;
    private final AceChains chains;

    public AceManifest(BenchmarkPlan plan, AceNaming naming, AceProcesses processes, AceOptions options, AceChains chains) {
        this.plan = plan;
        this.naming = naming;
        this.processes = processes;
        this.options = options;
        this.chains = chains;
    }

    public Manifest build(List<String> sources) {
        List<Manifest.ProcessSpec> specs = new ArrayList<>();
        int everything = runLimit(plan.processes());
        for (ProcessPlan p : plan.processes()) {
            boolean serves = processes.serves(p);
            String role = serves ? (p.isClient() ? "both" : "server") : "client";
            // a process that serves and drives a timer or path calls says when they are done: the chain may then be stopped
            Manifest.Readiness done = serves && chains.drivesPaths(p)
                    ? Manifest.Readiness.files(List.of(naming.doneFile(p.name()))) : null;
            specs.add(new Manifest.ProcessSpec(p.name(), role, naming.executable(p.name()), arguments(p),
                    options.environment(p.name()), ".", p.cpus(),
                    serves ? Manifest.Readiness.files(processes.endpointFiles(p)) : Manifest.Readiness.none(), READY_SECONDS,
                    serves ? everything : runLimit(List.of(p)), serves ? "signal" : "exit", List.of(p.resultFile()), done));
        }
        Manifest.Build build = new Manifest.Build("cmake",
                List.of(List.of("cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"),
                        List.of("cmake", "--build", "build", "-j", "2")),
                sources);
        return ManifestPlacement.place(new Manifest(Manifest.SCHEMA_VERSION, plan.model().getName(), "ace",
                plan.deployment(), plan.configuration(), build, List.copyOf(specs)), plan);
    }

    /** {@code -r results/P.json -c 0} and the ACE catalogue's arguments. */
    public List<String> arguments(ProcessPlan p) {
        List<String> args = new ArrayList<>(List.of("-r", p.resultFile()));
        if (p.isPinned()) {
            args.add("-c");
            args.add(cpuList(p.cpus()));
        }
        args.addAll(options.arguments(p.name()));
        return List.copyOf(args);
    }

    public static String cpuList(List<Integer> cpus) {
        return String.join(",", cpus.stream().map(String::valueOf).toList());
    }

    /** Seconds: the base plus 50 us per call of every thread, and the delays, durations and paced time of every metric the processes run. */
    private int runLimit(List<ProcessPlan> ps) {
        long micros = 0;
        long millis = 0;
        for (ProcessPlan p : ps) {
            for (InvocationPlan i : processes.measured(p)) {
                for (MetricPlan m : i.metrics()) {
                    micros += m.calls() * MICROS_PER_CALL; // every calling thread makes the whole count
                    millis += m.preDelayMillis() + m.postDelayMillis() + m.durationMillis() * m.payloadSizes().size() + m.pacedMillis();
                }
            }
            for (EventPlan e : processes.supplied(p)) {
                for (MetricPlan m : e.metrics()) {
                    micros += m.calls() * MICROS_PER_CALL;
                    millis += m.preDelayMillis() + m.postDelayMillis() + m.durationMillis() * m.payloadSizes().size() + m.pacedMillis();
                }
            }
            for (EventSource t : chains.timers(p)) {
                millis += timerMillis(t);
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, BASE_SECONDS + micros / 1_000_000 + millis / 1000);
    }

    /** How long a timer publishes: its duration, or its publications at its rate (50 us each when unpaced). */
    private long timerMillis(EventSource t) {
        Workload w = t.getTimer();
        long count = chains.timerWarmup(t) + chains.timerIterations(t);
        if (w.getIterations() == 0 && w.getDurationMillis() > 0) {
            return w.getDurationMillis();
        }
        if (w.getRate() == RateKind.FIXED && w.getRateHz() > 0) {
            return (long) Math.ceil(count * 1000.0 / w.getRateHz());
        }
        return count * MICROS_PER_CALL / 1000;
    }
}
