package org.bgml.cli.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.targets.GenerationService;
import org.bgml.targets.Targets;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.synthetic.SyntheticModels;

/**
 * Generation speed per target on a synthetic model: wall time of a whole generation into an empty folder
 * (validation, planning, templates, writes), files/s and bytes/s, against the time it takes just to write the
 * same bytes to disk. Prints numbers; asserts nothing.
 */
public final class GenerationBenchmark {

    public record Options(int components, int repeat, int warmup) {
    }

    /** One target's figures; {@code refused} is set instead when the target cannot generate the model. */
    public record Row(String target, int files, long bytes, long medianNanos, long minNanos, long rawWriteNanos, String refused) {
    }

    private GenerationBenchmark() {
    }

    public static List<Row> run(Options options, Path work) throws IOException {
        BenchmarkModel model = SyntheticModels.components(options.components());
        List<Row> rows = new ArrayList<>();
        int folder = 0;
        for (TargetDescriptor target : Targets.all()) {
            GenerationService.Request request = new GenerationService.Request(model, target.id(), null, null);
            MemoryOutput memory = new MemoryOutput();
            try {
                new GenerationService().generate(request, memory);
            } catch (Exception e) {
                rows.add(new Row(target.id(), 0, 0, 0, 0, 0, e.getMessage()));
                continue;
            }
            long[] times = new long[options.repeat()];
            long[] raw = new long[options.repeat()];
            for (int i = -options.warmup(); i < options.repeat(); i++) {
                Path out = work.resolve("gen-" + folder++);
                long t0 = System.nanoTime();
                try {
                    new GenerationService().generate(request, out);
                } catch (Exception e) {
                    throw new IOException(target.id() + ": " + e.getMessage(), e);
                }
                long t1 = System.nanoTime();
                Path copy = work.resolve("raw-" + folder++);
                long t2 = System.nanoTime();
                writeAll(copy, memory.files());
                long t3 = System.nanoTime();
                if (i >= 0) {
                    times[i] = t1 - t0;
                    raw[i] = t3 - t2;
                }
                delete(out);
                delete(copy);
            }
            long bytes = memory.files().values().stream().mapToLong(b -> b.length).sum();
            rows.add(new Row(target.id(), memory.files().size(), bytes, median(times), Arrays.stream(times).min().orElse(0),
                    median(raw), null));
        }
        return rows;
    }

    public static void print(Options options, List<Row> rows, PrintStream out) {
        out.printf(Locale.ROOT, "generation of a synthetic model with %d components (%d ports, %d connections), median of %d after %d warm-up%n",
                options.components(), SyntheticModels.ports(options.components()), SyntheticModels.connections(options.components()),
                options.repeat(), options.warmup());
        out.printf(Locale.ROOT, "%-8s %7s %10s %10s %9s %9s %9s %11s %7s%n", "target", "files", "bytes", "gen ms", "min ms",
                "files/s", "MB/s", "raw write", "ratio");
        for (Row r : rows) {
            if (r.refused() != null) {
                out.printf(Locale.ROOT, "%-8s refused: %s%n", r.target(), r.refused());
                continue;
            }
            double seconds = r.medianNanos() / 1e9;
            out.printf(Locale.ROOT, "%-8s %7d %10d %10.1f %9.1f %9.0f %9.2f %8.1f ms %6.2fx%n", r.target(), r.files(), r.bytes(),
                    r.medianNanos() / 1e6, r.minNanos() / 1e6, r.files() / seconds, r.bytes() / seconds / 1e6,
                    r.rawWriteNanos() / 1e6, (double) r.medianNanos() / Math.max(1, r.rawWriteNanos()));
        }
    }

    private static void writeAll(Path root, Map<String, byte[]> files) throws IOException {
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path file = root.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, f.getValue());
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length == 0 ? 0 : sorted[sorted.length / 2];
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
