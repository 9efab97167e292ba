package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.bgml.experiment.slurm.JobScript;
import org.bgml.experiment.slurm.SlurmRecords;
import org.bgml.experiment.slurm.SlurmSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated sbatch script: its options, and what its tasks do when bash runs them one by one as Slurm would,
 * setting {@code SLURM_ARRAY_TASK_ID}.
 */
class JobScriptTest {
    @TempDir
    Path dir;

    private static final List<Integer> EIGHT = List.of(5, 2, 7, 0, 3, 6, 1, 4); // a randomised run order

    @Test
    void optionsFollowTheSettings() {
        SlurmSettings s = SlurmSettings.defaults().withPartition("short").withTimeLimit("0:30:00").withExclusive(true)
                .withCpusPerTask(4).withChunkSize(3).withMaxParallel(2).withAccount("perf").withJobName("omni-opts")
                .withExtraOptions(List.of("--constraint=skylake"));
        String script = JobScript.write(s, dir, EIGHT, List.of("bgml", "run-one", "{index}"), Map.of());
        List<String> sbatch = script.lines().filter(l -> l.startsWith("#SBATCH")).toList();
        assertEquals(List.of("#SBATCH --job-name=omni-opts", "#SBATCH --array=0-2%2", "#SBATCH --partition=short",
                "#SBATCH --account=perf", "#SBATCH --time=0:30:00", "#SBATCH --exclusive", "#SBATCH --nodes=1",
                "#SBATCH --ntasks=1", "#SBATCH --cpus-per-task=4", "#SBATCH --output=" + dir + "/slurm/task-%A_%a.out",
                "#SBATCH --error=" + dir + "/slurm/task-%A_%a.err", "#SBATCH --chdir=" + dir,
                "#SBATCH --constraint=skylake"), sbatch, "8 configurations in chunks of 3 are tasks 0-2");
        assertTrue(script.startsWith("#!/bin/bash\n"));
    }

    @Test
    void defaultsLeaveTheClusterItsOwnPartitionAndLimitAndDoNotThrottle() {
        String script = JobScript.write(SlurmSettings.defaults(), dir, EIGHT, List.of("true"), Map.of());
        assertTrue(script.contains("#SBATCH --array=0-7\n"), script);
        assertFalse(script.contains("--partition"), script);
        assertFalse(script.contains("--time"), script);
        assertFalse(script.contains("--exclusive"), script);
        assertTrue(script.contains("#SBATCH --cpus-per-task=2\n"), script);
        assertEquals(script, JobScript.write(SlurmSettings.defaults(), dir, EIGHT, List.of("true"), Map.of()), "deterministic");
    }

    @Test
    void everyConfigurationRunsExactlyOnceInItsOwnFolderWithExitRecords() throws Exception {
        // Each configuration appends its index to a shared file; index 3 fails with code 3 and a message.
        Path ran = dir.resolve("ran.txt");
        List<String> command = List.of("bash", "-c",
                "echo \"$1\" >> \"$2\"; echo \"configuration $1 in $3\" > \"$3/own.txt\"; "
                        + "if [ \"$1\" = 3 ]; then echo 'giopMaxMsgSize too small' >&2; exit 3; fi",
                "per-index", "{index}", ran.toString(), "{out}");
        SlurmSettings s = SlurmSettings.defaults().withChunkSize(3);
        Path script = dir.resolve("array.sh");
        Path work = dir.resolve("work");
        Files.writeString(script, JobScript.write(s, work, EIGHT, command, Map.of("BGML_TEST_VAR", "it's $HOME")));
        List<Integer> taskExit = new ArrayList<>();
        for (int t = 0; t < s.tasksFor(EIGHT.size()); t++) {
            taskExit.add(Bash.runTask(script, t, dir.resolve("tasks.log"), Map.of()));
        }
        // chunks: [5,2,7] [0,3,6] [1,4]; the chunk with 3 fails with 3's code, the others succeed
        assertEquals(List.of(0, 3, 0), taskExit, Bash.read(dir.resolve("tasks.log")));
        List<String> order = Files.readAllLines(ran);
        assertEquals(EIGHT.stream().map(String::valueOf).toList(), order, "each once, in run order");
        for (int i : EIGHT) {
            Path out = work.resolve("configs").resolve(Integer.toString(i));
            assertEquals("configuration " + i + " in " + out + "\n", Bash.read(out.resolve("own.txt")));
            String exit = Bash.read(out.resolve(JobScript.EXIT));
            assertTrue(exit.startsWith("exit=" + (i == 3 ? 3 : 0) + " end="), exit);
            String started = Bash.read(out.resolve(JobScript.STARTED));
            assertTrue(started.matches("job=[0-9]+ task=[0-2] host=\\S+ cpus=\\S+ start=[0-9.]+\\n"), started);
        }
        assertEquals("giopMaxMsgSize too small\n", Bash.read(work.resolve("configs/3").resolve(JobScript.COMMAND_LOG)));
    }

    @Test
    void argumentsReachTheCommandUnchangedWhateverTheyHold() throws Exception {
        Path seen = dir.resolve("seen.txt");
        List<String> tricky = List.of("it's", "a b", "$HOME", "`id`", "--out={out}/x", "{index}{index}", "");
        List<String> command = new ArrayList<>(List.of("bash", "-c", "printf '%s\\n' \"$@\" > " + seen, "args"));
        command.addAll(tricky);
        Path work = dir.resolve("w o r k");
        Path script = dir.resolve("array.sh");
        Files.writeString(script, JobScript.write(SlurmSettings.defaults(), work, List.of(42), command,
                Map.of("BGML_QUOTED", "it's $HOME `id`")), StandardCharsets.UTF_8);
        assertEquals(0, Bash.runTask(script, 0, dir.resolve("task.log"), Map.of()), Bash.read(dir.resolve("task.log")));
        assertEquals(List.of("it's", "a b", "$HOME", "`id`", "--out=" + work.resolve("configs/42") + "/x", "4242", ""),
                Files.readAllLines(seen));
    }

    @Test
    void theTaskExportsTheCpusSlurmGrantedIt() throws Exception {
        Path work = dir.resolve("work");
        Path script = dir.resolve("array.sh");
        List<String> command = List.of("bash", "-c", "echo \"$" + JobScript.GRANTED_CPUS_ENV + "\" > \"$1/granted\"; "
                + "sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status > \"$1/allowed\"", "x", "{out}");
        Files.writeString(script, JobScript.write(SlurmSettings.defaults(), work, List.of(0), command, Map.of()));
        // Run the task on CPU 0 only, as task/affinity would bind it.
        Path log = dir.resolve("task.log");
        ProcessBuilder pb = new ProcessBuilder("taskset", "-c", "0", "bash", script.toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("SLURM_ARRAY_TASK_ID", "0");
        assertEquals(0, pb.start().waitFor(), Bash.read(log));
        Path out = work.resolve("configs/0");
        assertEquals("0\n", Bash.read(out.resolve("granted")));
        assertEquals("0\n", Bash.read(out.resolve("allowed")));
        assertTrue(Bash.read(out.resolve(JobScript.STARTED)).contains(" cpus=0 "));
    }

    @Test
    void settingsRefuseWhatSlurmWouldRefuseLater() {
        SlurmSettings d = SlurmSettings.defaults();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.withTimeLimit("30min"));
        assertTrue(e.getMessage().contains("30min"), e.getMessage());
        for (String ok : List.of("30", "10:00", "1:00:00", "2-00:00:00", "1-12", "UNLIMITED")) {
            assertEquals(ok, d.withTimeLimit(ok).timeLimit());
        }
        assertThrows(IllegalArgumentException.class, () -> d.withExtraOptions(List.of("--array=0-3")));
        assertThrows(IllegalArgumentException.class, () -> d.withExtraOptions(List.of("--qos=a\n#SBATCH --x")));
        assertThrows(IllegalArgumentException.class, () -> d.withPartition("a b"));
        assertThrows(IllegalArgumentException.class, () -> d.withChunkSize(-1));
        assertThrows(IllegalArgumentException.class, () -> d.withCpusPerTask(0));
        assertEquals(3, d.withChunkSize(3).tasksFor(8));
        assertEquals(8, d.tasksFor(8));
    }
    @Test
    void automaticBlocksKeepFourTasksPerSlotAndAtMostSixteenConfigurations() {
        SlurmSettings auto = SlurmSettings.defaults();
        assertEquals(SlurmSettings.AUTO_BLOCK, auto.chunkSize());
        // no throttle: 16 slots assumed, so up to 64 configurations still get a task each
        assertEquals(1, auto.blockSize(8));
        assertEquals(1, auto.blockSize(64));
        assertEquals(2, auto.blockSize(65));
        assertEquals(33, auto.tasksFor(65), "65 configurations in blocks of 2");
        assertEquals(16, auto.blockSize(1024));
        assertEquals(16, auto.blockSize(100_000), "capped");
        assertEquals(6250, auto.tasksFor(100_000));
        // two tasks at once: blocks sized for 8 tasks
        SlurmSettings two = auto.withMaxParallel(2);
        assertEquals(1, two.blockSize(8));
        assertEquals(2, two.blockSize(9));
        assertEquals(3, two.blockSize(20));
        assertEquals(7, two.tasksFor(20), "blocks of 3, the last holding 2");
        // a fixed size wins, however many configurations
        SlurmSettings fixed = auto.withChunkSize(5);
        assertEquals(5, fixed.blockSize(3));
        assertEquals(1, fixed.tasksFor(3));
        assertEquals(List.of(0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2),
                java.util.stream.IntStream.range(0, 12).map(p -> fixed.taskOf(p, 12)).boxed().toList());
        assertEquals(0, auto.tasksFor(0));
        assertEquals(4, SlurmSettings.fromEnvironment(Map.of("BGML_SLURM_BATCH", "4")).blockSize(100));
        assertEquals(3, SlurmSettings.fromEnvironment(Map.of("BGML_SLURM_CHUNK", "3")).blockSize(100));
        assertThrows(IllegalArgumentException.class, () -> SlurmSettings.fromEnvironment(Map.of("BGML_SLURM_BATCH", "many")));
    }

    @Test
    void theClustersSizeSetsTheAutomaticBlock() {
        SlurmSettings auto = SlurmSettings.defaults(); // 2 CPUs per task, nodes shared
        // the default partition (marked *) of a cluster with two partitions; 'other' CPUs (down, drained) do not count
        String sinfo = "batch* 4 10/54/0/64\nbatch* 1 0/0/16/16\ngpu 2 0/32/0/32\n";
        assertEquals(Optional.of(32), SlurmRecords.slots(sinfo, auto), "64 usable CPUs / 2 per task");
        assertEquals(Optional.of(16), SlurmRecords.slots(sinfo, auto.withCpusPerTask(4)));
        assertEquals(Optional.of(4), SlurmRecords.slots(sinfo, auto.withExclusive(true)), "whole nodes: 4 of the 5 are usable");
        assertEquals(Optional.of(16), SlurmRecords.slots(sinfo, auto.withPartition("gpu")), "the partition the settings name");
        assertEquals(Optional.empty(), SlurmRecords.slots(sinfo, auto.withPartition("nosuch")));
        assertEquals(Optional.empty(), SlurmRecords.slots("batch* 1 0/0/8/8\n", auto), "nothing usable");
        assertEquals(Optional.empty(), SlurmRecords.slots("sinfo: error: some message\n", auto));

        // 1,000 configurations: 16 assumed slots give blocks of 16; a 4-slot cluster also 16 (capped); 128 slots give 2
        assertEquals(16, auto.blockSize(1000));
        assertEquals(2, auto.forCluster(1000, Optional.of(128)).blockSize(1000));
        assertEquals(2, auto.forCluster(1000, Optional.of(128)).chunkSize(), "fixed for the submission");
        assertEquals(1, auto.forCluster(8, Optional.of(2)).blockSize(8));
        assertEquals(4, auto.forCluster(16, Optional.of(1)).blockSize(16), "one slot: four tasks of four");
        assertEquals(auto, auto.forCluster(1000, Optional.empty()), "an unknown cluster changes nothing");
        assertEquals(4, auto.withMaxParallel(64).forCluster(1000, Optional.of(128)).blockSize(1000), "the throttle is the smaller");
        assertEquals(3, auto.withChunkSize(3).forCluster(1000, Optional.of(128)).blockSize(1000), "the user's block wins");
    }

    /**
     * A block command that runs the indexes it is given, writing the records a bgml block task writes, but dies
     * (exit 137, no records) when it reaches index {@code dies}: that one and the rest of its block are left
     * without exit records.
     */
    private Path fakeBlockCommand(Path ran, int dies) throws Exception {
        Path cmd = dir.resolve("block.sh");
        Files.writeString(cmd, String.join("\n", "#!/bin/bash",
                "indexes=\"$1\"; configs=\"$2\"",
                "echo \"block $indexes pid $$\" >> '" + ran + "'",
                "for i in ${indexes//,/ }; do",
                "  if [ \"$i\" = " + dies + " ]; then exit 137; fi",
                "  mkdir -p \"$configs/$i\"",
                "  echo \"job=$SLURM_JOB_ID task=$SLURM_ARRAY_TASK_ID host=$" + JobScript.HOST_ENV + " cpus=$"
                        + JobScript.GRANTED_CPUS_ENV + " start=1.5\" > \"$configs/$i/slurm-started\"",
                "  echo \"run $i in block\" > \"$configs/$i/slurm-command.log\"",
                "  if [ \"$i\" = 6 ]; then code=1; else code=0; fi",
                "  echo \"exit=$code end=2.5\" > \"$configs/$i/slurm-exit\"",
                "done", ""));
        cmd.toFile().setExecutable(true);
        return cmd;
    }

    @Test
    void oneProcessRunsEachBlockAndConfigurationsItLeftRunAlone() throws Exception {
        Path ran = dir.resolve("ran.txt");
        List<String> single = List.of("bash", "-c", "echo \"alone $1\" >> \"$2\"; echo \"alone $1\" > \"$3/own.txt\"; echo \"alone $1\"",
                "per-index", "{index}", ran.toString(), "{out}");
        List<String> block = List.of(fakeBlockCommand(ran, 3).toString(), "{indexes}", "{configs}");
        SlurmSettings s = SlurmSettings.defaults().withChunkSize(3);
        Path work = dir.resolve("work");
        Path script = dir.resolve("array.sh");
        String text = JobScript.write(s, work, EIGHT, single, block, Map.of());
        assertTrue(text.contains("one bgml process per task"), text);
        Files.writeString(script, text);
        List<Integer> taskExit = new ArrayList<>();
        for (int t = 0; t < s.tasksFor(EIGHT.size()); t++) {
            taskExit.add(Bash.runTask(script, t, dir.resolve("tasks.log"), Map.of()));
        }
        // blocks [5,2,7] [0,3,6] [1,4]: the second process dies at 3, so 3 and 6 run alone; 6 fails in no block
        assertEquals(List.of(0, 0, 0), taskExit, Bash.read(dir.resolve("tasks.log")));
        List<String> lines = Files.readAllLines(ran).stream().map(l -> l.replaceAll(" pid [0-9]+", "")).toList();
        assertEquals(List.of("block 5,2,7", "block 0,3,6", "alone 3", "alone 6", "block 1,4"), lines);
        for (int i : EIGHT) {
            Path out = work.resolve("configs").resolve(Integer.toString(i));
            String exit = Bash.read(out.resolve(JobScript.EXIT));
            assertTrue(exit.startsWith("exit=0 end="), i + ": " + exit);
            String started = Bash.read(out.resolve(JobScript.STARTED));
            assertTrue(started.matches("job=100[0-2] task=[0-2] host=\\S+ cpus=\\S+ start=[0-9.]+\\n"), i + ": " + started);
            boolean alone = i == 3 || i == 6;
            assertEquals(alone, Files.exists(out.resolve("own.txt")), "config " + i + " ran alone");
            assertEquals(alone ? "alone " + i + "\n" : "run " + i + " in block\n", Bash.read(out.resolve(JobScript.COMMAND_LOG)));
        }
    }

    @Test
    void aFailedConfigurationInABlockFailsItsTaskWithoutRunningAgain() throws Exception {
        Path ran = dir.resolve("ran.txt");
        List<String> single = List.of("bash", "-c", "echo \"alone $1\" >> \"$2\"", "per-index", "{index}", ran.toString());
        List<String> block = List.of(fakeBlockCommand(ran, -1).toString(), "{indexes}", "{configs}");
        SlurmSettings s = SlurmSettings.defaults().withChunkSize(4);
        Path script = dir.resolve("array.sh");
        Files.writeString(script, JobScript.write(s, dir.resolve("work"), EIGHT, single, block, Map.of()));
        // blocks [5,2,7,0] [3,6,1,4]: 6 exits with 1 inside its block
        assertEquals(0, Bash.runTask(script, 0, dir.resolve("tasks.log"), Map.of()));
        assertEquals(1, Bash.runTask(script, 1, dir.resolve("tasks.log"), Map.of()));
        List<String> lines = Files.readAllLines(ran).stream().map(l -> l.replaceAll(" pid [0-9]+", "")).toList();
        assertEquals(List.of("block 5,2,7,0", "block 3,6,1,4"), lines, "nothing ran twice");
        assertTrue(Bash.read(dir.resolve("work/configs/6").resolve(JobScript.EXIT)).startsWith("exit=1 "));
    }

    @Test
    void aTaskOfOneConfigurationUsesThePerIndexCommand() throws Exception {
        List<String> block = List.of("block-command", "{indexes}", "{configs}");
        String text = JobScript.write(SlurmSettings.defaults().withChunkSize(1), dir, EIGHT, List.of("one", "{index}"), block, Map.of());
        assertFalse(text.contains("block-command"), text);
        String auto = JobScript.write(SlurmSettings.defaults().withMaxParallel(1), dir, EIGHT, List.of("one", "{index}"), block, Map.of());
        assertTrue(auto.contains("'block-command' \"$block\" \"$configs\""), auto);
        assertTrue(auto.contains("#SBATCH --array=0-3%1"), "8 configurations, 1 slot: blocks of 2");
    }
}
