package org.bgml.analysis.tests;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Observation;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.testing.RepositoryRoot;

/** Writes synthetic experiment runs into a real results store, the way the experiment runner links them. */
final class StoredExperiments {
    private StoredExperiments() {
    }

    /** Stores every row of {@code table} as an ok run of {@code experiment}: a latency measurement (ns) and a throughput one. */
    static void store(ResultsStore store, String experiment, ConfigurationTable table) throws Exception {
        int i = 0;
        for (Observation o : table.rows()) {
            store.record(run(experiment + "-" + i++, experiment, o.levels(), o.latencyUs(), o.throughput(), null));
        }
    }

    static RunRecord run(String runId, String experiment, Map<String, String> levels, double latencyUs, double throughput, String failure) {
        List<MeasurementRecord> m = failure != null ? List.of()
                : List.of(new MeasurementRecord("client", 22.0, latency(latencyUs)), new MeasurementRecord("client", 22.0, throughput(throughput)));
        return new RunRecord(runId, "/models/x.bgml", "X", "hash", "omniorb", "remote", "base", failure == null ? RunRecord.OK : RunRecord.FAILED,
                failure, "2026-11-21T09:30:00Z", "2026-11-21T09:30:01Z", "test", null, 1_000_000L, experiment, levels, List.of(), null, List.of(), m);
    }

    private static ResultMeasurement latency(double us) {
        long ns = Math.round(us * 1000);
        return new ResultMeasurement("latency", "RoundTripLatency", "Client/rt", "Test::RoundTrip::test_method", null, "ns", 4L, 1L, 100L, 0L,
                1000, (double) ns, 50.0, ns - 100, ns + 900, ns, ns + 50, ns + 200, ns + 400, List.of(), 1000L, 1000L * ns, null, null, null, null,
                null, null, null, null, null, null, null);
    }

    private static ResultMeasurement throughput(double perSecond) {
        return new ResultMeasurement("throughput", "RoundTripThroughput", "Client/rt", "Test::RoundTrip::test_method", null, "perSecond", 4L,
                1L, 100L, 0L, 0, null, null, null, null, null, null, null, null, List.of(), 100_000L, 1_000_000_000L, perSecond, null, null, null,
                null, null, null, null, null, null, null);
    }

    static Path repo() {
        return RepositoryRoot.get();
    }
}
