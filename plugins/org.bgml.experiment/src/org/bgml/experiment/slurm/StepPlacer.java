package org.bgml.experiment.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.launcher.run.ProcessPlacer;

/**
 * Inside a Slurm allocation: starts each process as a job step on its node
 * ({@code srun --jobid=JOB -N1 -n1 -w NODE --overlap}), with the node's address to bind to in its environment
 * ({@value #BIND_ENV} for the ace and omniORB targets, {@code TAO_ORBENDPOINT} for TAO) and a loopback
 * {@code -ORBEndpoint iiop://127.0.0.1:} argument moved to that address.
 * <p>
 * srun answers SIGTERM by killing its step at once, while a server must get SIGTERM itself to write its results. So
 * the step's srun runs in a session of its own under a small shell that turns the launcher's SIGTERM into
 * {@code scancel --signal=TERM} of that step (found by its name): the process gets SIGTERM, stops cleanly, and
 * srun ends with its exit status (128 + signal when a signal ended it).
 */
public final class StepPlacer implements ProcessPlacer {
    /** The address a placed process binds to (the node's own). */
    public static final String BIND_ENV = "BGML_BIND_ADDRESS";
    /** The Slurm node a placed process runs on, for its records. */
    public static final String NODE_ENV = "BGML_SLURM_NODE";

    static final String WRAPPER = """
            name="$1"; shift
            stop() {
              local id
              for id in $(squeue -h -s -j "$SLURM_JOB_ID" -o '%i %j' 2>/dev/null | awk -v n="$name" '$2 == n { print $1 }'); do
                scancel --signal=TERM "$id" 2>/dev/null
              done
            }
            trap stop TERM INT
            setsid "$@" &
            step=$!
            while :; do
              wait "$step"; rc=$?
              kill -0 "$step" 2>/dev/null && continue
              # A wait cut short by the trap returned 143, not srun's status: a second wait collects that one
              # (or answers 127 when the first already had it).
              wait "$step" 2>/dev/null; again=$?
              [ "$again" -ne 127 ] && rc=$again
              exit "$rc"
            done
            """;

    private final String jobId;
    private final String runTag;
    private final Map<String, String> nodeOfProcess;
    private final Map<String, String> addressOfNode;
    private final String firstNode;

    /**
     * @param runTag        makes step names unique within the allocation
     * @param nodeOfProcess Slurm node of each placed process; the others (helpers) run on {@code firstNode}
     * @param addressOfNode each node's address
     */
    public StepPlacer(String jobId, String runTag, Map<String, String> nodeOfProcess, Map<String, String> addressOfNode, String firstNode) {
        this.jobId = jobId;
        this.runTag = runTag;
        this.nodeOfProcess = Map.copyOf(nodeOfProcess);
        this.addressOfNode = Map.copyOf(addressOfNode);
        this.firstNode = firstNode;
    }

    /** The Slurm node {@code process} runs on. */
    public String nodeOf(String process) {
        return nodeOfProcess.getOrDefault(process, firstNode);
    }

    @Override
    public List<String> place(ProcessSpec spec, List<String> command, Map<String, String> env) {
        String node = nodeOf(spec.name());
        String address = addressOfNode.get(node);
        env.put(NODE_ENV, node);
        List<String> inner = new ArrayList<>();
        for (String word : command) {
            inner.add(address == null ? word : word.replaceFirst("^iiop://(127\\.0\\.0\\.1|localhost):", "iiop://" + address + ":"));
        }
        if (address != null) {
            env.put(BIND_ENV, address);
            env.put("TAO_ORBENDPOINT", "iiop://" + address + ":");
        }
        String step = "bgml-" + runTag + "-" + spec.name();
        List<String> wrapped = new ArrayList<>(List.of("bash", "-c", WRAPPER, "bgml-step", step, "srun", "--jobid=" + jobId, "-N1",
                "-n1", "-w", node, "--overlap", "--job-name=" + step, "--quiet"));
        wrapped.addAll(inner);
        return wrapped;
    }
}
