package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.bgml.launcher.process.CpuGrant;
import org.junit.jupiter.api.Test;

/** Placing a model's pinned processes within the CPUs a Slurm task was granted. */
class CpuGrantTest {
    @Test
    void logicalCpusLandOnGrantedOnesAndProcessesPinnedTogetherStayTogether() {
        CpuGrant grant = CpuGrant.of("6-7");
        assertEquals(List.of(6, 7), grant.cpus());
        assertEquals(List.of(6), grant.place(List.of(0)), "client and server on CPU 0 share granted CPU 6");
        assertEquals(List.of(7), grant.place(List.of(1)));
        assertEquals(List.of(6, 7), grant.place(List.of(0, 1)));
        assertEquals(List.of(6), grant.place(List.of(2)), "more logical CPUs than granted wrap around");
        assertEquals(List.of(), grant.place(List.of()), "an unpinned process stays unpinned (inside the grant anyway)");
    }

    @Test
    void aProcessThatPinsItselfWithMinusCIsPlacedInTheGrantToo() {
        CpuGrant grant = CpuGrant.of("5");
        assertEquals(List.of("-r", "results/ServerProcess.json", "-c", "5", "-e", "corbaloc::x"),
                grant.placeArguments(List.of("-r", "results/ServerProcess.json", "-c", "0", "-e", "corbaloc::x"), List.of(0)));
        assertEquals(List.of("-c", "6,7"), CpuGrant.of("6-7").placeArguments(List.of("-c", "0,1"), List.of(0, 1)));
        assertEquals(List.of("-c", "3", "-n", "7"), grant.placeArguments(List.of("-c", "3", "-n", "7"), List.of(0)),
                "a -c that is not the process's own CPU list is left alone");
        assertEquals(List.of("-c", "0"), CpuGrant.of(null).placeArguments(List.of("-c", "0"), List.of(0)), "no grant, no change");
    }

    @Test
    void cpuListsAsLinuxWritesThem() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuGrant.of("0-3,8,10-11").cpus());
        assertEquals(List.of(5), CpuGrant.of(" 5\n").cpus());
    }

    @Test
    void withoutAGrantTheModelsCpusAreUsedAsTheyAre() {
        for (String none : new String[] { null, "", "ff", "0-" }) {
            CpuGrant grant = CpuGrant.of(none);
            assertEquals(List.of(), grant.cpus());
            assertEquals(List.of(3), grant.place(List.of(3)));
        }
    }
}
