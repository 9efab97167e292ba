package org.bgml.experiment.slurm.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a generated job script with bash as one array task would, without Slurm. */
final class Bash {
    private Bash() {
    }

    /** Runs {@code script} as array task {@code task}; returns its exit code. Output goes to {@code log}. */
    static int runTask(Path script, int task, Path log, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", script.toString())).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().put("SLURM_ARRAY_TASK_ID", Integer.toString(task));
        pb.environment().put("SLURM_JOB_ID", Integer.toString(1000 + task));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("task " + task + " of " + script + " did not end within 60 s");
        }
        return p.exitValue();
    }

    static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
