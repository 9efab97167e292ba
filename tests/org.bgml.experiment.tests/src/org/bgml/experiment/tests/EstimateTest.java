package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bgml.experiment.Experiments;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Metric;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;

/**
 * The wall-time estimate of an experiment without earlier runs counts what the generated benchmark will do: every
 * calling thread's warm-up and timed calls, and a fixed rate's periods where they last longer than the calls.
 */
class EstimateTest {

    private static final double CALL_MICROS = 50;

    private static Metric metric(String name) throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(Repo.root().resolve("tests/models/threads.bgml"));
        return model.getMetrics().stream().filter(m -> m.getName().equals(name)).findFirst().orElseThrow();
    }

    private static double seconds(Metric m) {
        return Experiments.metricSeconds(new MetricPlan(m, Planner.kindOf(m), null, m.getEventType(), Planner.payloadSizes(m)), CALL_MICROS);
    }

    @Test
    void everyThreadsCallsCount() throws Exception {
        Metric three = metric("ThreeThreads");
        double withThree = seconds(three);
        assertEquals(3 * (10 + 300) * CALL_MICROS / 1e6, withThree, 1e-9);
        three.getWorkload().setThreads(1);
        assertEquals(withThree / 3, seconds(three), 1e-9);
    }

    @Test
    void aFixedRateLastsItsPeriodsWhenTheyAreLongerThanTheCalls() throws Exception {
        Metric paced = metric("ThreeThreadsPaced");
        // 105 periods at 2,000 Hz (53 ms, the threads paced side by side) against 315 calls at 50 µs (15.75 ms).
        assertEquals(0.053, seconds(paced), 1e-9);
        paced.getWorkload().setRateHz(20_000);
        assertEquals(3 * 105 * CALL_MICROS / 1e6, seconds(paced), 1e-9);
    }
}
