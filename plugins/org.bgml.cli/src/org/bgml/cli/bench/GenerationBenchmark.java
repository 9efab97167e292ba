package org.bgml.cli.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.bgml.targets.GenerationService;
import org.bgml.targets.Targets;
import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.synthetic.SyntheticModels;
import org.bgml.model.synthetic.SyntheticModels.Variant;

/**
 * Generation speed per target on a synthetic model: wall time of a whole generation into an empty folder
 * (validation, planning, templates, writes), files/s and bytes/s, against the time it takes just to write the
 * same bytes to disk, the two alternating round by round (and which of them goes first). Beside the wall times it
 * gives the CPU time of the thread that did each (user and system, so the kernel's file work counts on both sides;
 * the collector's and the compiler's threads are not counted): on a loaded machine the wall time mostly measures the
 * wait for a CPU, and the CPU ratio stays what the code costs. A third run per round generates into memory
 * ({@link MemoryOutput}): its CPU time, and that per MB of output, is the floor the generators themselves cost,
 * whatever the disk (as on a tmpfs, where writes cost almost nothing). A target that refuses the model
 * gets the first {@link Variant} of it that it generates, and the row names it. Prints numbers; asserts nothing.
 */
public final class GenerationBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * @param targets the targets to measure, every registered one when empty
     * @param out     the folder the rounds write into, null for {@code work}; where given, the last round's tree of
     *                each target stays there as {@code out/<target>}
     */
    public record Options(int components, int repeat, int warmup, List<String> targets, Path out) {
        public Options(int components, int repeat, int warmup) {
            this(components, repeat, warmup, List.of(), null);
        }
    }

    /** One target's figures; {@code refused} is set instead when the target cannot generate the model. */
    public record Row(String target, Variant variant, int files, long bytes, long medianNanos, long minNanos,
            long rawWriteNanos, long cpuNanos, long rawCpuNanos, long memoryCpuNanos, String refused) {
    }

    private GenerationBenchmark() {
    }

    public static List<Row> run(Options options, Path work) throws IOException {
        List<Row> rows = new ArrayList<>();
        int folder = 0;
        Path into = options.out() == null ? work : options.out();
        List<TargetDescriptor> targets = options.targets().isEmpty() ? Targets.all()
                : options.targets().stream().map(Targets::get).toList();
        for (TargetDescriptor target : targets) {
            GenerationService.Request request = null;
            Variant variant = null;
            MemoryOutput memory = null;
            String refused = null;
            for (Variant v : Variant.values()) {
                BenchmarkModel model = SyntheticModels.components(options.components(), v);
                GenerationService.Request r = new GenerationService.Request(model, target.id(), null, null);
                MemoryOutput m = new MemoryOutput();
                try {
                    new GenerationService().generate(r, m);
                    request = r;
                    variant = v;
                    memory = m;
                    break;
                } catch (Exception e) {
                    refused = refused == null ? e.getMessage() : refused;
                }
            }
            if (request == null) {
                rows.add(new Row(target.id(), null, 0, 0, 0, 0, 0, 0, 0, 0, refused));
                continue;
            }
            long[] times = new long[options.repeat()];
            long[] raw = new long[options.repeat()];
            long[] cpu = new long[options.repeat()];
            long[] rawCpu = new long[options.repeat()];
            long[] memoryCpu = new long[options.repeat()];
            Map<String, byte[]> files = memory.files();
            GenerationService.Request generation = request;
            for (int i = -options.warmup(); i < options.repeat(); i++) {
                Path out = into.resolve("gen-" + folder++);
                Path copy = into.resolve("raw-" + folder++);
                // The two alternate which goes first, so that the kernel's write-back of the round before lands on
                // each side as often.
                boolean rawFirst = (i & 1) != 0;
                long[] rawTimes = rawFirst ? timed(() -> writeAll(copy, files)) : null;
                long[] genTimes = timed(() -> generate(generation, new DirectoryOutput(out), target));
                if (!rawFirst) {
                    rawTimes = timed(() -> writeAll(copy, files));
                }
                long[] memoryTimes = timed(() -> generate(generation, new MemoryOutput(), target));
                if (i >= 0) {
                    times[i] = genTimes[0];
                    cpu[i] = genTimes[1];
                    raw[i] = rawTimes[0];
                    rawCpu[i] = rawTimes[1];
                    memoryCpu[i] = memoryTimes[1];
                }
                delete(copy);
                if (options.out() != null && i == options.repeat() - 1) {
                    Path kept = into.resolve(target.id());
                    delete(kept);
                    Files.move(out, kept);
                } else {
                    delete(out);
                }
            }
            long bytes = memory.files().values().stream().mapToLong(b -> b.length).sum();
            rows.add(new Row(target.id(), variant, memory.files().size(), bytes, median(times),
                    Arrays.stream(times).min().orElse(0), median(raw), median(cpu), median(rawCpu), median(memoryCpu), null));
        }
        return rows;
    }

    public static void print(Options options, List<Row> rows, PrintStream out) {
        out.printf(Locale.ROOT, "generation of a synthetic model with %d components (%d ports, %d connections), median of %d after %d warm-up%n",
                options.components(), SyntheticModels.ports(options.components()), SyntheticModels.connections(options.components()),
                options.repeat(), options.warmup());
        out.printf(Locale.ROOT, "%-8s %7s %10s %10s %9s %9s %9s %11s %7s %10s %10s %7s %10s %9s%n", "target", "files", "bytes", "gen ms",
                "min ms", "files/s", "MB/s", "raw write", "ratio", "gen cpu", "raw cpu", "ratio",
                "mem cpu", "cpu/MB");
        for (Row r : rows) {
            if (r.refused() != null) {
                out.printf(Locale.ROOT, "%-8s refused: %s%n", r.target(), r.refused());
                continue;
            }
            double seconds = r.medianNanos() / 1e9;
            out.printf(Locale.ROOT, "%-8s %7d %10d %10.1f %9.1f %9.0f %9.2f %8.1f ms %6.2fx %7.1f ms %7.1f ms %6.2fx %7.1f ms %6.1f ms%n", r.target(),
                    r.files(), r.bytes(), r.medianNanos() / 1e6, r.minNanos() / 1e6, r.files() / seconds,
                    r.bytes() / seconds / 1e6, r.rawWriteNanos() / 1e6, (double) r.medianNanos() / Math.max(1, r.rawWriteNanos()),
                    r.cpuNanos() / 1e6, r.rawCpuNanos() / 1e6, (double) r.cpuNanos() / Math.max(1, r.rawCpuNanos()),
                    r.memoryCpuNanos() / 1e6, r.memoryCpuNanos() / 1e6 / Math.max(1e-6, r.bytes() / 1e6));
        }
        for (Row r : rows) {
            if (r.refused() == null && r.variant() != Variant.FULL) {
                out.printf(Locale.ROOT, "%s refuses the model as described: its row is of the variant with %s (%d ports, %d connections)%n",
                        r.target(), r.variant().description(), SyntheticModels.ports(options.components(), r.variant()),
                        SyntheticModels.connections(options.components(), r.variant()));
            }
        }
    }

    /** One whole generation of the request into {@code out}. */
    private static void generate(GenerationService.Request request, GeneratorOutput out, TargetDescriptor target) throws IOException {
        try {
            new GenerationService().generate(request, out);
        } catch (Exception e) {
            throw new IOException(target.id() + ": " + e.getMessage(), e);
        }
    }

    private interface Work {
        void run() throws IOException;
    }

    /** Wall time and the calling thread's CPU time of one side. */
    private static long[] timed(Work work) throws IOException {
        long c0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        work.run();
        long t1 = System.nanoTime();
        long c1 = THREADS.getCurrentThreadCpuTime();
        return new long[] {t1 - t0, c1 - c0};
    }

    /** Writes every file, making each folder once, as the generators' output does (not a lookup per file). */
    private static void writeAll(Path root, Map<String, byte[]> files) throws IOException {
        Set<Path> folders = new HashSet<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path file = root.resolve(f.getKey());
            if (folders.add(file.getParent())) {
                Files.createDirectories(file.getParent());
            }
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
