package org.bgml.experiment.slurm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what Slurm prints: the job id from {@code sbatch --parsable}, and task records from {@code scontrol show job -o}
 * and from the jobcomp/filetxt completion log. Both of the latter are lines of {@code Key=Value} pairs; a pending
 * array shows as one record whose {@code ArrayTaskId} is a range such as {@code 4-7%2}, which is expanded here.
 */
public final class SlurmRecords {
    /** A key starts a new field only where a space is followed by {@code Name=}; values may hold spaces. */
    private static final Pattern KEY = Pattern.compile("(?:^|\\s)([A-Za-z][A-Za-z0-9_:/]*)=");

    private SlurmRecords() {
    }

    /** {@code 1234} or {@code 1234;cluster}: the job id. */
    public static String parseSubmit(String output) throws SlurmException {
        String line = output == null ? "" : output.strip();
        int nl = line.lastIndexOf('\n');
        if (nl >= 0) {
            line = line.substring(nl + 1).strip(); // warnings come first
        }
        String id = line.split(";", 2)[0];
        if (!id.matches("[0-9]+")) {
            throw new SlurmException("sbatch printed no job id: '" + output.strip() + "'");
        }
        return id;
    }

    /** The fields of one {@code Key=Value ...} line, in order. */
    public static Map<String, String> fields(String line) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = KEY.matcher(line);
        String key = null;
        int valueStart = 0;
        while (m.find()) {
            if (key != null) {
                out.put(key, line.substring(valueStart, m.start()).strip());
            }
            key = m.group(1);
            valueStart = m.end();
        }
        if (key != null) {
            out.put(key, line.substring(valueStart).strip());
        }
        return out;
    }

    /**
     * The tasks of array {@code arrayJobId} among {@code scontrol show job -o} or jobcomp lines; lines of other jobs
     * are skipped. When a task appears twice (a requeued task in the completion log), the later line wins.
     */
    public static List<TaskRecord> tasks(String text, String arrayJobId) {
        Map<Integer, TaskRecord> byTask = new LinkedHashMap<>();
        for (String line : text.split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            Map<String, String> f = fields(line);
            String array = f.get("ArrayJobId");
            String ids = f.get("ArrayTaskId");
            if (array == null || ids == null || !array.equals(arrayJobId)) {
                continue;
            }
            TaskState state = TaskState.parse(f.get("JobState"));
            int[] exit = exitCode(f.get("ExitCode"));
            String node = f.getOrDefault("BatchHost", f.get("NodeList"));
            String jobId = f.get("JobId");
            for (int task : taskIds(ids)) {
                byTask.put(task, new TaskRecord(task, jobId, state, state.terminal() ? exit[0] : -1, exit[1],
                        f.get("Reason"), node));
            }
        }
        return List.copyOf(byTask.values());
    }

    /** {@code 3:0} → {3, 0}; {@code 0:15} → {0, 15}; missing → {-1, 0}. */
    static int[] exitCode(String text) {
        if (text == null || !text.matches("[0-9]+(:[0-9]+)?")) {
            return new int[] { -1, 0 };
        }
        String[] parts = text.split(":");
        return new int[] { Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0 };
    }

    /** {@code 5}, {@code 4-7%2}, {@code 1,3,5-6}, {@code [2-3]}: the task ids, in order. */
    public static List<Integer> taskIds(String text) {
        String s = text.strip();
        int pct = s.indexOf('%');
        if (pct >= 0) {
            s = s.substring(0, pct);
        }
        s = s.replace("[", "").replace("]", "");
        List<Integer> ids = new ArrayList<>();
        for (String part : s.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] range = part.split("-", 2);
            try {
                int from = Integer.parseInt(range[0].strip());
                int to = range.length > 1 ? Integer.parseInt(range[1].strip()) : from;
                for (int i = from; i <= to; i++) {
                    ids.add(i);
                }
            } catch (NumberFormatException e) {
                // "(null)" on a job that is not an array: no tasks
            }
        }
        return ids;
    }

    private static final Pattern SINFO_LINE = Pattern.compile("^(\\S+)\\s+(\\d+)\\s+(\\d+)/(\\d+)/(\\d+)/(\\d+)\\s*$");

    /**
     * How many tasks of {@code settings} fit at once, from {@code sinfo -h -o '%P %D %C'}: one line per partition (or
     * group of its nodes) with its name ({@code *} marks the default partition), node count and CPUs as
     * allocated/idle/other/total. The lines of the settings' partition count, or those of the default partition when
     * they name none. CPUs in the "other" state (down, drained) are not usable; neither are nodes in the same share.
     * Whole-node tasks fit once per usable node, others once per {@code cpusPerTask} usable CPUs. Empty when no line
     * counts or nothing is usable.
     */
    public static Optional<Integer> slots(String sinfo, SlurmSettings settings) {
        long nodes = 0;
        long cpus = 0;
        long other = 0;
        for (String line : sinfo.split("\\R")) {
            Matcher m = SINFO_LINE.matcher(line.strip());
            if (!m.matches()) {
                continue;
            }
            String partition = m.group(1);
            boolean counts = settings.partition().isEmpty() ? partition.endsWith("*")
                    : partition.equals(settings.partition()) || partition.equals(settings.partition() + "*");
            if (counts) {
                nodes += Long.parseLong(m.group(2));
                other += Long.parseLong(m.group(5));
                cpus += Long.parseLong(m.group(6));
            }
        }
        if (cpus <= other) {
            return Optional.empty();
        }
        long usable = settings.exclusive() ? nodes * (cpus - other) / cpus : (cpus - other) / Math.max(1, settings.cpusPerTask());
        return usable < 1 ? Optional.empty() : Optional.of((int) Math.min(Integer.MAX_VALUE, usable));
    }
}
