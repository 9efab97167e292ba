package org.bgml.launcher.results;

/**
 * Where a run ran: the figures that must travel with every number.
 *
 * @param cplusplus          {@code __cplusplus} of the benchmark build, or null
 * @param middlewareVersions e.g. "omniORB 4.2.5"; several joined with "; "
 * @param cpuPlacement       per process: the CPUs it could run on and the one it was seen on
 */
public record EnvironmentRecord(String host, String cpuModel, String kernel, String compiler, Integer cplusplus,
        String middlewareVersions, String cpuPlacement, String toolVersion) {
    public static final EnvironmentRecord UNKNOWN = new EnvironmentRecord(null, null, null, null, null, null, null, null);
}
