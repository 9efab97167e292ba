package org.bgml.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.experiment.slurm.RunSteps;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml run-steps BENCH_DIR RUN_DIR}: not for people. The job script of {@code bgml run --engine slurm} starts
 * it on the first node of the allocation; it runs the benchmark's processes as job steps on their nodes
 * ({@link RunSteps}). Exit code 0 when the run succeeded, 1 when it failed, 2 when it could not start.
 */
@Command(name = "run-steps", hidden = true, description = "inside a Slurm allocation: run a benchmark's processes as job steps")
final class RunStepsCommand implements Subcommand {
    @Parameters(paramLabel = "DIR", description = "the benchmark folder, then the run folder")
    List<String> dirs = new ArrayList<>();

    @Override
    public String synopsis() {
        return "BENCH_DIR RUN_DIR";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        if (dirs.size() != 2) {
            throw new UsageException("needs the benchmark folder and the run folder");
        }
        try {
            return RunSteps.run(in.path(dirs.get(0)), in.path(dirs.get(1)), System.getenv());
        } catch (IOException | RuntimeException e) {
            in.err().println("bgml run-steps: " + e.getMessage());
            return Bgml.UNUSABLE;
        }
    }
}
