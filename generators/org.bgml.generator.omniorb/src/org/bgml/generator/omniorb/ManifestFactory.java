package org.bgml.generator.omniorb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.ManifestPlacement;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.Manifest.Readiness;

/**
 * The {@code manifest.json} of an omniORB benchmark: CMake configure and build, then omniEvents (when events
 * pass through channels), then the processes in plan order. A server is ready when its IOR files exist and
 * stops on SIGTERM; a client runs to completion. A process that serves and drives ({@code both}) writes its
 * result file when its loops are done and again when it is stopped.
 */
public class ManifestFactory {
    public static final int READY_TIMEOUT_SECONDS = 30;
    private final OmniOrbNaming naming;

    public ManifestFactory(OmniOrbNaming naming) {
        this.naming = naming;
    }

    public Manifest manifest(BenchmarkLayout layout, List<String> sources) {
        List<ProcessSpec> processes = new ArrayList<>();
        long longest = layout.processes().stream().mapToLong(ProcessLayout::timeoutSeconds).max().orElse(120);
        if (layout.eventService() != null) {
            processes.add(new ProcessSpec(naming.eventServiceProcess(), ProcessLayout.SERVER, naming.eventServiceScript(),
                    List.of(), Map.of(), ".", List.of(), new Readiness("port", List.of(), null, layout.eventService().port()),
                    READY_TIMEOUT_SECONDS, (int) longest + 60, "signal", List.of()));
        }
        for (ProcessLayout p : layout.processes()) {
            List<String> args = new ArrayList<>(List.of("-r", p.plan().resultFile()));
            if (p.plan().isPinned()) {
                args.addAll(List.of("-c", CppText.cpus(p.plan().cpus())));
            }
            if (p.usesChannels()) {
                args.addAll(List.of("-e", layout.eventService().factoryUri()));
            }
            boolean client = ProcessLayout.CLIENT.equals(p.role());
            Readiness ready = client ? Readiness.none() : Readiness.files(p.iorFiles());
            // a process that serves and drives writes its result file when its loops are done, then serves on
            boolean drivesAndServes = ProcessLayout.BOTH.equals(p.role());
            Readiness done = drivesAndServes ? Readiness.files(List.of(p.plan().resultFile())) : null;
            processes.add(new ProcessSpec(p.name(), p.role(), naming.executable(p.name()), List.copyOf(args),
                    new LinkedHashMap<>(p.options().environment()), ".", p.plan().cpus(), ready, READY_TIMEOUT_SECONDS,
                    (int) p.timeoutSeconds(), client ? "exit" : "signal", List.of(p.plan().resultFile()), done));
        }
        List<List<String>> commands = List.of(List.of("cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"),
                List.of("cmake", "--build", "build", "--parallel", "2"));
        Manifest manifest = ManifestPlacement.place(new Manifest(Manifest.SCHEMA_VERSION, layout.plan().model().getName(),
                OmniOrbNaming.TARGET, layout.plan().deployment(), layout.plan().configuration(),
                new Manifest.Build("cmake", commands, sources), List.copyOf(processes)), layout.plan());
        List<Manifest.Substitution> made = new ArrayList<>(manifest.substitutionList());
        made.addAll(LookupSubstitution.of(layout.plan()));
        return made.isEmpty() ? manifest : manifest.withSubstitutions(List.copyOf(made));
    }

    /** The copied runtime sources, as paths in the benchmark folder; none when not running inside OSGi. */
    public static List<String> runtimeSources() {
        try {
            return RuntimeHeaders.sourcePaths();
        } catch (IllegalStateException e) {
            return List.of();
        }
    }

    /** The copied runtime headers, as paths in the benchmark folder; none when not running inside OSGi. */
    public static List<String> runtimeHeaders() {
        try {
            return RuntimeHeaders.list().stream().map(h -> RuntimeHeaders.INCLUDE_DIR + "/bgml/" + h).toList();
        } catch (IllegalStateException e) {
            return List.of();
        }
    }
}
