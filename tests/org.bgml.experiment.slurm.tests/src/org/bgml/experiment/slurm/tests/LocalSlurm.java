package org.bgml.experiment.slurm.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private single-node Slurm started with {@code scripts/slurm-local.sh} for the length of a test class, and the
 * check that nothing of it is left afterwards.
 */
final class LocalSlurm {
    static final List<String> PROGRAMS = List.of("munged", "mungekey", "slurmctld", "slurmd", "sbatch", "scontrol", "scancel", "sinfo");

    final Path dir;

    private LocalSlurm(Path dir) {
        this.dir = dir;
    }

    /** Why a local Slurm cannot run here, or null if it can. */
    static String missing() {
        List<String> absent = new ArrayList<>();
        for (String p : PROGRAMS) {
            if (!onPath(p)) {
                absent.add(p);
            }
        }
        return absent.isEmpty() ? null
                : "Slurm is not installed (" + String.join(", ", absent) + " not found): scripts/setup.sh installs Debian's"
                        + " slurm-wlm and munge; skipping the tests that need a real Slurm";
    }

    static LocalSlurm start(Path dir) throws IOException, InterruptedException {
        LocalSlurm s = new LocalSlurm(dir);
        String out = s.script("start");
        if (!out.startsWith("0\n")) {
            throw new IllegalStateException("slurm-local.sh start failed: " + out);
        }
        return s;
    }

    /** Stops every daemon; returns the script's exit status and output. */
    String stop() throws IOException, InterruptedException {
        return script("stop");
    }

    Path conf() {
        return dir.resolve("etc/slurm.conf");
    }

    Path jobCompLog() {
        return dir.resolve("jobcomp.txt");
    }

    /** Processes of this Slurm that are still alive: daemons (by their command line) and job processes (environment). */
    List<String> leftovers() throws IOException {
        List<String> left = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
                if (p.getFileName().toString().equals(Long.toString(ProcessHandle.current().pid()))) {
                    continue;
                }
                String cmd = read(p.resolve("cmdline")).replace('\0', ' ').strip();
                String env = "\0" + read(p.resolve("environ"));
                boolean daemon = cmd.contains(dir.toString());
                boolean job = env.contains("\0BGML_SLURM_LOCAL=" + dir + "\0")
                        || env.contains("\0SLURM_CONF=" + conf() + "\0") && env.contains("\0SLURM_JOB_ID=");
                if (daemon || job) {
                    left.add(p.getFileName() + " " + cmd);
                }
            }
        }
        return left;
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return ""; // gone, or not ours to read
        }
    }

    private String script(String action) throws IOException, InterruptedException {
        Path script = Repo.root().resolve("scripts/slurm-local.sh");
        Path log = Files.createTempFile("slurm-local-", ".log");
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString(), action, dir.toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("slurm-local.sh " + action + " did not finish within 120 s");
        }
        String text = p.exitValue() + "\n" + Files.readString(log);
        Files.deleteIfExists(log);
        return text;
    }

    static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        for (String d : List.of("/usr/sbin", "/sbin")) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }
}
