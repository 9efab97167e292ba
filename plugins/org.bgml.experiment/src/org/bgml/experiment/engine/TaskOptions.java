package org.bgml.experiment.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How one run is executed, the same in this process and in a cluster task.
 *
 * @param target     the generator target (omniorb, tao, ace, ciao)
 * @param workDir    where variants are generated and built ({@code <workDir>/variants/<target>-<hash>}) and where runs
 *                   keep their files; on a cluster, a folder every node can read
 * @param synthetic  null to run the real benchmark; else a synthetic response specification
 *                   ({@link org.bgml.experiment.synthetic.SyntheticResponse#parse}) evaluated instead, building nothing
 * @param samples    null to take each metric's sample count from the model; else the timed samples every driving
 *                   process takes (passed as -n), for quick experiments and tests
 * @param overrides  design settings replacing the model's (the same ones must be given to every task), as
 *                   command-line arguments, e.g. {@code --design coveringArray --strength 3}; empty for none
 * @param allOnThisHost run a deployment whose nodes are other hosts as processes of one machine, on purpose (each run
 *                   records the collapse); false: the local engine refuses such a deployment before any run
 */
public record TaskOptions(String target, Path workDir, String synthetic, Integer samples, List<String> overrides,
        boolean allOnThisHost) {
    public TaskOptions {
        overrides = List.copyOf(overrides);
    }

    /** Options that refuse a deployment on other hosts. */
    public TaskOptions(String target, Path workDir, String synthetic, Integer samples, List<String> overrides) {
        this(target, workDir, synthetic, samples, overrides, false);
    }

    /** The options as {@code bgml experiment} arguments. */
    public List<String> arguments() {
        List<String> a = new ArrayList<>();
        a.addAll(List.of("--target", target, "--work", workDir.toAbsolutePath().normalize().toString()));
        if (synthetic != null) {
            a.addAll(List.of("--synthetic", synthetic));
        }
        if (samples != null) {
            a.addAll(List.of("--samples", String.valueOf(samples)));
        }
        a.addAll(overrides);
        if (allOnThisHost) {
            a.add("--all-on-this-host");
        }
        return a;
    }
}
