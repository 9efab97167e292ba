package org.bgml.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

/**
 * Reads an experiment's runs from the results store as a {@link ConfigurationTable}: each run's factor levels (stored
 * with the run) and its responses. Latency is the mean of the run's first latency measurement (or the first whose
 * label contains {@code measurement}), in µs; throughput the first throughput figure. Failed runs, runs without factor
 * levels and runs without either response are left out and listed with the reason.
 */
public final class StoreTables {
    private StoreTables() {
    }

    /**
     * @param declared    the experiment's factors as the model declares them (their level order is kept), or empty to
     *                    take factors and levels from the stored runs
     * @param measurement part of a measurement label that picks the latency measurement, or null for the first
     */
    public static ConfigurationTable read(ResultsStore store, String experiment, List<Factor> declared, String measurement)
            throws ResultsStoreException {
        List<Long> ids = store.runsOfExperiment(experiment);
        if (ids.isEmpty()) {
            Set<String> known = store.experimentNames().keySet();
            throw new ResultsStoreException("no runs of experiment '" + experiment + "' in " + store.file()
                    + (known.isEmpty() ? " (it holds no experiment runs; `bgml experiment run` stores them)" : " (experiments there: " + String.join(", ", known) + ")"));
        }
        List<Observation> rows = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (long id : ids) {
            StoredRun run = store.run(id).orElse(null);
            if (run == null) {
                continue;
            }
            RunRecord r = run.record();
            if (!r.ok()) {
                dropped.add(run.label() + " " + levels(r.factorLevels()) + ": failed: " + r.failure());
                continue;
            }
            if (r.factorLevels().isEmpty()) {
                dropped.add(run.label() + ": no factor levels stored");
                continue;
            }
            double latency = Double.NaN;
            double throughput = Double.NaN;
            for (MeasurementRecord m : r.measurements()) {
                ResultMeasurement f = m.figures();
                if (Double.isNaN(latency) && "latency".equals(f.kind()) && f.mean() != null && f.timed()
                        && (measurement == null || f.label().contains(measurement))) {
                    latency = Units.micros(f.mean(), f.unit());
                }
                if (Double.isNaN(throughput) && f.throughput() != null && (measurement == null || f.label().contains(measurement)
                        || "throughput".equals(f.kind()))) {
                    throughput = f.throughput();
                }
            }
            if (Double.isNaN(latency) && Double.isNaN(throughput)) {
                dropped.add(run.label() + " " + levels(r.factorLevels()) + ": no latency or throughput measured"
                        + (measurement == null ? "" : " matching '" + measurement + "'"));
                continue;
            }
            rows.add(new Observation(r.runId(), r.factorLevels(), latency, throughput));
        }
        return new ConfigurationTable(experiment, factors(declared, rows), rows, dropped);
    }

    /** The declared factors when the runs use exactly their names, else factors and levels as the runs show them. */
    static List<Factor> factors(List<Factor> declared, List<Observation> rows) {
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        for (Observation o : rows) {
            o.levels().forEach((f, l) -> seen.computeIfAbsent(f, k -> new LinkedHashSet<>()).add(l));
        }
        List<Factor> out = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : seen.entrySet()) {
            Factor d = declared.stream().filter(f -> f.name().equals(e.getKey())).findFirst().orElse(null);
            List<String> levels = new ArrayList<>();
            if (d != null) {
                d.levels().stream().filter(e.getValue()::contains).forEach(levels::add);
            }
            e.getValue().stream().filter(l -> !levels.contains(l)).sorted(StoreTables::natural).forEach(levels::add);
            out.add(new Factor(e.getKey(), levels));
        }
        if (!declared.isEmpty()) {
            List<String> order = declared.stream().map(Factor::name).toList();
            out.sort(java.util.Comparator.comparingInt(f -> order.contains(f.name()) ? order.indexOf(f.name()) : Integer.MAX_VALUE));
        }
        return out;
    }

    /** Numbers by value, then text. */
    static int natural(String a, String b) {
        try {
            return Double.compare(Double.parseDouble(a), Double.parseDouble(b));
        } catch (NumberFormatException e) {
            return a.compareTo(b);
        }
    }

    private static String levels(Map<String, String> levels) {
        return levels.isEmpty() ? "" : levels.toString();
    }
}
