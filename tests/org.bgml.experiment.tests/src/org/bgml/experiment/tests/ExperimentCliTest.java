package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.bgml.cli.Bgml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bgml experiment plan|run|task} as a user types them. */
class ExperimentCliTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result bgml(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Bgml(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void planPrintsCountEstimateAliasesAndFirstConfigurations() {
        String model = Repo.example("tao-options-experiment.bgml").toString();
        Result r = bgml("experiment", "plan", model, "--design", "fractionalFactorial", "--fraction", "7", "--repetitions", "1",
                "--store", dir.resolve("none.db").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("configurations: 128; runs: 128"), r.out());
        assertTrue(r.out().contains("resolution IV"), r.out());
        assertTrue(r.out().contains("generators: "), r.out());
        assertTrue(r.out().contains("estimated wall time:") && r.out().contains("no earlier runs"), r.out());
        assertTrue(r.out().contains("first 10 runs:") && r.out().contains("ORBConcurrency"), r.out());
    }

    @Test
    void runStoresEveryRunAndResumeRepeatsNothing() {
        String model = Repo.example("tao-options-experiment.bgml").toString();
        String store = dir.resolve("results.db").toString();
        String[] common = { "--design", "coveringArray", "--strength", "2", "--repetitions", "1", "--synthetic", "skoll", "--store", store,
                "--work", dir.resolve("work").toString() };
        Result first = bgml(concat(new String[] { "experiment", "run", model }, common));
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("0 failed, 0 remaining"), first.out());
        assertTrue(first.err().contains("done ") && first.err().contains("remaining") && first.err().contains("finish ~"), first.err());

        Result refused = bgml(concat(new String[] { "experiment", "run", model }, common));
        assertEquals(2, refused.code());
        assertTrue(refused.err().contains("--resume"), refused.err());

        Result resumed = bgml(concat(new String[] { "experiment", "run", model, "--resume" }, common));
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.err().contains("0 runs to do"), resumed.err());

        Result badIndex = bgml(concat(new String[] { "experiment", "task", model, "--index", "100000", "--out", dir.resolve("t").toString() },
                common));
        assertEquals(2, badIndex.code(), badIndex.err());
    }

    @Test
    void aBlockTaskRunsEachIndexInOneProcessAndRecordsEachOnItsOwn() throws Exception {
        String model = Repo.example("tao-options-experiment.bgml").toString();
        String[] common = { "--design", "coveringArray", "--strength", "2", "--repetitions", "1", "--synthetic", "skoll", "--work",
                dir.resolve("work").toString() };
        Path out = dir.resolve("outputs");
        Path records = dir.resolve("configs");
        Result block = bgml(concat(new String[] { "experiment", "task", model, "--indexes", "4,0,100000,2", "--out", out.toString(),
                "--records", records.toString() }, common));
        assertEquals(2, block.code(), "index 100000 could not run: " + block.err());
        for (int i : new int[] { 4, 0, 2 }) {
            assertTrue(java.nio.file.Files.isRegularFile(out.resolve(String.format("run-%06d.json", i))), "output of run " + i);
            assertTrue(java.nio.file.Files.readString(records.resolve(i + "/slurm-exit")).matches("exit=0 end=[0-9]+\\.[0-9]{9}\n"));
            assertTrue(java.nio.file.Files.readString(records.resolve(i + "/slurm-started")).matches(
                    "job=\\S* task=\\S* host=\\S* cpus=\\S* start=[0-9]+\\.[0-9]{9}\n"));
            assertTrue(java.nio.file.Files.readString(records.resolve(i + "/slurm-command.log")).startsWith("run " + i + ": ok; output "));
        }
        assertTrue(java.nio.file.Files.readString(records.resolve("100000/slurm-exit")).startsWith("exit=2 "), "the bad index alone fails");
        assertTrue(java.nio.file.Files.notExists(out.resolve(String.format("run-%06d.json", 100000))));
        assertTrue(block.err().indexOf("run 4: ok") < block.err().indexOf("run 0: ok"), "in the order given: " + block.err());

        Path stale = dir.resolve("stale");
        Result changed = bgml(concat(new String[] { "experiment", "task", model, "--indexes", "1,3", "--out", out.toString(), "--records",
                stale.toString(), "--plan-key", "0000" }, common));
        assertEquals(2, changed.code(), changed.err());
        for (int i : new int[] { 1, 3 }) {
            assertTrue(java.nio.file.Files.readString(stale.resolve(i + "/slurm-exit")).startsWith("exit=2 "));
            assertTrue(java.nio.file.Files.readString(stale.resolve(i + "/slurm-command.log")).contains("changed since"));
        }

        Result badList = bgml(concat(new String[] { "experiment", "task", model, "--indexes", "1,x", "--out", out.toString(), "--records",
                stale.toString() }, common));
        assertEquals(2, badList.code());
        assertTrue(badList.err().contains("--indexes"), badList.err());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
