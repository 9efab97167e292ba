package org.bgml.experiment.slurm;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the sbatch script of a job array. Task {@code t} runs the configurations at positions
 * {@code t*K .. t*K+K-1} of the index list, one after another, each as the experiment's per-index command with
 * {@code {index}} and {@code {out}} replaced by the configuration's index and output folder
 * ({@code WORK/configs/<index>}). Around each command the task writes, in that folder:
 * <ul>
 * <li>{@value #STARTED}: job id, task, host, the CPUs Slurm granted and the start time, before the command;</li>
 * <li>{@value #COMMAND_LOG}: the command's standard output and error;</li>
 * <li>{@value #EXIT}: its exit code and the end time, written atomically once it has ended.</li>
 * </ul>
 * The granted CPUs are read from {@code /proc/self/status} ({@code Cpus_allowed_list}, what {@code taskset -p $$}
 * shows) and exported as {@value #GRANTED_CPUS_ENV}, which the launcher uses to place pinned benchmark processes on
 * those CPUs only. The output is deterministic: the same request gives the same script.
 */
public final class JobScript {
    public static final String STARTED = "slurm-started";
    public static final String EXIT = "slurm-exit";
    public static final String COMMAND_LOG = "slurm-command.log";
    public static final String GRANTED_CPUS_ENV = org.bgml.launcher.process.CpuGrant.ENV;
    public static final String INDEX = "{index}";
    public static final String OUT = "{out}";
    /** In a block command: the task's indexes, separated by commas. */
    public static final String INDEXES = "{indexes}";
    /** In a block command: the folder holding every configuration's records folder. */
    public static final String CONFIGS = "{configs}";
    /** Exported for a block command: the node's short host name, for the started records. */
    public static final String HOST_ENV = "BGML_TASK_HOST";
    /** Inside the work folder: per-configuration outputs, and the scripts and task logs. */
    public static final String CONFIGS_DIR = "configs";
    public static final String SLURM_DIR = "slurm";

    private JobScript() {
    }

    /**
     * @param workDir  absolute folder on a filesystem the compute nodes share; outputs go to {@code configs/} in it
     * @param indexes  the configurations to run, in run order
     * @param command  the per-index command, with {@value #INDEX} and {@value #OUT} where the index and folder go
     * @param env      variables to export before the commands run (sorted in the script)
     */
    public static String write(SlurmSettings s, Path workDir, List<Integer> indexes, List<String> command, Map<String, String> env) {
        return write(s, workDir, indexes, command, null, env);
    }

    /**
     * As {@link #write(SlurmSettings, Path, List, List, Map)}, and when {@code blockCommand} is given and a task holds
     * more than one configuration, the task first runs its whole block with that one command: {@value #INDEXES} is
     * replaced by the block's indexes separated by commas and {@value #CONFIGS} by the configurations folder. That
     * command writes each configuration's {@value #STARTED} and {@value #EXIT} records itself
     * ({@link #startedRecord}, {@link #writeExit}); each configuration it left without an exit record (the process
     * died) then runs alone with the per-index command, so one configuration that kills the process costs only
     * itself.
     */
    public static String write(SlurmSettings s, Path workDir, List<Integer> indexes, List<String> command, List<String> blockCommand,
            Map<String, String> env) {
        if (indexes.isEmpty()) {
            throw new IllegalArgumentException("no configurations to run");
        }
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no per-index command");
        }
        if (!workDir.isAbsolute()) {
            throw new IllegalArgumentException("the work folder must be absolute (the tasks run elsewhere): " + workDir);
        }
        int tasks = s.tasksFor(indexes.size());
        int chunk = s.blockSize(indexes.size());
        boolean block = blockCommand != null && !blockCommand.isEmpty() && chunk > 1;
        String slurmDir = workDir.resolve(SLURM_DIR).toString();
        StringBuilder b = new StringBuilder();
        b.append("#!/bin/bash\n");
        b.append("#SBATCH --job-name=").append(s.jobName()).append('\n');
        b.append("#SBATCH --array=0-").append(tasks - 1);
        if (s.maxParallel() > 0) {
            b.append('%').append(s.maxParallel());
        }
        b.append('\n');
        if (!s.partition().isEmpty()) {
            b.append("#SBATCH --partition=").append(s.partition()).append('\n');
        }
        if (!s.account().isEmpty()) {
            b.append("#SBATCH --account=").append(s.account()).append('\n');
        }
        if (!s.timeLimit().isEmpty()) {
            b.append("#SBATCH --time=").append(s.timeLimit()).append('\n');
        }
        if (s.exclusive()) {
            b.append("#SBATCH --exclusive\n");
        }
        b.append("#SBATCH --nodes=1\n");
        b.append("#SBATCH --ntasks=1\n");
        b.append("#SBATCH --cpus-per-task=").append(s.cpusPerTask()).append('\n');
        b.append("#SBATCH --output=").append(slurmDir).append("/task-%A_%a.out\n");
        b.append("#SBATCH --error=").append(slurmDir).append("/task-%A_%a.err\n");
        b.append("#SBATCH --chdir=").append(workDir).append('\n');
        for (String o : s.extraOptions()) {
            b.append("#SBATCH ").append(o).append('\n');
        }
        b.append("#\n");
        b.append("# BGML experiment job array: ").append(indexes.size()).append(" configurations, ").append(chunk)
                .append(" per task, ").append(tasks).append(" tasks").append(block ? ", one bgml process per task" : "").append(".\n");
        b.append("# Each configuration writes into ").append(workDir.resolve(CONFIGS_DIR)).append("/<index>/; the submitting\n");
        b.append("# bgml process reads those folders and fills the results store.\n");
        b.append("set -u\n");
        for (Map.Entry<String, String> e : new TreeMap<>(env).entrySet()) {
            if (!e.getKey().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("not a variable name: " + e.getKey());
            }
            b.append("export ").append(e.getKey()).append('=').append(quote(e.getValue())).append('\n');
        }
        b.append("indexes=(");
        for (int i = 0; i < indexes.size(); i++) {
            b.append(i == 0 ? "" : i % 20 == 0 ? "\n  " : " ").append(indexes.get(i).intValue());
        }
        b.append(")\n");
        b.append("chunk=").append(chunk).append('\n');
        b.append("configs=").append(quote(workDir.resolve(CONFIGS_DIR).toString())).append('\n');
        b.append("first=$(( SLURM_ARRAY_TASK_ID * chunk ))\n");
        b.append("# The CPUs Slurm granted this task (taskset -p $$ shows the same); pinned processes stay within them.\n");
        b.append("granted=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)\n");
        b.append("export ").append(GRANTED_CPUS_ENV).append("=\"$granted\"\n");
        b.append("status=0\n");
        String indent = "  ";
        if (block) {
            b.append("# One bgml process runs the whole block and writes each configuration's records; a configuration it\n");
            b.append("# left without an exit record (the process died) runs alone below.\n");
            b.append("block=\"\"\n");
            b.append("for (( k = first; k < first + chunk && k < ${#indexes[@]}; k++ )); do\n");
            b.append("  i=${indexes[$k]}\n");
            b.append("  mkdir -p \"$configs/$i\" && rm -f \"$configs/$i/").append(EXIT).append("\" \"$configs/$i/").append(STARTED)
                    .append("\"\n");
            b.append("  block=\"$block${block:+,}$i\"\n");
            b.append("done\n");
            b.append("export ").append(HOST_ENV).append("=\"$(hostname -s)\"\n");
            b.append("if [ -n \"$block\" ]; then\n");
            b.append("  ").append(commandLine(blockCommand, Map.of(INDEXES, "\"$block\"", CONFIGS, "\"$configs\""))).append(" < /dev/null\n");
            b.append("fi\n");
            indent = "    ";
        }
        b.append("for (( k = first; k < first + chunk && k < ${#indexes[@]}; k++ )); do\n");
        b.append("  i=${indexes[$k]}\n");
        b.append("  out=\"$configs/$i\"\n");
        if (block) {
            b.append("  if [ -f \"$out/").append(EXIT).append("\" ]; then\n");
            b.append("    rc=$(sed -n 's/^exit=\\([0-9]*\\).*/\\1/p' \"$out/").append(EXIT).append("\")\n");
            b.append("    rc=${rc:-1}\n");
            b.append("  else\n");
        }
        b.append(indent).append("mkdir -p \"$out\" && rm -f \"$out/").append(EXIT).append("\"\n");
        b.append(indent).append("printf 'job=%s task=%s host=%s cpus=%s start=%s\\n' \"${SLURM_JOB_ID:-}\" \"$SLURM_ARRAY_TASK_ID\" \"$(hostname -s)\" \\\n");
        b.append(indent).append("  \"$granted\" \"$(date +%s.%N)\" > \"$out/").append(STARTED).append("\"\n");
        b.append(indent).append(commandLine(command)).append(" > \"$out/").append(COMMAND_LOG).append("\" 2>&1 < /dev/null\n");
        b.append(indent).append("rc=$?\n");
        b.append(indent).append("printf 'exit=%s end=%s\\n' \"$rc\" \"$(date +%s.%N)\" > \"$out/").append(EXIT).append(".tmp\" && mv -f \"$out/")
                .append(EXIT).append(".tmp\" \"$out/").append(EXIT).append("\"\n");
        if (block) {
            b.append("  fi\n");
        }
        b.append("  if [ \"$rc\" -ne 0 ] && [ \"$status\" -eq 0 ]; then status=$rc; fi\n");
        b.append("done\n");
        b.append("exit \"$status\"\n");
        return b.toString();
    }

    /** The command as one shell line, each word quoted, {@code {index}} and {@code {out}} spliced in as variables. */
    static String commandLine(List<String> command) {
        return commandLine(command, Map.of(INDEX, "\"$i\"", OUT, "\"$out\""));
    }

    /** The command as one shell line, each word quoted, each placeholder replaced by its shell expansion. */
    static String commandLine(List<String> command, Map<String, String> placeholders) {
        StringBuilder b = new StringBuilder();
        for (String word : command) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(word(word, placeholders));
        }
        return b.toString();
    }

    private static String word(String w, Map<String, String> placeholders) {
        StringBuilder b = new StringBuilder();
        int at = 0;
        while (at <= w.length()) {
            int next = -1;
            String found = null;
            for (String p : placeholders.keySet()) {
                int n = w.indexOf(p, at);
                if (n >= 0 && (next < 0 || n < next)) {
                    next = n;
                    found = p;
                }
            }
            if (next < 0) {
                if (at < w.length() || b.length() == 0) {
                    b.append(quote(w.substring(at)));
                }
                break;
            }
            if (next > at) {
                b.append(quote(w.substring(at, next)));
            }
            b.append(placeholders.get(found));
            at = next + found.length();
        }
        return b.toString();
    }

    /**
     * The {@value #STARTED} record a block command writes for one configuration, the same line the script writes:
     * job, task, host and granted CPUs from the task's environment, and the start time.
     */
    public static String startedRecord(Map<String, String> env, java.time.Instant start) {
        return "job=" + env.getOrDefault("SLURM_JOB_ID", "") + " task=" + env.getOrDefault("SLURM_ARRAY_TASK_ID", "") + " host="
                + env.getOrDefault(HOST_ENV, "") + " cpus=" + env.getOrDefault(GRANTED_CPUS_ENV, "") + " start=" + seconds(start) + "\n";
    }

    /** Writes a configuration's {@value #STARTED} record into its folder {@code dir}, creating the folder. */
    public static void writeStarted(Path dir, Map<String, String> env) throws java.io.IOException {
        java.nio.file.Files.createDirectories(dir);
        java.nio.file.Files.writeString(dir.resolve(STARTED), startedRecord(env, java.time.Instant.now()));
    }

    /** Writes a configuration's {@value #EXIT} record atomically (written aside, then renamed), as the script does. */
    public static void writeExit(Path dir, int code) throws java.io.IOException {
        Path tmp = dir.resolve(EXIT + ".tmp");
        java.nio.file.Files.writeString(tmp, "exit=" + code + " end=" + seconds(java.time.Instant.now()) + "\n");
        java.nio.file.Files.move(tmp, dir.resolve(EXIT), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static String seconds(java.time.Instant t) {
        return t.getEpochSecond() + "." + String.format(java.util.Locale.ROOT, "%09d", t.getNano());
    }

    /** Single-quoted for bash: safe for any text. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
