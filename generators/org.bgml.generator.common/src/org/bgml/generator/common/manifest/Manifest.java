package org.bgml.generator.common.manifest;

import java.util.List;

/**
 * {@code manifest.json}: everything the launcher needs to build and run a generated benchmark, and all it
 * reads. See runtime/MANIFEST.md for the field-by-field description.
 *
 * @param processes in start order
 * @param clients   {@value #CLIENTS_TOGETHER} (every driving process waits at one start line, released once all
 *                  servers are ready) or {@value #CLIENTS_ONE_AT_A_TIME} (each client runs to completion before the
 *                  next starts); null in a schema 1 manifest, which means one at a time
 * @param substitutions where the generated benchmark runs the model otherwise than modelled, so that its figures do
 *                  not mean what the model says (e.g. a process split in two, whose calls are no longer
 *                  collocated); null when it runs the model as modelled
 */
public record Manifest(int schemaVersion, String model, String target, String deployment, String configuration,
        Build build, List<ProcessSpec> processes, String clients, List<Substitution> substitutions) {

    /** 2 added {@code clients} and each process's {@code node} and {@code host}. */
    public static final int SCHEMA_VERSION = 2;
    public static final String CLIENTS_TOGETHER = "together";
    public static final String CLIENTS_ONE_AT_A_TIME = "oneAtATime";

    /** A manifest whose clients run one at a time, until {@link #withClients} says otherwise. */
    public Manifest(int schemaVersion, String model, String target, String deployment, String configuration, Build build,
            List<ProcessSpec> processes) {
        this(schemaVersion, model, target, deployment, configuration, build, processes, null);
    }

    /** A manifest that runs the model as modelled. */
    public Manifest(int schemaVersion, String model, String target, String deployment, String configuration, Build build,
            List<ProcessSpec> processes, String clients) {
        this(schemaVersion, model, target, deployment, configuration, build, processes, clients, null);
    }

    /** The substitutions; empty when the model runs as modelled. */
    public List<Substitution> substitutionList() {
        return substitutions == null ? List.of() : substitutions;
    }

    /** The same manifest with these substitutions (none: null, so the field is left out of the file). */
    public Manifest withSubstitutions(List<Substitution> made) {
        return new Manifest(schemaVersion, model, target, deployment, configuration, build, processes, clients,
                made == null || made.isEmpty() ? null : List.copyOf(made));
    }

    /** Whether the driving processes start their timed work together, behind one start line. */
    public boolean clientsTogether() {
        return CLIENTS_TOGETHER.equals(clients);
    }

    public Manifest withClients(String mode) {
        return new Manifest(schemaVersion, model, target, deployment, configuration, build, processes, mode, substitutions);
    }

    public Manifest withProcesses(List<ProcessSpec> replaced) {
        return new Manifest(schemaVersion, model, target, deployment, configuration, build, List.copyOf(replaced), clients,
                substitutions);
    }

    /** The distinct hosts of the model nodes the processes are placed on, in first-use order. */
    public List<String> hosts() {
        return processes.stream().map(ProcessSpec::host).filter(java.util.Objects::nonNull).distinct().toList();
    }

    /**
     * One place where the benchmark runs the model otherwise than modelled. The launcher attaches {@code text} to every
     * measurement whose metric or element is one of {@code elements}, so the figure is never shown without it.
     *
     * @param process  the model process concerned
     * @param elements model element paths of the connections and metrics whose figures it affects
     * @param text     what was done, in plain words; the part before the first colon is its short form, e.g.
     *                 "split (not collocated): the CORBA 2.x entities run in a TAO process of their own, ..."
     */
    public record Substitution(String process, List<String> elements, String text) {
        public Substitution {
            elements = elements == null ? List.of() : List.copyOf(elements);
        }

        /** The short form of the text: up to its first colon. */
        public String label() {
            int colon = text == null ? -1 : text.indexOf(':');
            return colon < 0 ? text : text.substring(0, colon);
        }

        /** Whether a measurement of {@code metric} on {@code element} (model element paths, either may be null) is affected. */
        public boolean affects(String metric, String element) {
            return (metric != null && elements.contains(metric)) || (element != null && elements.contains(element));
        }
    }

    /**
     * How to build: commands run in order from the benchmark folder.
     *
     * @param sources   the files whose content decides whether a rebuild is needed
     * @param libraries the middleware libraries the build links, checked before it starts (a build system such as
     *                  MPC may skip a project whose library is missing and still end with 0); null when not said
     */
    public record Build(String system, List<List<String>> commands, List<String> sources, List<Library> libraries) {
        /** A build that names no libraries. */
        public Build(String system, List<List<String>> commands, List<String> sources) {
            this(system, commands, sources, null);
        }

        /** The libraries; empty when none are named. */
        public List<Library> libraryList() {
            return libraries == null ? List.of() : libraries;
        }
    }

    /**
     * A library the build links.
     *
     * @param name     as the linker knows it ({@code TAO_CosEvent_Skel}: the file is {@code libTAO_CosEvent_Skel.so})
     * @param dir      where it must be, with environment variables as {@code $NAME} ({@code $ACE_ROOT/lib})
     * @param neededBy the processes that link it
     */
    public record Library(String name, String dir, List<String> neededBy) {
    }

    /**
     * One process to start.
     *
     * @param role         server (runs until the launcher stops it), client (runs to completion) or both
     * @param executable   path relative to the benchmark folder
     * @param cwd          working folder relative to the run folder ("." is the run folder itself)
     * @param cpus         CPU ids to pin to; empty means unpinned
     * @param ready        the signal that the process is ready for the next one to start
     * @param stop         how it ends: "exit" (it exits by itself) or "signal" (SIGTERM from the launcher)
     * @param results      result files it writes, relative to the run folder
     * @param done         for a process that both serves and drives (stop "signal"): the signal that its own
     *                     metric loops are finished, so the launcher may stop the servers; null otherwise
     * @param node         the model node it is placed on; null for a helper the benchmark needs (an event
     *                     service, a deployment manager), which runs beside the launcher
     * @param host         that node's host, as the model gives it; null with node
     * @param calls        the processes (by name) it sends requests or events to, so that the launcher stops it before
     *                     them: a process stops calling before the process it calls is stopped; null when the target
     *                     does not say (then processes stop in reverse start order)
     */
    public record ProcessSpec(String name, String role, String executable, List<String> args,
            java.util.Map<String, String> env, String cwd, List<Integer> cpus, Readiness ready, int readyTimeoutSeconds,
            int timeoutSeconds, String stop, List<String> results, Readiness done, String node, String host, List<String> calls) {

        /** A process placed on a model node, without a call list. */
        public ProcessSpec(String name, String role, String executable, List<String> args, java.util.Map<String, String> env,
                String cwd, List<Integer> cpus, Readiness ready, int readyTimeoutSeconds, int timeoutSeconds, String stop,
                List<String> results, Readiness done, String node, String host) {
            this(name, role, executable, args, env, cwd, cpus, ready, readyTimeoutSeconds, timeoutSeconds, stop, results, done,
                    node, host, null);
        }

        /** A process not (yet) placed on a model node. */
        public ProcessSpec(String name, String role, String executable, List<String> args, java.util.Map<String, String> env,
                String cwd, List<Integer> cpus, Readiness ready, int readyTimeoutSeconds, int timeoutSeconds, String stop,
                List<String> results, Readiness done) {
            this(name, role, executable, args, env, cwd, cpus, ready, readyTimeoutSeconds, timeoutSeconds, stop, results, done,
                    null, null);
        }

        /** A process without a separate done signal. */
        public ProcessSpec(String name, String role, String executable, List<String> args, java.util.Map<String, String> env,
                String cwd, List<Integer> cpus, Readiness ready, int readyTimeoutSeconds, int timeoutSeconds, String stop,
                List<String> results) {
            this(name, role, executable, args, env, cwd, cpus, ready, readyTimeoutSeconds, timeoutSeconds, stop, results, null);
        }

        public ProcessSpec withPlacement(String placedNode, String placedHost) {
            return new ProcessSpec(name, role, executable, args, env, cwd, cpus, ready, readyTimeoutSeconds, timeoutSeconds,
                    stop, results, done, placedNode, placedHost, calls);
        }

        public ProcessSpec withArgs(List<String> replaced) {
            return new ProcessSpec(name, role, executable, List.copyOf(replaced), env, cwd, cpus, ready, readyTimeoutSeconds,
                    timeoutSeconds, stop, results, done, node, host, calls);
        }

        public ProcessSpec withTimeoutSeconds(int seconds) {
            return new ProcessSpec(name, role, executable, args, env, cwd, cpus, ready, readyTimeoutSeconds, seconds, stop,
                    results, done, node, host, calls);
        }

        /** The same process with the names of the processes it calls (none: null, left out of the file). */
        public ProcessSpec withCalls(List<String> called) {
            return new ProcessSpec(name, role, executable, args, env, cwd, cpus, ready, readyTimeoutSeconds, timeoutSeconds,
                    stop, results, done, node, host, called == null || called.isEmpty() ? null : List.copyOf(called));
        }

        /** The processes it calls; empty when none or not said. */
        public List<String> callList() {
            return calls == null ? List.of() : calls;
        }

        /** Drives load: a client, or a process that serves and drives. */
        public boolean drives() {
            return "exit".equals(stop) || done != null;
        }
    }

    /**
     * A readiness signal: {@code file} (path appears, non-empty), {@code logLine} (a line of its output matches
     * pattern), {@code port} (a TCP port on 127.0.0.1 accepts connections) or {@code none}.
     */
    public record Readiness(String kind, List<String> paths, String pattern, Integer port) {
        public static Readiness none() {
            return new Readiness("none", List.of(), null, null);
        }

        public static Readiness files(List<String> paths) {
            return paths.isEmpty() ? none() : new Readiness("file", List.copyOf(paths), null, null);
        }

        public static Readiness logLine(String pattern) {
            return new Readiness("logLine", List.of(), pattern, null);
        }
    }
}
