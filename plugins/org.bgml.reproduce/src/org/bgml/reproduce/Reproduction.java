package org.bgml.reproduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.bgml.generator.common.InvalidModelException;
import org.bgml.launcher.report.Bimodality;
import org.bgml.launcher.results.EnvironmentRecord;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;
import org.bgml.model.io.ModelLoadException;
import org.bgml.targets.Targets;

import com.google.gson.JsonObject;

/**
 * Runs the reproduction models on one target through the one-click loop (generate, build, run, store, report: the
 * same services {@code bgml run} uses) and judges each of the seven {@link Finding}s by {@link Rules}. A finding the
 * target cannot run, or whose run failed, gets a {@link Verdict.Status#NOT_RUN} verdict that says why.
 */
public final class Reproduction {
    public static final String ACE = "ace";
    public static final String OMNIORB = "omniorb";
    public static final String CIAO = "ciao";

    /** Runs one model's deployment on a target and stores it. A failed benchmark is a stored failed run. */
    public interface Runner {
        StoredRun run(Path model, String target, String deployment, Path outDir) throws IOException, InterruptedException,
                ModelLoadException, InvalidModelException, ResultsStoreException;

        /**
         * Generates and builds the benchmark {@link #run} will run, without running it; may be called for several
         * benchmarks at once. Returns null when it is ready, else why not (the run then fails the same way and is stored
         * failed). The default builds nothing ahead: the run builds.
         */
        default String prepare(Path model, String target, String deployment, Path outDir) throws IOException, InterruptedException,
                ModelLoadException, InvalidModelException {
            return null;
        }
    }

    /** Progress of the reproduction, one line per run. */
    public interface Listener {
        void step(int index, int count, String what);

        /** A benchmark was generated and built ahead of the runs ({@code failure} null), or could not be, in {@code nanos}. */
        default void built(String what, long nanos, String failure) {
        }

        default void ran(String what, StoredRun run) {
        }
    }

    /**
     * @param target  the target the findings run on
     * @param quick   fewer samples, fewer payload sizes and shorter loops (the whole run under 5 minutes on 2 CPUs)
     * @param workDir where the sized model copies and the built benchmarks go (kept, so a second run does not rebuild)
     * @param acrossNodes run only the findings the papers ran across machines (the proxy penalty and the DBA-color
     *                segments), with their processes on separate nodes ({@link ReproductionModels#ACROSS_NODES}); the
     *                runner places the nodes (on a Slurm cluster)
     */
    public record Options(String target, boolean quick, Path workDir, boolean acrossNodes) {
        public Options(String target, boolean quick, Path workDir) {
            this(target, quick, workDir, false);
        }
    }

    /** One finding's outcome on the target: verdict, plot, environment and the runs it read. */
    public record Result(Finding finding, String target, Verdict verdict, JsonObject chart, String environment, List<String> runs) {
    }

    /** Every finding's outcome, in finding order, and what failed on the way. */
    public record Outcome(Options options, List<Result> results, long nanos, List<String> failures) {
        public long count(Verdict.Status status) {
            return results.stream().filter(r -> r.verdict().status() == status).count();
        }
    }

    /** A run of one model: the stored run, or why there is none. */
    record Ran(String what, StoredRun run, String failure) {
        boolean ok() {
            return run != null && run.record().ok();
        }

        String why() {
            if (run == null) {
                return what + " could not run: " + failure;
            }
            return what + " failed (run " + run.runId() + "): " + run.record().failure();
        }
    }

    /** One run of the reproduction: a model, a deployment, a target. */
    record Step(String what, String model, String deployment, String target, boolean acrossNodes) {
        Step(String what, String model, String deployment, String target) {
            this(what, model, deployment, target, false);
        }

        String key() {
            return model.replace(".bgml", "") + "-" + deployment + (acrossNodes ? "-nodes" : "") + "-" + target;
        }
    }

    private final Runner runner;
    private final Listener listener;

    public Reproduction(Runner runner, Listener listener) {
        this.runner = runner;
        this.listener = listener;
    }

    /** The runs the findings need on {@code target}, in order. */
    public static List<String> plan(String target) {
        return plan(target, false);
    }

    /** The runs the findings need on {@code target}, in order; across nodes, only the two the papers ran so. */
    public static List<String> plan(String target, boolean acrossNodes) {
        return steps(target, acrossNodes).stream().map(s -> s.what() + " (" + s.model() + ", " + s.deployment() + ", " + s.target() + ")").toList();
    }

    static List<Step> steps(String target) {
        return steps(target, false);
    }

    static List<Step> steps(String target, boolean acrossNodes) {
        List<Step> steps = new ArrayList<>();
        if (acrossNodes) {
            steps.add(new Step("proxy penalty, across nodes", ReproductionModels.PROXY, "remote", target, true));
            steps.add(new Step("DBA-color, 2 agents, across nodes", ReproductionModels.DBA_COLOR, "remote", target, true));
            return steps;
        }
        steps.add(new Step("payload sweep", ReproductionModels.PAYLOAD_SWEEP, "remote", target));
        steps.add(new Step("round trip, remote", ReproductionModels.ROUNDTRIP, "remote", target));
        steps.add(new Step("round trip, collocated", ReproductionModels.ROUNDTRIP, "collocated", target));
        steps.add(new Step("proxy penalty", ReproductionModels.PROXY, "remote", target));
        steps.add(new Step("DBA-color, 2 agents", ReproductionModels.DBA_COLOR, "remote", target));
        if (!ACE.equals(target) && Targets.isKnown(ACE) && Targets.get(ACE).runsHere()) {
            steps.add(new Step("DBA-color, 2 agents, the ACE baseline", ReproductionModels.DBA_COLOR, "remote", ACE));
        }
        steps.add(new Step("placement", ReproductionModels.PLACEMENT, "remote", target));
        return steps;
    }

    /**
     * How long the run should take, in seconds, before it starts: a build for each benchmark not built before in the
     * work folder ({@link #BUILDS_AT_ONCE} at a time), and each model's measuring time on this kind of machine (2 CPUs).
     */
    public static long expectedSeconds(Options options) {
        long seconds = 0;
        for (Step s : steps(options.target(), options.acrossNodes())) {
            boolean built = Files.isRegularFile(options.workDir().resolve("benchmarks").resolve(s.key()).resolve("manifest.json"));
            // A build alone took about 45 s here under load; built three at a time, each adds about 35 s to the wall time.
            seconds += built ? 3 : 35;
            seconds += s.acrossNodes() ? 8 : 0; // the Slurm job: submission, the nodes' probe, the steps' start
            seconds += switch (s.model()) {
                case ReproductionModels.PAYLOAD_SWEEP -> options.quick() ? 5 : 40;
                case ReproductionModels.ROUNDTRIP -> options.quick() ? 3 : 20;
                case ReproductionModels.PROXY -> options.quick() ? 5 : 10;
                case ReproductionModels.PLACEMENT -> options.quick() ? 4 : 12;
                default -> options.quick() ? 3 : 5;
            };
        }
        return seconds;
    }

    public Outcome run(Options options) throws IOException, ModelLoadException, InterruptedException {
        long t0 = System.nanoTime();
        String target = options.target();
        Path models = options.workDir().resolve(options.quick() ? "models-quick" : "models-full");
        Map<String, Ran> ran = new LinkedHashMap<>();
        List<Step> steps = steps(target, options.acrossNodes());
        List<String> failures = new ArrayList<>();
        Map<Step, Path> files = new LinkedHashMap<>();
        for (Step s : steps) {
            files.put(s, ReproductionModels.write(s.model(), s.deployment(), options.quick(), s.acrossNodes(), models));
        }
        buildAll(steps, files, options.workDir());
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            listener.step(i + 1, steps.size(), s.what() + " on " + s.target());
            Path model = files.get(s);
            Ran r;
            try {
                StoredRun run = runner.run(model, s.target(), s.deployment(), options.workDir().resolve("benchmarks").resolve(s.key()));
                r = new Ran(s.what() + " on " + s.target(), run, null);
                listener.ran(s.what(), run);
            } catch (InvalidModelException e) {
                r = new Ran(s.what() + " on " + s.target(), null, "the model does not generate on " + s.target() + ": " + e.getMessage());
            } catch (IOException | ResultsStoreException | ModelLoadException | RuntimeException e) {
                r = new Ran(s.what() + " on " + s.target(), null, String.valueOf(e.getMessage()));
            }
            if (!r.ok()) {
                failures.add(r.why());
            }
            ran.put(s.key(), r);
        }
        if (options.acrossNodes()) {
            return new Outcome(options, acrossNodes(target, ran), System.nanoTime() - t0, List.copyOf(failures));
        }
        List<Result> results = new ArrayList<>();
        results.add(knee(target, ran.get(key(ReproductionModels.PAYLOAD_SWEEP, "remote", target))));
        Ran remote = ran.get(key(ReproductionModels.ROUNDTRIP, "remote", target));
        Ran collocated = ran.get(key(ReproductionModels.ROUNDTRIP, "collocated", target));
        results.add(collocation(target, remote, collocated));
        results.add(glue(target, collocated));
        results.add(proxy(target, ran.get(key(ReproductionModels.PROXY, "remote", target))));
        Ran dba = ran.get(key(ReproductionModels.DBA_COLOR, "remote", target));
        results.add(segments(target, dba));
        Ran dbaAce = ACE.equals(target) ? null : ran.get(key(ReproductionModels.DBA_COLOR, "remote", ACE));
        results.add(aceVsOrb(target, dbaAce, dba));
        results.add(placement(target, ran.get(key(ReproductionModels.PLACEMENT, "remote", target))));
        return new Outcome(options, List.copyOf(results), System.nanoTime() - t0, List.copyOf(failures));
    }

    /**
     * How many benchmarks are built at the same time before the runs. Each build compiles on 2 cores itself, but leaves
     * them half idle while it precompiles headers and links; three at once keep them busy.
     */
    public static final int BUILDS_AT_ONCE = 3;

    /**
     * Generates and builds every benchmark before the first one measures, {@link #BUILDS_AT_ONCE} at a time, the
     * slowest first ({@link #buildWeight}), so that no compiler runs while a benchmark measures and the builds keep both
     * cores busy between them (a single build leaves one idle while it precompiles headers and links). A build that fails is left to its run, which stores it as failed.
     */
    private void buildAll(List<Step> steps, Map<Step, Path> files, Path workDir) throws InterruptedException {
        List<Step> order = new ArrayList<>(steps);
        order.sort(Comparator.comparingInt((Step s) -> -buildWeight(s)));
        ExecutorService pool = Executors.newFixedThreadPool(BUILDS_AT_ONCE, r -> {
            Thread t = new Thread(r, "bgml-reproduce-build");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> builds = new ArrayList<>();
            for (Step s : order) {
                builds.add(pool.submit(() -> {
                    long t0 = System.nanoTime();
                    String failure;
                    try {
                        failure = runner.prepare(files.get(s), s.target(), s.deployment(), workDir.resolve("benchmarks").resolve(s.key()));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return null;
                    } catch (IOException | ModelLoadException | InvalidModelException | RuntimeException e) {
                        failure = String.valueOf(e.getMessage());
                    }
                    synchronized (listener) {
                        listener.built(s.what() + " on " + s.target(), System.nanoTime() - t0, failure);
                    }
                    return null;
                }));
            }
            for (Future<?> f : builds) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    // each build reports its own failure; its run will meet it again and store it
                }
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    private static String key(String model, String deployment, String target) {
        return new Step("", model, deployment, target).key();
    }

    /**
     * How long a benchmark takes to build, relatively: its shared part plus one unit per process (the proxy penalty has
     * nine, placement six); the ace target compiles ACE's headers into every file. The longest start first, so that the
     * last build does not run alone.
     */
    static int buildWeight(Step s) {
        int processes = switch (s.model()) {
            case ReproductionModels.PROXY -> 9;
            case ReproductionModels.PLACEMENT -> 6;
            case ReproductionModels.ROUNDTRIP -> "collocated".equals(s.deployment()) ? 2 : 4;
            default -> 2;
        };
        return (ACE.equals(s.target()) ? 2 : 1) * (processes + 3);
    }

    /** The findings of a run across nodes: the proxy penalty and the segment sums from their runs, the others not run. */
    private static List<Result> acrossNodes(String target, Map<String, Ran> ran) {
        String why = "runs on one host only: across nodes, bgml reproduce runs the two findings the papers ran with a machine per"
                + " process (4, the proxy penalty, and 5, the DBA-color segments); run it without --engine for this one";
        List<Result> results = new ArrayList<>();
        for (Finding f : Finding.values()) {
            Ran r;
            switch (f) {
                case PROXY -> {
                    r = ran.get(new Step("", ReproductionModels.PROXY, "remote", target, true).key());
                    results.add(r != null ? proxy(target, r) : new Result(f, target, Verdict.notRun("its run across nodes was not made"),
                            null, null, List.of()));
                }
                case SEGMENTS -> results.add(segments(target, ran.get(new Step("", ReproductionModels.DBA_COLOR, "remote", target, true).key())));
                default -> results.add(new Result(f, target, Verdict.notRun(why), null, null, List.of()));
            }
        }
        return List.copyOf(results);
    }

    // --- the findings ---------------------------------------------------------------------------------------------

    static Result knee(String target, Ran r) {
        if (!r.ok()) {
            return notRun(Finding.KNEE, target, r);
        }
        Sweep plain = sweep(r.run(), "TaoTaoSweep");
        Sweep component = sweep(r.run(), "CiaoCiaoSweep");
        if (plain.sizes().length == 0) {
            return new Result(Finding.KNEE, target, Verdict.notRun("the run stored no payload sweep TaoTaoSweep"), null, environment(r.run()),
                    List.of(r.run().runId()));
        }
        Long expected = OMNIORB.equals(target) ? 8192L : null;
        Verdict v = Rules.knee(plain.sizes(), plain.latenciesUs(), expected);
        return new Result(Finding.KNEE, target, v, Charts.sweep(plain, component, v), environment(r.run()), List.of(r.run().runId()));
    }

    /** A payload sweep: sizes ascending, the median latency at each in µs. */
    record Sweep(String name, long[] sizes, double[] latenciesUs) {
    }

    static Sweep sweep(StoredRun run, String metric) {
        List<ResultMeasurement> points = whole(run, metric).stream().filter(m -> m.payloadBytes() != null && m.timed())
                .sorted((a, b) -> Long.compare(a.payloadBytes(), b.payloadBytes())).toList();
        long[] sizes = new long[points.size()];
        double[] lat = new double[points.size()];
        for (int i = 0; i < sizes.length; i++) {
            ResultMeasurement m = points.get(i);
            sizes[i] = m.payloadBytes();
            lat[i] = Units.micros(m.p50() != null ? m.p50() : m.mean(), m.unit());
        }
        return new Sweep(metric, sizes, lat);
    }

    static Result collocation(String target, Ran remote, Ran collocated) {
        if (!remote.ok() || !collocated.ok()) {
            return notRun(Finding.COLLOCATION, target, !remote.ok() ? remote : collocated);
        }
        Double r = throughput(remote.run(), "TaoTaoThroughput");
        Double c = throughput(collocated.run(), "TaoTaoThroughput");
        List<String> runs = List.of(remote.run().runId(), collocated.run().runId());
        if (r == null || c == null) {
            return new Result(Finding.COLLOCATION, target, Verdict.notRun("the runs stored no TaoTaoThroughput calls per second"), null,
                    environment(collocated.run()), runs);
        }
        Verdict v = Rules.collocation(c, r);
        return new Result(Finding.COLLOCATION, target, v, Charts.bars("calls per second, plain client and servant", "calls/s",
                List.of("remote (loopback)", "collocated"), List.of(r, c), true), environment(collocated.run()), runs);
    }

    /** What stands in for the CIAO container on each target. */
    static String glueName(String target) {
        return switch (target) {
            case "ciao" -> "CIAO container";
            case ACE -> "none";
            default -> "component emulation";
        };
    }

    static Result glue(String target, Ran collocated) {
        if (ACE.equals(target)) {
            return new Result(Finding.GLUE, target, Verdict.notRun("ACE has no container: the ace target generates a component as a plain"
                    + " servant, so there is no glue hop to set against one (run on omniorb for component emulation, ciao for CIAO)"),
                    null, null, List.of());
        }
        if (!collocated.ok()) {
            return notRun(Finding.GLUE, target, collocated);
        }
        Double plain = throughput(collocated.run(), "TaoTaoThroughput");
        Double component = throughput(collocated.run(), "CiaoCiaoThroughput");
        if (plain == null || component == null) {
            return new Result(Finding.GLUE, target, Verdict.notRun("the run stored no collocated TaoTao and CiaoCiao calls per second"),
                    null, environment(collocated.run()), List.of(collocated.run().runId()));
        }
        String name = glueName(target);
        Verdict v = Rules.glue(component, plain, name);
        String stand = "ciao".equals(target) ? "CIAO's container" : name + " (a glue servant delegating to an executor, standing in for CIAO's container)";
        return new Result(Finding.GLUE, target, new Verdict(v.status(), v.figure(), v.ratio(), v.reason() + "; the glue here is " + stand),
                Charts.bars("collocated calls per second", "calls/s", List.of("plain servant (TAO-TAO)", name + " (CIAO-CIAO)"),
                        List.of(plain, component)), environment(collocated.run()), List.of(collocated.run().runId()));
    }

    static Result proxy(String target, Ran r) {
        if (!r.ok()) {
            return notRun(Finding.PROXY, target, r);
        }
        Double direct = throughput(r.run(), "DirectCallsPerSecond");
        List<Double> proxied = new ArrayList<>();
        List<ResultMeasurement> loops = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            whole(r.run(), "ProxyCallsPerSecond" + i).stream().filter(m -> m.throughput() != null).findFirst().ifPresent(m -> {
                proxied.add(m.throughput());
                loops.add(m);
            });
        }
        if (direct == null || proxied.size() != 3) {
            return new Result(Finding.PROXY, target, Verdict.notRun("the run stored " + proxied.size() + " of 3 proxied clients' calls per second"
                    + (direct == null ? " and no direct pair's" : "")), null, environment(r.run()), List.of(r.run().runId()));
        }
        Verdict v = Rules.proxy(proxied, direct);
        String overlap = overlap(loops).map(o -> "; the three proxied loops overlapped " + Math.round(100 * o) + "% of the longest").orElse("");
        List<String> names = List.of("direct pair", "client 1 via proxy", "client 2 via proxy", "client 3 via proxy");
        List<Double> values = List.of(direct, proxied.get(0), proxied.get(1), proxied.get(2));
        return new Result(Finding.PROXY, target, new Verdict(v.status(), v.figure() + overlap, v.ratio(), v.reason()),
                Charts.bars("calls per second per client", "calls/s", names, values), environment(r.run()), List.of(r.run().runId()));
    }

    /** The share of the longest measuring window that every loop had in common, when all have windows. */
    static Optional<Double> overlap(List<ResultMeasurement> loops) {
        if (loops.isEmpty() || !loops.stream().allMatch(ResultMeasurement::hasWindow)) {
            return Optional.empty();
        }
        long begin = loops.stream().mapToLong(ResultMeasurement::windowBeginNs).max().orElseThrow();
        long end = loops.stream().mapToLong(ResultMeasurement::windowEndNs).min().orElseThrow();
        long longest = loops.stream().mapToLong(m -> m.windowEndNs() - m.windowBeginNs()).max().orElseThrow();
        return Optional.of(longest <= 0 ? 0.0 : Math.max(0, end - begin) / (double) longest);
    }

    static Result segments(String target, Ran r) {
        if (!r.ok()) {
            return notRun(Finding.SEGMENTS, target, r);
        }
        List<Rules.Cycle> cycles = cycles(r.run());
        Verdict v = Rules.segments(cycles);
        return new Result(Finding.SEGMENTS, target, v, cycles.isEmpty() ? null : Charts.segments(r.run(), cycles), environment(r.run()),
                List.of(r.run().runId()));
    }

    /** Every whole-cycle measurement that has segments, with the sum of its segments' means (µs). */
    static List<Rules.Cycle> cycles(StoredRun run) {
        List<Rules.Cycle> out = new ArrayList<>();
        List<MeasurementRecord> all = run.record().measurements();
        for (MeasurementRecord c : all) {
            ResultMeasurement cm = c.figures();
            if (cm.segment() != null || cm.mean() == null || !cm.timed()) {
                continue;
            }
            double sum = 0;
            int n = 0;
            for (MeasurementRecord s : all) {
                ResultMeasurement sm = s.figures();
                if (sm.segment() != null && sm.mean() != null && sameCycle(c, s)) {
                    sum += Units.micros(sm.mean(), sm.unit());
                    n++;
                }
            }
            if (n > 0) {
                out.add(new Rules.Cycle(cm.metric() + " at " + cm.element(), Units.micros(cm.mean(), cm.unit()), sum, n));
            }
        }
        return out;
    }

    static boolean sameCycle(MeasurementRecord cycle, MeasurementRecord segment) {
        ResultMeasurement c = cycle.figures();
        ResultMeasurement s = segment.figures();
        return java.util.Objects.equals(cycle.process(), segment.process()) && java.util.Objects.equals(c.metric(), s.metric())
                && java.util.Objects.equals(c.element(), s.element()) && java.util.Objects.equals(c.operation(), s.operation())
                && java.util.Objects.equals(c.payloadBytes(), s.payloadBytes());
    }

    /** The connection whose cycle both targets measure: the second agent's messages to the first, as the mesh pattern names it. */
    static final String DBA_LINK = ReproductionModels.DBA_LINK;

    static Result aceVsOrb(String target, Ran ace, Ran orb) {
        if (ACE.equals(target)) {
            return new Result(Finding.ACE_VS_ORB, target, Verdict.notRun("needs an ORB to set the ACE cycle against: on the ace target"
                    + " alone there is one side only (bgml reproduce --target omniorb runs both)"), null, null, List.of());
        }
        if (ace == null) {
            return new Result(Finding.ACE_VS_ORB, target, Verdict.notRun("the ace target does not run here (Debian's libace-dev is missing)"),
                    null, null, List.of());
        }
        if (!ace.ok() || !orb.ok()) {
            return notRun(Finding.ACE_VS_ORB, target, !ace.ok() ? ace : orb);
        }
        Optional<Rules.CycleTiming> o = cycleTiming(orb.run(), true);
        // the ACE cycle timed on the side the ORB timed it, where ACE has one there (like with like)
        Optional<Rules.CycleTiming> a = cycleTiming(ace.run(), o.map(Rules.CycleTiming::atSender).orElse(true));
        List<String> runs = List.of(ace.run().runId(), orb.run().runId());
        if (a.isEmpty() || o.isEmpty()) {
            return new Result(Finding.ACE_VS_ORB, target, Verdict.notRun("a run stored no value and improvement cycle at " + DBA_LINK), null,
                    environment(orb.run()), runs);
        }
        Verdict v = Rules.aceVsOrb(a.get(), o.get(), target);
        return new Result(Finding.ACE_VS_ORB, target, v, Charts.bars("value + improvement cycle (median): ACE "
                + side(a.get()) + ", " + target + " " + side(o.get()), "µs", List.of("ACE", target), List.of(a.get().medianUs(),
                        o.get().medianUs())), environment(orb.run()), runs);
    }

    private static String side(Rules.CycleTiming t) {
        return "at the " + (t.atSender() ? "sender" : "receiver");
    }

    /**
     * How a run timed the DBA-color cycle of {@link #DBA_LINK}: the median value cycle plus the median improvement cycle
     * (µs; the seed gives mean and median, and the median does not move with the tail a busy machine adds), the process
     * that recorded them and its segments. A target may record the cycle on both sides (ACE: the sender's call, and at the
     * receiver the whole oneway cycle from the sender's stub to the end of the upcall); the side {@code senderFirst} names
     * is taken then (the sender's, as seed 004 timed it, or the receiver's, where the ORB timed it). Empty when a cycle
     * is missing.
     */
    static Optional<Rules.CycleTiming> cycleTiming(StoredRun run, boolean senderFirst) {
        String sender = sendingProcess(run);
        List<MeasurementRecord> value = cycleRecords(run, ReproductionModels.DBA_VALUE_CYCLE);
        List<MeasurementRecord> improvement = cycleRecords(run, ReproductionModels.DBA_IMPROVEMENT_CYCLE);
        for (boolean atSender : List.of(senderFirst, !senderFirst)) {
            for (MeasurementRecord v : value) {
                if (atSender != sameProcess(sender, v.process())) {
                    continue;
                }
                // both halves from the one process (ACE's receiver records the value half only)
                Optional<MeasurementRecord> i = improvement.stream().filter(r -> java.util.Objects.equals(v.process(), r.process())).findFirst();
                if (i.isPresent()) {
                    List<String> segments = new ArrayList<>();
                    for (MeasurementRecord s : run.record().measurements()) {
                        if (s.figures().segment() != null && sameCycle(v, s)) {
                            segments.add(s.figures().segment());
                        }
                    }
                    return Optional.of(new Rules.CycleTiming(median(v.figures()) + median(i.get().figures()), v.process(), atSender, segments));
                }
            }
        }
        return Optional.empty();
    }

    /** Whether a measurement's process (its path, {@code deployment/node/process}, or its name) is {@code sender}'s. */
    private static boolean sameProcess(String sender, String recorded) {
        if (sender == null || recorded == null) {
            return false;
        }
        String name = sender.substring(sender.lastIndexOf('/') + 1);
        return recorded.equals(sender) || recorded.equals(name) || recorded.endsWith("/" + name) && sender.equals(name);
    }

    /** The whole-cycle measurements of {@code metric} at {@link #DBA_LINK}, one per process that recorded one. */
    private static List<MeasurementRecord> cycleRecords(StoredRun run, String metric) {
        return run.record().measurements().stream()
                .filter(r -> r.figures().segment() == null && r.figures().mean() != null && DBA_LINK.equals(r.figures().element())
                        && r.figures().metric() != null && (r.figures().metric().equals(metric) || r.figures().metric().endsWith("/" + metric)))
                .toList();
    }

    /**
     * The process that sends on {@link #DBA_LINK} in the run's model and deployment, as its path
     * ({@code deployment/node/process}): the one holding the link's source entity; null when the model cannot be read or
     * does not say.
     */
    static String sendingProcess(StoredRun run) {
        String path = run.record().modelPath();
        if (path == null || !Files.isRegularFile(Path.of(path))) {
            return null;
        }
        try {
            org.bgml.model.BenchmarkModel model = org.bgml.model.io.ModelFiles.loadModel(Path.of(path));
            org.bgml.model.Connection link = model.getConnections().stream().filter(c -> DBA_LINK.equals(c.getName())).findFirst().orElse(null);
            if (link == null || link.getSource() == null || !(link.getSource().eContainer() instanceof org.bgml.model.Entity from)) {
                return null;
            }
            for (org.bgml.model.Deployment d : model.getDeployments()) {
                if (run.record().deployment() != null && !run.record().deployment().equals(d.getName())) {
                    continue;
                }
                for (org.bgml.model.Node n : d.getNodes()) {
                    for (org.bgml.model.Process p : n.getProcesses()) {
                        if (p.getEntities().contains(from)) {
                            return org.bgml.model.io.ElementPaths.pathOf(p); // deployment/node/process, as runs record it
                        }
                    }
                }
            }
            return null;
        } catch (ModelLoadException e) {
            return null;
        }
    }

    static Result placement(String target, Ran r) {
        if (!r.ok()) {
            return notRun(Finding.PLACEMENT, target, r);
        }
        Optional<ResultMeasurement> same = latency(r.run(), "SameCpuLatency");
        Optional<ResultMeasurement> cross = latency(r.run(), "CrossCpuLatency");
        Optional<ResultMeasurement> loose = latency(r.run(), "UnpinnedLatency");
        if (same.isEmpty() || cross.isEmpty() || loose.isEmpty()) {
            return new Result(Finding.PLACEMENT, target, Verdict.notRun("the run stored no latency for all three placements"), null,
                    environment(r.run()), List.of(r.run().runId()));
        }
        ResultMeasurement u = loose.get();
        Optional<Bimodality.Result> modes = Bimodality.test(u.histogram()).map(b -> new Bimodality.Result(Units.micros(b.lowMode(), u.unit()),
                b.lowShare(), Units.micros(b.highMode(), u.unit()), b.highShare(), Units.micros(b.valley(), u.unit())));
        Verdict v = Rules.placement(median(same.get()), median(cross.get()), median(u), modes);
        return new Result(Finding.PLACEMENT, target, v, Charts.histograms(List.of("same CPU", "different CPUs", "unpinned"),
                List.of(same.get(), cross.get(), u)), environment(r.run()), List.of(r.run().runId()));
    }

    /** The median in µs (the mean where no median was stored): robust against the tail of a busy machine. */
    private static double median(ResultMeasurement m) {
        return Units.micros(m.p50() != null ? m.p50() : m.mean(), m.unit());
    }

    // --- reading stored runs ----------------------------------------------------------------------------------------

    /** The measurements of {@code metric} that are not white-box segments. */
    static List<ResultMeasurement> whole(StoredRun run, String metric) {
        return run.record().measurements().stream().map(MeasurementRecord::figures)
                .filter(m -> m.segment() == null && m.metric() != null && (m.metric().equals(metric) || m.metric().endsWith("/" + metric)))
                .toList();
    }

    static Double throughput(StoredRun run, String metric) {
        return whole(run, metric).stream().map(ResultMeasurement::throughput).filter(t -> t != null).findFirst().orElse(null);
    }

    static Optional<ResultMeasurement> latency(StoredRun run, String metric) {
        return whole(run, metric).stream().filter(m -> m.timed() && m.mean() != null).findFirst();
    }

    static Result notRun(Finding f, String target, Ran r) {
        return new Result(f, target, Verdict.notRun(r.why()), null, r.run() == null ? null : environment(r.run()),
                r.run() == null ? List.of() : List.of(r.run().runId()));
    }

    /** Where a run ran, in one line. */
    static String environment(StoredRun run) {
        EnvironmentRecord e = run.record().environment();
        List<String> parts = new ArrayList<>();
        parts.add("target " + run.record().target());
        add(parts, "host", e.host());
        add(parts, "CPU", e.cpuModel());
        parts.add(Runtime.getRuntime().availableProcessors() + " CPUs online");
        add(parts, "kernel", e.kernel());
        add(parts, "compiler", e.compiler());
        add(parts, "middleware", e.middlewareVersions());
        add(parts, "placement", e.cpuPlacement());
        parts.add("run " + run.runId());
        return String.join("; ", parts);
    }

    private static void add(List<String> parts, String name, String value) {
        if (value != null && !value.isBlank()) {
            parts.add(name + " " + value);
        }
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.0f s", nanos / 1e9);
    }
}
