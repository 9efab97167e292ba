package org.bgml.experiment.slurm;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How the experiment's configurations become a Slurm job array. Every default is in {@link #defaults()}.
 *
 * @param partition    {@code --partition}; empty leaves it to the cluster's default partition
 * @param timeLimit    {@code --time} of one array task (all configurations of its chunk), in Slurm's syntax
 *                     ({@code 30}, {@code 10:00}, {@code 1:00:00}, {@code 2-00:00:00}); empty leaves the partition's
 * @param exclusive    {@code --exclusive}: a task gets a whole node, so no other job shares its CPUs and caches;
 *                     right for latency measurements, wasteful for small configurations on big nodes
 * @param cpusPerTask  {@code --cpus-per-task}: the CPUs one task is granted; benchmark processes are pinned within them
 * @param chunkSize    configurations per array task (K), run by one bgml process; 1 gives one task per
 *                     configuration, {@value #AUTO_BLOCK} lets {@link #blockSize} choose
 * @param maxParallel  the array throttle ({@code --array=0-N%M}); 0 lets Slurm run as many tasks at once as fit
 * @param jobName      {@code --job-name}
 * @param account      {@code --account}; empty for none
 * @param extraOptions further {@code #SBATCH} options, verbatim ({@code --qos=short}, {@code --constraint=skylake})
 * @param pollInterval how often the engine asks Slurm for the tasks' states
 */
public record SlurmSettings(String partition, String timeLimit, boolean exclusive, int cpusPerTask, int chunkSize,
        int maxParallel, String jobName, String account, List<String> extraOptions, Duration pollInterval) {

    private static final Pattern TIME = Pattern.compile(
            "[0-9]+|[0-9]+:[0-9]{1,2}|[0-9]+:[0-9]{1,2}:[0-9]{1,2}|[0-9]+-[0-9]{1,2}(:[0-9]{1,2}(:[0-9]{1,2})?)?|UNLIMITED|INFINITE");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.+-]*");

    public SlurmSettings {
        partition = partition == null ? "" : partition.strip();
        timeLimit = timeLimit == null ? "" : timeLimit.strip();
        jobName = jobName == null || jobName.isBlank() ? "bgml-experiment" : jobName.strip();
        account = account == null ? "" : account.strip();
        extraOptions = extraOptions == null ? List.of() : List.copyOf(extraOptions);
        pollInterval = pollInterval == null ? Duration.ofSeconds(1) : pollInterval;
        if (!timeLimit.isEmpty() && !TIME.matcher(timeLimit).matches()) {
            throw new IllegalArgumentException("time limit '" + timeLimit
                    + "' is not in Slurm's syntax (minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS)");
        }
        for (String[] v : new String[][] { { "partition", partition }, { "account", account }, { "job name", jobName } }) {
            if (!NAME.matcher(v[1]).matches()) {
                throw new IllegalArgumentException(v[0] + " '" + v[1] + "' may only hold letters, digits and _ . + -");
            }
        }
        for (String o : extraOptions) {
            if (!o.startsWith("--") || o.contains("\n") || o.startsWith("--array")) {
                throw new IllegalArgumentException("extra sbatch option '" + o + "' must be one --option on one line (and not --array)");
            }
        }
        if (cpusPerTask < 1) {
            throw new IllegalArgumentException("CPUs per task must be at least 1, not " + cpusPerTask);
        }
        if (chunkSize < 0) {
            throw new IllegalArgumentException("configurations per task must be at least 1 (or 0 for automatic), not " + chunkSize);
        }
        if (maxParallel < 0) {
            throw new IllegalArgumentException("the number of tasks at once must be 0 (no limit) or more, not " + maxParallel);
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("poll interval must be positive");
        }
    }

    /**
     * An automatic block size ({@link #blockSize}), 2 CPUs per task (a client and a server each get their own), nodes shared, no throttle,
     * the cluster's default partition and time limit, states polled every second.
     */
    public static SlurmSettings defaults() {
        return new SlurmSettings("", "", false, 2, AUTO_BLOCK, 0, "bgml-experiment", "", List.of(), Duration.ofSeconds(1));
    }

    /**
     * The defaults with what these variables set: {@code BGML_SLURM_PARTITION}, {@code BGML_SLURM_TIME},
     * {@code BGML_SLURM_EXCLUSIVE} (1/true/yes), {@code BGML_SLURM_CPUS_PER_TASK}, {@code BGML_SLURM_BATCH} (or its older name {@code BGML_SLURM_CHUNK}; 0 for automatic),
     * {@code BGML_SLURM_MAX_PARALLEL}, {@code BGML_SLURM_JOB_NAME}, {@code BGML_SLURM_ACCOUNT},
     * {@code BGML_SLURM_OPTIONS} (further sbatch options separated by spaces) and {@code BGML_SLURM_POLL_MS}.
     *
     * @throws IllegalArgumentException naming the variable whose value is unusable
     */
    public static SlurmSettings fromEnvironment(java.util.Map<String, String> env) {
        SlurmSettings s = defaults();
        String v;
        if ((v = env.get("BGML_SLURM_PARTITION")) != null) {
            s = s.withPartition(v);
        }
        if ((v = env.get("BGML_SLURM_TIME")) != null) {
            s = s.withTimeLimit(v);
        }
        if ((v = env.get("BGML_SLURM_EXCLUSIVE")) != null) {
            s = s.withExclusive(v.strip().matches("(?i)1|true|yes"));
        }
        if ((v = env.get("BGML_SLURM_CPUS_PER_TASK")) != null) {
            s = s.withCpusPerTask(number("BGML_SLURM_CPUS_PER_TASK", v));
        }
        if ((v = env.get("BGML_SLURM_CHUNK")) != null) {
            s = s.withChunkSize(number("BGML_SLURM_CHUNK", v));
        }
        if ((v = env.get("BGML_SLURM_BATCH")) != null) {
            s = s.withChunkSize(number("BGML_SLURM_BATCH", v));
        }
        if ((v = env.get("BGML_SLURM_MAX_PARALLEL")) != null) {
            s = s.withMaxParallel(number("BGML_SLURM_MAX_PARALLEL", v));
        }
        if ((v = env.get("BGML_SLURM_JOB_NAME")) != null) {
            s = s.withJobName(v);
        }
        if ((v = env.get("BGML_SLURM_ACCOUNT")) != null) {
            s = s.withAccount(v);
        }
        if ((v = env.get("BGML_SLURM_OPTIONS")) != null && !v.isBlank()) {
            s = s.withExtraOptions(List.of(v.strip().split("\\s+")));
        }
        if ((v = env.get("BGML_SLURM_POLL_MS")) != null) {
            s = s.withPollInterval(Duration.ofMillis(number("BGML_SLURM_POLL_MS", v)));
        }
        return s;
    }

    private static int number(String name, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not '" + value + "'");
        }
    }

    public SlurmSettings withPartition(String p) {
        return new SlurmSettings(p, timeLimit, exclusive, cpusPerTask, chunkSize, maxParallel, jobName, account, extraOptions, pollInterval);
    }

    public SlurmSettings withTimeLimit(String t) {
        return new SlurmSettings(partition, t, exclusive, cpusPerTask, chunkSize, maxParallel, jobName, account, extraOptions, pollInterval);
    }

    public SlurmSettings withExclusive(boolean e) {
        return new SlurmSettings(partition, timeLimit, e, cpusPerTask, chunkSize, maxParallel, jobName, account, extraOptions, pollInterval);
    }

    public SlurmSettings withCpusPerTask(int c) {
        return new SlurmSettings(partition, timeLimit, exclusive, c, chunkSize, maxParallel, jobName, account, extraOptions, pollInterval);
    }

    public SlurmSettings withChunkSize(int k) {
        return new SlurmSettings(partition, timeLimit, exclusive, cpusPerTask, k, maxParallel, jobName, account, extraOptions, pollInterval);
    }

    public SlurmSettings withMaxParallel(int m) {
        return new SlurmSettings(partition, timeLimit, exclusive, cpusPerTask, chunkSize, m, jobName, account, extraOptions, pollInterval);
    }

    public SlurmSettings withJobName(String n) {
        return new SlurmSettings(partition, timeLimit, exclusive, cpusPerTask, chunkSize, maxParallel, n, account, extraOptions, pollInterval);
    }

    public SlurmSettings withAccount(String a) {
        return new SlurmSettings(partition, timeLimit, exclusive, cpusPerTask, chunkSize, maxParallel, jobName, a, extraOptions, pollInterval);
    }

    public SlurmSettings withExtraOptions(List<String> o) {
        return new SlurmSettings(partition, timeLimit, exclusive, cpusPerTask, chunkSize, maxParallel, jobName, account, o, pollInterval);
    }

    public SlurmSettings withPollInterval(Duration d) {
        return new SlurmSettings(partition, timeLimit, exclusive, cpusPerTask, chunkSize, maxParallel, jobName, account, extraOptions, d);
    }

    /** {@link #chunkSize} value that lets {@link #blockSize} choose. */
    public static final int AUTO_BLOCK = 0;
    /** The most configurations an automatic block holds: what one timed-out or lost task can cost at most. */
    public static final int AUTO_BLOCK_MAX = 16;
    /** Task slots assumed when neither {@code maxParallel} nor the cluster says how many tasks run at once. */
    public static final int AUTO_SLOTS = 16;

    /**
     * How many configurations one array task (one bgml process) runs, for {@code configurations} configurations:
     * {@link #chunkSize} when set; else {@link #blockSize(int, int)} with {@link #maxParallel} slots, or
     * {@value #AUTO_SLOTS} without it. {@link #forCluster} fixes the block from what the cluster says before a
     * submission.
     */
    public int blockSize(int configurations) {
        if (chunkSize > 0) {
            return chunkSize;
        }
        return blockSize(configurations, maxParallel > 0 ? maxParallel : AUTO_SLOTS);
    }

    /**
     * The automatic block for {@code slots} tasks at once: {@code ceil(configurations / (4 x slots))} between 1 and
     * {@value #AUTO_BLOCK_MAX}. Four tasks per slot keep the slots evenly busy when configurations differ in length;
     * the cap bounds what a timeout or a node failure loses, and by 16 the start-up of the process is already a small
     * share of each configuration.
     */
    public static int blockSize(int configurations, int slots) {
        long perSlot = 4L * Math.max(1, slots);
        long k = (Math.max(configurations, 1) + perSlot - 1) / perSlot;
        return (int) Math.max(1, Math.min(AUTO_BLOCK_MAX, k));
    }

    /**
     * These settings with the block fixed for a submission of {@code configurations} configurations to a cluster that
     * can run {@code clusterSlots} of these tasks at once (empty when it could not say): the slots are the smaller of
     * that and {@link #maxParallel}. A block the user chose, or an unknown cluster, leaves the settings as they are.
     */
    public SlurmSettings forCluster(int configurations, Optional<Integer> clusterSlots) {
        if (chunkSize > 0 || clusterSlots.isEmpty() || clusterSlots.get() < 1) {
            return this;
        }
        int slots = maxParallel > 0 ? Math.min(maxParallel, clusterSlots.get()) : clusterSlots.get();
        return withChunkSize(blockSize(configurations, slots));
    }

    /** The number of array tasks for {@code configurations} configurations: {@code ceil(configurations / blockSize)}. */
    public int tasksFor(int configurations) {
        int k = blockSize(configurations);
        return (configurations + k - 1) / k;
    }

    /** The array task that runs the configuration at {@code position} of the run order. */
    public int taskOf(int position, int configurations) {
        return position / blockSize(configurations);
    }
}
