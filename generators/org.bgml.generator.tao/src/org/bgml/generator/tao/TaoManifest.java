package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.ManifestPlacement;
import org.bgml.generator.common.manifest.Manifest.Build;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.Manifest.Readiness;
import org.bgml.generator.common.plan.BenchmarkPlan;

/**
 * {@code manifest.json} of a TAO benchmark: MPC and make to build, and each process with its arguments (result
 * file, CPU list, svc.conf, loopback endpoint, the model's ORB options), readiness, limits and stop mode.
 */
public class TaoManifest {
    public static final String TARGET = "tao";
    private final TaoNaming naming;

    public TaoManifest(TaoNaming naming) {
        this.naming = naming;
    }

    public Manifest manifest(BenchmarkPlan plan, List<TaoProcesses.Launch> launches, List<String> sources,
            List<Manifest.Library> libraries) {
        String mwc = naming.mwcFile(plan.model());
        Build build = new Build("mpc", List.of(
                List.of("sh", "-c", "\"$ACE_ROOT/bin/mwc.pl\" -type gnuace " + mwc),
                List.of("make")), List.copyOf(new TreeSet<>(sources)), List.copyOf(libraries));
        List<ProcessSpec> specs = new ArrayList<>();
        for (TaoProcesses.Launch p : launches) {
            Map<String, String> env = new LinkedHashMap<>(p.options().environment());
            // a process that serves and drives says when its loops are over; until then nothing it calls is stopped
            Readiness done = p.doneFile() == null ? null : Readiness.files(List.of(p.doneFile()));
            specs.add(new ProcessSpec(p.name(), p.role(), naming.executable(p.name()), args(p), env, ".",
                    List.copyOf(p.cpus()), Readiness.files(p.readyFiles()), TaoProcesses.READY_TIMEOUT_SECONDS,
                    p.timeoutSeconds(), p.signal() ? "signal" : "exit", List.of(p.resultFile()), done).withCalls(p.calls()));
        }
        return ManifestPlacement.place(new Manifest(Manifest.SCHEMA_VERSION, plan.model().getName(), TARGET, plan.deployment(),
                plan.configuration(), build, specs), plan);
    }

    /** The arguments of a process: ours first, then the ORB's (ORB_init takes every -ORB option wherever it is). */
    public List<String> args(TaoProcesses.Launch p) {
        TaoOptions.ProcessOptions o = p.options();
        List<String> args = new ArrayList<>();
        args.add("-r");
        args.add(p.resultFile());
        if (!p.cpus().isEmpty()) {
            args.add("-c");
            args.add(String.join(",", p.cpus().stream().map(String::valueOf).toList()));
        }
        args.add("-ORBSvcConf");
        args.add(naming.svcConfFromRun(p.name()));
        if (!o.setsEndpoint()) {
            args.add("-ORBEndpoint");
            args.add(TaoOptions.LOOPBACK_ENDPOINT);
        }
        args.addAll(o.modelArgs());
        return args;
    }

    /** The same arguments as one command-line string, quoted where needed (for run_test.pl and the README). */
    public String argumentLine(TaoProcesses.Launch p) {
        List<String> quoted = new ArrayList<>();
        for (String a : args(p)) {
            quoted.add(a.isEmpty() || a.matches(".*[\\s\"'$`\\\\].*") ? "\"" + a.replaceAll("([\"$`\\\\])", "\\\\$1") + "\"" : a);
        }
        return String.join(" ", quoted);
    }
}
