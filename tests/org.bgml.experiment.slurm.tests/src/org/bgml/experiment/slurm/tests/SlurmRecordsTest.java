package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.bgml.experiment.slurm.SlurmException;
import org.bgml.experiment.slurm.SlurmRecords;
import org.bgml.experiment.slurm.TaskRecord;
import org.bgml.experiment.slurm.TaskState;
import org.junit.jupiter.api.Test;

/** Reading Slurm 22.05's own output: lines captured from {@code scontrol show job -o} and jobcomp/filetxt. */
class SlurmRecordsTest {
    /** An 8-task array throttled to 2: two done (one failed), two running, four pending in one compressed record. */
    private static final String SCONTROL = String.join("\n",
            "JobId=12 ArrayJobId=12 ArrayTaskId=4-7%2 ArrayTaskThrottle=2 JobName=bgml-experiment UserId=root(0) GroupId=root(0)"
                    + " MCS_label=N/A Priority=4294901759 Nice=0 Account=(null) QOS=(null) JobState=PENDING Reason=JobArrayTaskLimit"
                    + " Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:00 TimeLimit=UNLIMITED"
                    + " NodeList=(null) Command=/tmp/my work/slurm/array-1.sh WorkDir=/tmp/my work StdErr=/tmp/my work/slurm/task-12_4294967294.err",
            "JobId=16 ArrayJobId=12 ArrayTaskId=3 ArrayTaskThrottle=2 JobName=bgml-experiment JobState=RUNNING Reason=None"
                    + " ExitCode=0:0 NodeList=vm BatchHost=vm NumCPUs=1 CPUs/Task=1 ReqB:S:C:T=0:0:*:* Socks/Node=*",
            "JobId=15 ArrayJobId=12 ArrayTaskId=2 JobState=RUNNING Reason=None ExitCode=0:0 NodeList=vm BatchHost=vm",
            "JobId=14 ArrayJobId=12 ArrayTaskId=1 JobState=FAILED Reason=NonZeroExitCode ExitCode=3:0 NodeList=vm BatchHost=vm",
            "JobId=12 ArrayJobId=12 ArrayTaskId=0 JobState=COMPLETED Reason=None ExitCode=0:0 NodeList=vm BatchHost=vm",
            "JobId=20 ArrayJobId=20 ArrayTaskId=0 JobState=RUNNING Reason=None ExitCode=0:0 NodeList=vm BatchHost=vm",
            "JobId=21 JobName=wrap JobState=RUNNING Reason=None ExitCode=0:0 NodeList=vm",
            "");

    @Test
    void scontrolGivesEveryTaskOfTheArrayWithStateAndExitCode() {
        List<TaskRecord> tasks = SlurmRecords.tasks(SCONTROL, "12");
        assertEquals(List.of(4, 5, 6, 7, 3, 2, 1, 0), tasks.stream().map(TaskRecord::arrayTaskId).toList(),
                "the pending range expands, other jobs are skipped");
        TaskRecord pending = tasks.get(0);
        assertEquals(TaskState.PENDING, pending.state());
        assertEquals("JobArrayTaskLimit", pending.reason());
        assertEquals(-1, pending.exitCode(), "no exit code before a task has ended");
        assertEquals("", pending.node(), "(null) means no node");
        TaskRecord failed = tasks.stream().filter(t -> t.arrayTaskId() == 1).findFirst().orElseThrow();
        assertEquals(TaskState.FAILED, failed.state());
        assertEquals(3, failed.exitCode());
        assertEquals("NonZeroExitCode", failed.reason());
        assertEquals("vm", failed.node());
        assertEquals("14", failed.jobId());
        TaskRecord done = tasks.stream().filter(t -> t.arrayTaskId() == 0).findFirst().orElseThrow();
        assertEquals(TaskState.COMPLETED, done.state());
        assertEquals(0, done.exitCode());
        assertEquals("", done.reason(), "None means no reason");
    }

    @Test
    void valuesWithSpacesDoNotSwallowTheNextField() {
        Map<String, String> f = SlurmRecords.fields(SCONTROL.lines().findFirst().orElseThrow());
        assertEquals("/tmp/my work/slurm/array-1.sh", f.get("Command"));
        assertEquals("/tmp/my work", f.get("WorkDir"));
        assertEquals("0:0:*:*", SlurmRecords.fields(SCONTROL.lines().skip(1).findFirst().orElseThrow()).get("ReqB:S:C:T"));
    }

    @Test
    void jobCompletionLogLinesParseAndTheLastLineOfARequeuedTaskWins() {
        String log = String.join("\n",
                "JobId=3 UserId=root(0) GroupId=root(0) Name=t.sh JobState=NODE_FAIL Partition=local TimeLimit=UNLIMITED"
                        + " StartTime=2026-11-21T11:53:25 EndTime=2026-11-21T11:53:26 NodeList=vm NodeCnt=1 ProcCnt=1 WorkDir=/tmp/x"
                        + " ReservationName= Tres=cpu=1,mem=1M,node=1,billing=1 Account= QOS= WcKey= Cluster=unknown"
                        + " SubmitTime=2026-11-21T11:53:24 EligibleTime=2026-11-21T11:53:25 ArrayJobId=1 ArrayTaskId=1"
                        + " DerivedExitCode=0:0 ExitCode=0:0",
                "JobId=4 UserId=root(0) GroupId=root(0) Name=t.sh JobState=TIMEOUT Partition=local NodeList=vm ReservationName="
                        + " Account= ArrayJobId=1 ArrayTaskId=2 DerivedExitCode=0:0 ExitCode=0:15",
                "JobId=3 UserId=root(0) GroupId=root(0) Name=t.sh JobState=COMPLETED Partition=local NodeList=vm"
                        + " ArrayJobId=1 ArrayTaskId=1 DerivedExitCode=0:0 ExitCode=0:0",
                "JobId=9 Name=other JobState=COMPLETED ArrayJobId=7 ArrayTaskId=1 ExitCode=0:0");
        List<TaskRecord> tasks = SlurmRecords.tasks(log, "1");
        assertEquals(2, tasks.size());
        assertEquals(TaskState.COMPLETED, tasks.get(0).state(), "the later line of task 1 wins");
        assertEquals(TaskState.TIMEOUT, tasks.get(1).state());
        assertEquals(15, tasks.get(1).signal());
        assertEquals("", SlurmRecords.fields(log.lines().findFirst().orElseThrow()).get("ReservationName"),
                "an empty value stays empty");
    }

    @Test
    void arrayTaskIdListsAndRanges() {
        assertEquals(List.of(5), SlurmRecords.taskIds("5"));
        assertEquals(List.of(4, 5, 6, 7), SlurmRecords.taskIds("4-7%2"));
        assertEquals(List.of(1, 3, 5, 6), SlurmRecords.taskIds("[1,3,5-6]"));
        assertEquals(List.of(), SlurmRecords.taskIds("(null)"));
    }

    @Test
    void submitOutputGivesTheJobId() throws SlurmException {
        assertEquals("4711", SlurmRecords.parseSubmit("4711\n"));
        assertEquals("4711", SlurmRecords.parseSubmit("4711;cluster-a\n"));
        assertEquals("4711", SlurmRecords.parseSubmit("sbatch: warning: can't honor --ntasks-per-node\n4711\n"));
        SlurmException e = assertThrows(SlurmException.class,
                () -> SlurmRecords.parseSubmit("sbatch: error: invalid partition specified: gpu\n"));
        assertTrue(e.getMessage().contains("invalid partition"), e.getMessage());
    }

    @Test
    void statesParseWithTheirFinality() {
        assertEquals(TaskState.CANCELLED, TaskState.parse("CANCELLED by 0"));
        assertEquals(TaskState.OUT_OF_MEMORY, TaskState.parse("out_of_memory"));
        assertTrue(TaskState.TIMEOUT.terminal());
        assertTrue(TaskState.NODE_FAIL.terminal());
        assertFalse(TaskState.COMPLETING.terminal(), "a completing task may still write its files");
        assertEquals(TaskState.UNKNOWN, TaskState.parse("SOMETHING_NEW"));
        assertFalse(TaskState.UNKNOWN.terminal(), "an unknown state must not end the run early");
    }
}
