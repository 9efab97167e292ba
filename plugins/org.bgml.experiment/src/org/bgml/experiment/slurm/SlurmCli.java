package org.bgml.experiment.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The real Slurm commands ({@code sbatch}, {@code scontrol}, {@code scancel}) from the PATH. Each is bounded in time
 * and killed if it hangs (a slurmctld that does not answer). {@code SLURM_CONF}, when given, points them at a
 * particular cluster, such as the private one of {@code scripts/slurm-local.sh}.
 */
public final class SlurmCli implements SlurmCommands {
    private static final long COMMAND_TIMEOUT_SECONDS = 60;

    private final Map<String, String> env;
    private final Path jobCompLog;

    /**
     * @param slurmConf  the {@code slurm.conf} to use, or null for the cluster's own
     * @param jobCompLog the jobcomp/filetxt log, or null if it is not readable from here
     */
    public SlurmCli(Path slurmConf, Path jobCompLog) {
        this.env = slurmConf == null ? Map.of() : Map.of("SLURM_CONF", slurmConf.toAbsolutePath().toString());
        this.jobCompLog = jobCompLog;
    }

    /** Uses {@code SLURM_CONF} from the environment if set, and reads {@code JobCompLoc} from that configuration. */
    public static SlurmCli fromEnvironment() {
        String conf = System.getenv("SLURM_CONF");
        Path confPath = conf == null || conf.isBlank() ? null : Path.of(conf);
        return new SlurmCli(confPath, confPath == null ? null : jobCompLocation(confPath).orElse(null));
    }

    /** {@code JobCompLoc} of a slurm.conf that uses jobcomp/filetxt. */
    static Optional<Path> jobCompLocation(Path slurmConf) {
        try {
            boolean filetxt = false;
            String loc = null;
            for (String line : Files.readAllLines(slurmConf)) {
                String l = line.strip();
                if (l.matches("(?i)JobCompType\\s*=\\s*jobcomp/filetxt.*")) {
                    filetxt = true;
                } else if (l.matches("(?i)JobCompLoc\\s*=.*")) {
                    loc = l.substring(l.indexOf('=') + 1).strip();
                }
            }
            return filetxt && loc != null && !loc.isEmpty() ? Optional.of(Path.of(loc)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public String submit(Path script) throws SlurmException {
        Output out = run(List.of("sbatch", "--parsable", script.toAbsolutePath().toString()));
        if (out.code != 0) {
            throw new SlurmException("sbatch refused the job array (exit " + out.code + "): " + out.text.strip());
        }
        return SlurmRecords.parseSubmit(out.text);
    }

    @Override
    public List<TaskRecord> tasks(String arrayJobId) throws SlurmException {
        Output out = run(List.of("scontrol", "show", "job", "-o", arrayJobId));
        if (out.code != 0) {
            if (out.text.contains("Invalid job id")) {
                return List.of(); // every task has ended and been forgotten (MinJobAge)
            }
            throw new SlurmException("scontrol show job " + arrayJobId + " failed (exit " + out.code + "): " + out.text.strip());
        }
        return SlurmRecords.tasks(out.text, arrayJobId);
    }

    @Override
    public List<TaskRecord> completedTasks(String arrayJobId) throws SlurmException {
        if (jobCompLog == null || !Files.isRegularFile(jobCompLog)) {
            return List.of();
        }
        try {
            return SlurmRecords.tasks(Files.readString(jobCompLog, StandardCharsets.UTF_8), arrayJobId);
        } catch (IOException e) {
            throw new SlurmException("cannot read the job completion log " + jobCompLog + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void cancel(String arrayJobId) throws SlurmException {
        Output out = run(List.of("scancel", arrayJobId));
        if (out.code != 0) {
            throw new SlurmException("scancel " + arrayJobId + " failed (exit " + out.code + "): " + out.text.strip());
        }
    }

    /** {@code sinfo -h -o '%P %D %C'} (with {@code -p} when the settings name a partition): see {@link SlurmRecords#slots}. */
    @Override
    public Optional<Integer> slots(SlurmSettings settings) {
        List<String> command = new ArrayList<>(List.of("sinfo", "-h", "-o", "%P %D %C"));
        if (!settings.partition().isEmpty()) {
            command.addAll(List.of("-p", settings.partition()));
        }
        try {
            Output out = run(command);
            return out.code != 0 ? Optional.empty() : SlurmRecords.slots(out.text, settings);
        } catch (SlurmException e) {
            return Optional.empty(); // no sinfo: the block falls back to the assumed slots
        }
    }

    @Override
    public Optional<Path> jobCompletionLog() {
        return Optional.ofNullable(jobCompLog);
    }

    private record Output(int code, String text) {
    }

    private Output run(List<String> command) throws SlurmException {
        Path log;
        try {
            log = Files.createTempFile("bgml-slurm-", ".out");
        } catch (IOException e) {
            throw new SlurmException("cannot create a temporary file for " + command.get(0) + ": " + e.getMessage(), e);
        }
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        Process p = null;
        try {
            p = pb.start();
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new SlurmException(String.join(" ", command) + " did not answer within " + COMMAND_TIMEOUT_SECONDS + " s");
            }
            return new Output(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SlurmException(command.get(0) + " could not be run (is Slurm's client installed and on the PATH?): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SlurmException(String.join(" ", command) + " was interrupted", e);
        } finally {
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
            try {
                Files.deleteIfExists(log);
            } catch (IOException e) {
                // a temporary file left behind is harmless
            }
        }
    }
}
