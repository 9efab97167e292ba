package org.bgml.results.tests;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.launcher.results.EnvironmentRecord;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ProcessRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.Setting;

/**
 * Run in a child JVM by {@link KillDuringWriteTest}: stores runs of {@value #MEASUREMENTS} measurements each into the
 * store given as the first argument, without pause, printing "stored N" after each commit, until it is killed.
 */
public final class StoreWriter {
    static final int MEASUREMENTS = 4000;
    static final int PROCESSES = 3;
    static final int SETTINGS = 5;

    private StoreWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path db = Path.of(args[0]);
        List<ResultMeasurement.Bucket> histogram = new ArrayList<>();
        for (int b = 0; b < 40; b++) {
            histogram.add(new ResultMeasurement.Bucket(8192 + 512L * b, 8192 + 512L * (b + 1), 25));
        }
        try (ResultsStore store = ResultsStore.open(db)) {
            for (int run = 0;; run++) {
                List<MeasurementRecord> ms = new ArrayList<>();
                for (int i = 0; i < MEASUREMENTS; i++) {
                    ms.add(new MeasurementRecord("client", 21.0, new ResultMeasurement("latency", "M" + i, "E" + i, "Op", null, "ns",
                            (long) i, 1L, 100L, 0L, 1000, 14500.5, 900.25, 13000L, 98000L, 14300L, 15000L, 18000L, 40000L, histogram, 1000L,
                            14_500_000L, 68965.5, null, null, null, null, null, null, null, null, null, "samples-" + i + ".txt")));
                }
                List<ProcessRecord> ps = new ArrayList<>();
                for (int p = 0; p < PROCESSES; p++) {
                    ps.add(new ProcessRecord("P" + p, "client", 0, 0, null, List.of(), "logs/P" + p + ".log", null, 100L + p, List.of(0), 0));
                }
                List<Setting> settings = new ArrayList<>();
                for (int s = 0; s < SETTINGS; s++) {
                    settings.add(new Setting("", "option" + s, "value" + s));
                }
                RunRecord r = new RunRecord(String.format("%d-%05d", ProcessHandle.current().pid(), run), "/m.bgml", "M", "hash", "omniorb", "remote", "cfg",
                        RunRecord.OK, null, "2026-11-21T09:30:00Z", "2026-11-21T09:30:01Z", "BGML Studio test", null, 1L, null, Map.of(),
                        settings, new EnvironmentRecord("h", "c", "k", "g++", 201103, "omniORB", "P0: pinned to CPU 0", "t"), ps, ms);
                store.record(r);
                System.out.println("stored " + (run + 1));
                System.out.flush();
            }
        }
    }
}
