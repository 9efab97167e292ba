package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsJson;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.RunSummary;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml results}: the runs in the results store, newest last; with {@code --run ID}, the measurements of one run.
 */
@Command(name = "results", description = "list stored runs (or one run's measurements) from the results store",
        footer = { "  bgml results --last 5", "  bgml results --run RUN_ID --format csv" })
final class ResultsCommand implements Subcommand {
    private static final List<String> FORMATS = List.of("table", "csv", "json");

    @Parameters(hidden = true)
    List<String> unexpected = new ArrayList<>();

    @Option(names = "--model", paramLabel = "FILE", description = "only the runs of this model (file or model name)")
    String modelFilter;

    @Option(names = "--last", paramLabel = "N", description = "only the newest N runs")
    String lastCount;

    @Option(names = "--run", paramLabel = "ID", description = "the measurements of one run (store id, run id or its start)")
    String runRef;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = Formats.class,
            description = "${COMPLETION-CANDIDATES} (default: table)")
    String formatName;

    @Mixin
    Stores stores = new Stores();

    static final class Formats extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        Formats() {
            super(FORMATS);
        }
    }

    @Override
    public String synopsis() {
        return "[--model FILE] [--last N] [--run ID] [--format table|csv|json] [--store PATH]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        ArgumentChecks.none(unexpected);
        String format = formatName == null ? "table" : formatName;
        if (!FORMATS.contains(format)) {
            throw new UsageException("--format must be one of table, csv, json; got '" + format + "'");
        }
        int last = 0;
        if (lastCount != null) {
            try {
                last = Integer.parseInt(lastCount);
            } catch (NumberFormatException e) {
                last = -1;
            }
            if (last <= 0) {
                throw new UsageException("--last needs a positive number, got '" + lastCount + "'");
            }
        }
        String model = modelFilter;
        if (model != null && Files.isRegularFile(in.path(model))) {
            model = in.path(model).toAbsolutePath().normalize().toString();
        }
        try (ResultsStore store = stores.open(in, name(), err)) {
            if (store == null) {
                return Bgml.UNUSABLE;
            }
            if (runRef != null) {
                StoredRun run = Stores.run(store, runRef, name(), err);
                if (run == null) {
                    return Bgml.UNUSABLE;
                }
                printRun(run, format, out);
                return Bgml.OK;
            }
            List<RunSummary> runs = store.runs(model, last);
            printRuns(runs, format, out);
            if (runs.isEmpty() && !format.equals("json")) {
                err.println("no runs" + (modelFilter == null ? "" : " of " + modelFilter) + " in " + store.file());
            }
            return Bgml.OK;
        } catch (ResultsStoreException e) {
            err.println("bgml " + name() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
    }

    private static void printRuns(List<RunSummary> runs, String format, PrintStream out) {
        switch (format) {
        case "json" -> out.println(ResultsJson.runs(runs));
        case "csv" -> {
            out.println(csv("id", "run_id", "started_at", "ended_at", "model_name", "model_path", "target", "deployment", "configuration",
                    "status", "measurements", "failure"));
            for (RunSummary r : runs) {
                out.println(csv(Long.toString(r.id()), r.runId(), r.startedAt(), r.endedAt(), r.modelName(), r.modelPath(), r.target(),
                        r.deployment(), r.configuration(), r.status(), Integer.toString(r.measurements()), r.failure()));
            }
        }
        default -> {
            if (runs.isEmpty()) {
                return;
            }
            TextTable t = new TextTable("ID", "RUN", "STARTED", "MODEL", "TARGET", "DEPLOYMENT", "CONFIGURATION", "STATUS", "MEASUREMENTS",
                    "FAILURE").right(0, 8);
            for (RunSummary r : runs) {
                t.row(Long.toString(r.id()), r.runId(), r.startedAt(), r.modelName(), r.target(), r.deployment(), r.configuration(), r.status(),
                        Integer.toString(r.measurements()), shorten(r.failure(), 70));
            }
            t.print(out);
        }
        }
    }

    private static void printRun(StoredRun run, String format, PrintStream out) {
        if (format.equals("json")) {
            out.println(ResultsJson.run(run));
            return;
        }
        List<MeasurementRecord> ms = run.record().measurements();
        if (format.equals("csv")) {
            out.println(csv("run", "process", "metric", "element", "kind", "operation", "payload_bytes", "segment", "unit", "n", "mean", "stddev",
                    "min", "p50", "p90", "p99", "p999", "max", "throughput", "raw_samples"));
            for (MeasurementRecord r : ms) {
                ResultMeasurement m = r.figures();
                out.println(csv(run.runId(), r.process(), m.metric(), m.element(), m.kind(), m.operation(), s(m.payloadBytes()), m.segment(),
                        m.unit(), Long.toString(m.n()), s(m.mean()), s(m.stddev()), s(m.min()), s(m.p50()), s(m.p90()), s(m.p99()), s(m.p999()),
                        s(m.max()), s(m.throughput()), m.rawSamples()));
            }
            return;
        }
        out.println(run.label() + ": " + run.record().status() + (run.record().failure() == null ? "" : ": " + run.record().failure()));
        if (run.record().clientsDescription() != null) {
            out.println(run.record().clientsDescription());
        }
        run.record().warnings().forEach(w -> out.println("warning: " + w));
        org.bgml.launcher.results.EnvironmentRecord env = run.record().environment();
        if (env != null && env.host() != null && env.host().contains(", ") && env.cpuPlacement() != null) {
            out.println("hosts: " + env.host()); // a run across several hosts: where each process ran
            for (String p : env.cpuPlacement().split("; ")) {
                out.println("  " + p);
            }
        }
        TextTable t = new TextTable("METRIC", "ELEMENT", "KIND", "PAYLOAD", "SEGMENT", "N", "MEAN", "P50", "P99", "THROUGHPUT")
                .right(5, 6, 7, 8, 9);
        for (MeasurementRecord r : ms) {
            ResultMeasurement m = r.figures();
            t.row(m.metric(), elementWithSubstitution(r), m.kind(), m.payloadBytes() == null ? "" : Units.bytes(m.payloadBytes()), m.segment(),
                    Long.toString(m.n()), time(m.mean(), m.unit()), time(m.p50(), m.unit()), time(m.p99(), m.unit()),
                    m.rateText());
        }
        t.print(out);
        printSubstitutions(ms, out);
    }

    /** The element, with the short form of its substitution when it did not run as modelled: "CiaoTao [split (not collocated)]". */
    static String elementWithSubstitution(MeasurementRecord r) {
        return r.substitution() == null ? r.figures().element() : r.figures().element() + " [" + r.substitutionLabel() + "]";
    }

    /** One line per substitution under a table: its full text and the metrics it affects. */
    static void printSubstitutions(List<MeasurementRecord> ms, PrintStream out) {
        java.util.Map<String, java.util.Set<String>> affected = new java.util.LinkedHashMap<>();
        for (MeasurementRecord r : ms) {
            if (r.substitution() != null) {
                affected.computeIfAbsent(r.substitution(), k -> new java.util.LinkedHashSet<>())
                        .add(r.figures().metric() != null ? r.figures().metric() : r.figures().element());
            }
        }
        affected.forEach((text, what) -> out.println("not as modelled: " + String.join(", ", what) + ": " + text));
    }

    static String time(Number v, String unit) {
        if (v == null) {
            return "";
        }
        return Units.isTime(unit) ? Units.number(Units.micros(v.doubleValue(), unit)) + " µs" : Units.number(v.doubleValue()) + " " + Units.symbol(unit);
    }

    private static String s(Object v) {
        return v == null ? "" : v.toString();
    }

    private static String shorten(String s, int max) {
        if (s == null) {
            return "";
        }
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }

    /** One CSV line (RFC 4180): fields with a comma, quote or line break are quoted. */
    static String csv(String... fields) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            String f = fields[i] == null ? "" : fields[i];
            if (f.contains(",") || f.contains("\"") || f.contains("\n") || f.contains("\r")) {
                b.append('"').append(f.replace("\"", "\"\"")).append('"');
            } else {
                b.append(f);
            }
        }
        return b.toString();
    }
}
