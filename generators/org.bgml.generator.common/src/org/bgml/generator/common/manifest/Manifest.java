package org.bgml.generator.common.manifest;

import java.util.List;

/**
 * {@code manifest.json}: everything the launcher needs to build and run a generated benchmark, and all it
 * reads. See runtime/MANIFEST.md for the field-by-field description.
 *
 * @param processes in start order
 */
public record Manifest(int schemaVersion, String model, String target, String deployment, String configuration,
        Build build, List<ProcessSpec> processes) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * How to build: commands run in order from the benchmark folder.
     *
     * @param sources the files whose content decides whether a rebuild is needed
     */
    public record Build(String system, List<List<String>> commands, List<String> sources) {
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
     */
    public record ProcessSpec(String name, String role, String executable, List<String> args,
            java.util.Map<String, String> env, String cwd, List<Integer> cpus, Readiness ready, int readyTimeoutSeconds,
            int timeoutSeconds, String stop, List<String> results, Readiness done) {

        /** A process without a separate done signal. */
        public ProcessSpec(String name, String role, String executable, List<String> args, java.util.Map<String, String> env,
                String cwd, List<Integer> cpus, Readiness ready, int readyTimeoutSeconds, int timeoutSeconds, String stop,
                List<String> results) {
            this(name, role, executable, args, env, cwd, cpus, ready, readyTimeoutSeconds, timeoutSeconds, stop, results, null);
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
