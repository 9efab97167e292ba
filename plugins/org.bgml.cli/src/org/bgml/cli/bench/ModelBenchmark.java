package org.bgml.cli.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Entity;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.eclipse.emf.ecore.resource.Resource;
import org.bgml.model.synthetic.SyntheticModels;

/**
 * Measures how long BGML takes to load, validate and save a large model, and how much heap that needs.
 * Plain wall-clock timing with {@link System#nanoTime()}: the model is built and saved once, then each
 * repetition loads it into a fresh resource set, validates it with every rule and saves it atomically to a
 * second file. Warm-up repetitions run the same steps untimed. The heap is measured after a forced GC with the
 * loaded model alive (and with further copies loaded, which gives the model's own share), and as the sum of the
 * heap pools' peaks over the timed repetitions (an upper bound of the peak).
 */
public final class ModelBenchmark {
    /** What to run: the model size, the timed repetitions and the untimed warm-ups before them. */
    public record Options(int components, int repetitions, int warmups) {
    }

    /** One phase's times in nanoseconds, one per timed repetition. */
    public record Phase(String name, long[] nanos) {
        public double medianMillis() {
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            int mid = sorted.length / 2;
            double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
            return median / 1e6;
        }

        public double minMillis() {
            return Arrays.stream(nanos).min().orElse(0) / 1e6;
        }

        public double maxMillis() {
            return Arrays.stream(nanos).max().orElse(0) / 1e6;
        }
    }

    /** Everything {@link #print} shows. Heap figures are bytes. */
    public record Result(Options options, int entities, int ports, int connections, int metrics, long fileBytes,
            long buildNanos, long errors, long warnings, List<Phase> phases, long liveHeapAfterLoad, long modelHeap,
            long peakHeap) {
    }

    private ModelBenchmark() {
    }

    /** Builds the synthetic model, writes it under {@code workDir}, and measures. */
    public static Result run(Options options, Path workDir) throws IOException, ModelLoadException {
        long start = System.nanoTime();
        BenchmarkModel built = SyntheticModels.components(options.components());
        long buildNanos = System.nanoTime() - start;
        Path file = workDir.resolve("synthetic.bgml");
        Path copy = workDir.resolve("synthetic-saved.bgml");
        Resource resource = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file));
        resource.getContents().add(built);
        ModelFiles.save(resource, file);
        long fileSize = Files.size(file);
        int entities = built.getEntities().size();
        int ports = built.getEntities().stream().mapToInt((Entity e) -> e.getPorts().size()).sum();
        int connections = built.getConnections().size();
        int metrics = built.getMetrics().size();
        resource.unload();
        built = null;

        ModelValidator validator = new ModelValidator();
        int runs = options.warmups() + options.repetitions();
        long[] load = new long[options.repetitions()];
        long[] validate = new long[options.repetitions()];
        long[] save = new long[options.repetitions()];
        long errors = 0;
        long warnings = 0;
        long liveAfterLoad = 0;
        long modelHeap = 0;
        BenchmarkModel model = null;
        List<ModelDiagnostic> diagnostics = null;
        for (int run = 0; run < runs; run++) {
            int timed = run - options.warmups();
            if (timed == 0) {
                resetPeaks();
            }
            long t0 = System.nanoTime();
            model = ModelFiles.loadModel(file);
            long t1 = System.nanoTime();
            diagnostics = validator.validate(model);
            long t2 = System.nanoTime();
            ModelFiles.save(model.eResource(), copy);
            long t3 = System.nanoTime();
            if (timed >= 0) {
                load[timed] = t1 - t0;
                validate[timed] = t2 - t1;
                save[timed] = t3 - t2;
            }
            if (timed == 0) {
                errors = diagnostics.stream().filter(d -> d.severity() == Severity.ERROR).count();
                warnings = diagnostics.stream().filter(d -> d.severity() == Severity.WARNING).count();
                diagnostics = null;
                liveAfterLoad = usedHeapAfterGc();
                modelHeap = heapPerCopy(file);
            }
            // Drop every reference to this run's model, so the next run's baseline does not hold it.
            model.eResource().getResourceSet().getResources().clear();
            model = null;
            diagnostics = null;
        }
        long peak = peakHeap();
        Files.deleteIfExists(copy);
        Files.deleteIfExists(file);
        return new Result(options, entities, ports, connections, metrics, fileSize, buildNanos,
                errors, warnings, List.of(new Phase("load", load), new Phase("validate", validate), new Phase("save", save)),
                liveAfterLoad, modelHeap, peak);
    }

    public static void print(Result r, PrintStream out) {
        Options o = r.options();
        out.printf(Locale.ROOT, "bgml benchmark model: %,d components, %,d ports, %,d connections, %,d metrics%n",
                r.entities(), r.ports(), r.connections(), r.metrics());
        out.printf(Locale.ROOT, "%-12s %,d bytes (%.1f MB), built in %.0f ms%n", "model file", r.fileBytes(),
                r.fileBytes() / 1e6, r.buildNanos() / 1e6);
        out.printf(Locale.ROOT, "%-12s %d error%s, %d warning%s%n", "validation", r.errors(), r.errors() == 1 ? "" : "s",
                r.warnings(), r.warnings() == 1 ? "" : "s");
        out.printf(Locale.ROOT, "%-12s %d repetition%s after %d warm-up%s; save is atomic (temporary file, fsync, rename)%n",
                "timing", o.repetitions(), o.repetitions() == 1 ? "" : "s", o.warmups(), o.warmups() == 1 ? "" : "s");
        out.println();
        out.printf(Locale.ROOT, "%-12s %10s %10s %10s%n", "phase (ms)", "median", "min", "max");
        for (Phase p : r.phases()) {
            out.printf(Locale.ROOT, "%-12s %10.1f %10.1f %10.1f%n", p.name(), p.medianMillis(), p.minMillis(), p.maxMillis());
        }
        out.println();
        out.printf(Locale.ROOT, "%-12s %.1f MB live after load (the model itself %.1f MB); peak %.1f MB (sum of pool peaks); max %.0f MB%n",
                "heap", mb(r.liveHeapAfterLoad()), mb(r.modelHeap()), mb(r.peakHeap()),
                mb(Runtime.getRuntime().maxMemory()));
        out.printf(Locale.ROOT, "%-12s %s %s, %d CPUs%n", "java", System.getProperty("java.version"),
                System.getProperty("java.vm.name"), Runtime.getRuntime().availableProcessors());
    }

    /**
     * The heap one more loaded copy of the model takes: loads copies next to each other and divides the growth.
     * The first extra copy is left out, so what loading keeps alive besides the model (parser pools, caches)
     * does not count.
     */
    private static long heapPerCopy(Path file) throws ModelLoadException {
        List<BenchmarkModel> copies = new ArrayList<>();
        copies.add(ModelFiles.loadModel(file));
        long one = usedHeapAfterGc();
        copies.add(ModelFiles.loadModel(file));
        copies.add(ModelFiles.loadModel(file));
        long three = usedHeapAfterGc();
        long perCopy = Math.max(0, (three - one) / 2);
        copies.forEach(m -> m.eResource().getResourceSet().getResources().clear());
        return perCopy;
    }

    private static double mb(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
