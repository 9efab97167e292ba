package org.bgml.launcher.run;

import java.util.List;
import java.util.Map;

import org.bgml.generator.common.manifest.Manifest.ProcessSpec;

/**
 * Where {@link ManifestRunner} starts each process. The runner builds the command that runs a process here (its
 * executable, arguments and CPU pinning) and its environment; a placer may wrap that command so that it runs
 * elsewhere (a Slurm job step on another node) and add to the environment what the process needs there (the address
 * it binds to). {@link #LOCAL} starts every process on this machine as it is.
 */
public interface ProcessPlacer {
    ProcessPlacer LOCAL = (spec, command, env) -> command;

    /**
     * @param command the command that would run {@code spec}'s process on this machine
     * @param env     the variables the process gets on top of the launcher's own; the placer may add to them
     * @return the command to start instead (or {@code command} itself)
     */
    List<String> place(ProcessSpec spec, List<String> command, Map<String, String> env);
}
