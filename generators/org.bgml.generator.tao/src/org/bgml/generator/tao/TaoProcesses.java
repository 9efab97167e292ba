package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ManifestPlacement;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Process;
import org.bgml.model.Receptacle;
import org.bgml.model.io.ElementPaths;

/**
 * How each process of a plan lives: whether it runs the ORB until it is stopped, whether it drives metric
 * loops, which of its IOR files others wait for, and its time limits. The mains, the manifest and run_test.pl
 * all read these, so they agree.
 */
public class TaoProcesses {
    /** Readiness limit for a process's IOR files. */
    public static final int READY_TIMEOUT_SECONDS = 30;
    /** Base run limit; each timed or warm-up call adds {@link #MICROS_PER_CALL}. */
    public static final int BASE_TIMEOUT_SECONDS = 120;
    public static final int MICROS_PER_CALL = 50;

    private final BenchmarkPlan plan;
    private final TaoEvents events;
    /** The event chains of the benchmark (actions, timers, paths); none when null. */
    private final TaoChains chains;
    /** The white-box probes of functional-path metrics. */
    private final TaoProbes probes;
    /** The run limit of servers, computed on first use (it sums over every process). */
    private Integer serverTimeoutSeconds;
    /** The calls of every driver together, computed on first use. */
    private Long callsOfAllDrivers;
    /** The receptacles some servant forwards through, collected on first use. */
    private Set<Receptacle> forwardedThrough;

    public TaoProcesses(BenchmarkPlan plan, TaoNaming naming) {
        this(plan, naming, null);
    }

    /** With event chains: {@code plan} is the plan of the metric loops ({@link TaoChains#loopPlan}). */
    public TaoProcesses(BenchmarkPlan plan, TaoNaming naming, TaoChains chains) {
        this.plan = plan;
        this.events = new TaoEvents(plan, naming);
        this.chains = chains != null && chains.active() ? chains : null;
        this.probes = new TaoProbes(plan);
    }

    public TaoProbes probes() {
        return probes;
    }

    /** The event chains, or null when the model has none. */
    public TaoChains chains() {
        return chains;
    }

    /** An action of the chain calls through this invocation. */
    private boolean chainCalled(InvocationPlan i) {
        return chains != null && chains.chainCalled(i);
    }

    public TaoEvents events() {
        return events;
    }

    public BenchmarkPlan plan() {
        return plan;
    }

    /** Has objects to serve. */
    public boolean serves(ProcessPlan p) {
        return !p.servants().isEmpty() || !p.consumes().isEmpty();
    }

    /** Runs at least one metric loop. */
    public boolean drives(ProcessPlan p) {
        return p.invocations().stream().anyMatch(i -> !i.metrics().isEmpty())
                || p.supplies().stream().anyMatch(e -> !e.metrics().isEmpty())
                || (chains != null && chains.drivesPaths(p));
    }

    /**
     * A connection that is called at all: it has metrics, or a servant forwards through its receptacle. The others
     * are declared in the model but never used by the generated code.
     */
    public boolean active(InvocationPlan i) {
        if (!i.metrics().isEmpty()) {
            return true;
        }
        if (forwardedThrough == null) {
            forwardedThrough = new java.util.HashSet<>();
            for (ServantPlan s : plan.servants()) {
                if (forwards(s)) {
                    forwardedThrough.add(s.facet().getBehaviour().getForwardTo());
                }
            }
        }
        return forwardedThrough.contains(i.receptacle());
    }

    /** Another process calls one of its objects or sends it events. */
    public boolean neededByOthers(ProcessPlan p) {
        return plan.invocationsServedBy(p.name()).stream().anyMatch(i -> !i.collocated() && (active(i) || chainCalled(i)))
                || p.consumes().stream().anyMatch(e -> !e.collocated() || e.channel() != null);
    }

    /** Runs the ORB event loop until SIGTERM: it serves others, or it serves and has nothing else to do. */
    public boolean runsOrb(ProcessPlan p) {
        return serves(p) && (neededByOthers(p) || !drives(p));
    }

    /** Serves others and drives loops at the same time: the ORB runs in its own thread. */
    public boolean needsOrbThread(ProcessPlan p) {
        return runsOrb(p) && drives(p);
    }

    /** "server", "client" or "both", as the manifest says. */
    public String role(ProcessPlan p) {
        boolean calls = !references(p).isEmpty() || !p.supplies().isEmpty();
        if (serves(p) && calls) {
            return "both";
        }
        return serves(p) ? "server" : "client";
    }

    /** "signal": runs until SIGTERM; "exit": ends by itself. */
    public String stop(ProcessPlan p) {
        return runsOrb(p) ? "signal" : "exit";
    }

    /**
     * IOR files of this process that another process reads, and the IOR files its event consumers write once
     * they are connected: what its readiness waits for.
     */
    public List<String> readyFiles(ProcessPlan p) {
        Set<String> files = new LinkedHashSet<>();
        for (InvocationPlan i : plan.invocationsServedBy(p.name())) {
            if (!i.collocated() && (active(i) || chainCalled(i))) {
                files.add(i.servant().iorFile());
            }
        }
        for (EventPlan e : p.consumes()) {
            if (events.consumerPublished(e)) {
                files.add(events.consumerIor(e));
            }
        }
        return new ArrayList<>(files);
    }

    /** The servants whose IOR files this process writes: all of them (cheap, and handy by hand). */
    public List<ServantPlan> servants(ProcessPlan p) {
        return p.servants();
    }

    /** Servants that forward their calls through a receptacle, created after the references they need. */
    public boolean forwards(ServantPlan s) {
        return s.behaviour() == BehaviourKind.FORWARD;
    }

    /** The invocation a forwarding servant calls through. */
    public InvocationPlan forwardInvocation(ServantPlan s) {
        Receptacle r = s.facet().getBehaviour().getForwardTo();
        List<InvocationPlan> through = plan.invocationsThrough(r);
        if (!through.isEmpty()) {
            return through.get(0);
        }
        throw new IllegalArgumentException("tao: " + ElementPaths.pathOf(s.facet()) + " forwards through "
                + ElementPaths.pathOf(r) + ", which has no connection");
    }

    /** Invocations whose object reference the process resolves: those it drives, or forwards through. */
    public List<InvocationPlan> references(ProcessPlan p) {
        return p.invocations().stream().filter(this::active).toList();
    }

    /** Invocations with metrics, in plan order. */
    public List<InvocationPlan> measured(ProcessPlan p) {
        return p.invocations().stream().filter(i -> !i.metrics().isEmpty()).toList();
    }

    /** Calls (warm-up and timed) a process makes, for its time limit. */
    public long calls(ProcessPlan p) {
        long calls = 0;
        for (MetricPlan m : drivenMetrics(p)) {
            calls += m.calls(); // every calling thread makes the whole count
        }
        return calls;
    }

    /** Metrics of the invocations and event supplies a process drives. */
    public List<MetricPlan> drivenMetrics(ProcessPlan p) {
        List<MetricPlan> metrics = new ArrayList<>();
        p.invocations().forEach(i -> metrics.addAll(i.metrics()));
        p.supplies().forEach(e -> metrics.addAll(e.metrics()));
        return metrics;
    }

    /** Milliseconds a process spends in deliberate delays, duration-driven loops and paced calls. */
    public long delayMillis(ProcessPlan p) {
        long millis = 0;
        for (MetricPlan m : drivenMetrics(p)) {
            millis += (m.preDelayMillis() + m.postDelayMillis() + m.durationMillis()) * m.payloadSizes().size() + m.pacedMillis();
        }
        if (chains != null) {
            millis += chains.timerMillis(p);
        }
        return millis;
    }

    /**
     * Run limit of a driving process. One at a time, a driver has the machine to itself: its own calls count. Together,
     * the drivers share the CPUs from the release on, so the calls of every driver count (on one CPU they take turns),
     * and the limit counts from the release.
     */
    public int driverTimeoutSeconds(ProcessPlan p) {
        long calls = clientsTogether() ? callsOfAllDrivers() : calls(p);
        long micros = calls * MICROS_PER_CALL + delayMillis(p) * 1000;
        return (int) Math.min(Integer.MAX_VALUE, BASE_TIMEOUT_SECONDS + (micros + 999_999) / 1_000_000);
    }

    /** The calls of every driving process together, summed on first use (each driver's limit counts them all). */
    private long callsOfAllDrivers() {
        if (callsOfAllDrivers == null) {
            callsOfAllDrivers = plan.processes().stream().filter(this::drives).mapToLong(this::calls).sum();
        }
        return callsOfAllDrivers;
    }

    /** The deployment starts its drivers together, behind one start line (a model without deployments does). */
    public boolean clientsTogether() {
        return Manifest.CLIENTS_TOGETHER.equals(ManifestPlacement.clientsOf(plan.deploymentElement()));
    }

    /** Run limit of a process: a server outlives every driver. */
    public int timeoutSeconds(ProcessPlan p) {
        return runsOrb(p) ? serverTimeoutSeconds() : driverTimeoutSeconds(p);
    }

    /**
     * One process as the launcher, run_test.pl and the README see it: a planned process or an event channel.
     *
     * @param doneFile for a process that serves and drives, the file it writes when its loops are over; else null
     * @param calls    the processes it sends requests or events to (stopped after it)
     */
    public record Launch(String name, String role, List<Integer> cpus, List<String> readyFiles, int timeoutSeconds,
            boolean signal, String resultFile, TaoOptions.ProcessOptions options, String doneFile, List<String> calls) {
    }

    /**
     * The processes {@code p} sends requests or events to: the servers of the connections it calls (for its metrics
     * or a forwarding servant), the consumers it pushes to directly, and the channels it pushes through. Collocated
     * calls stay inside the process.
     */
    public List<String> calls(ProcessPlan p, TaoNaming naming) {
        Set<String> called = new LinkedHashSet<>();
        for (InvocationPlan i : p.invocations()) {
            if (!i.collocated() && (active(i) || chainCalled(i))) {
                called.add(i.serverProcess());
            }
        }
        for (EventPlan e : p.supplies()) {
            org.bgml.model.EventChannel c = events.channel(e);
            if (c != null) {
                called.add(naming.channelProcess(c));
            } else if (!e.collocated()) {
                called.add(e.consumerProcess());
            }
        }
        called.remove(p.name());
        return new ArrayList<>(called);
    }

    /** The consumers a channel pushes to. */
    public List<String> channelCalls(org.bgml.model.EventChannel c) {
        Set<String> called = new LinkedHashSet<>();
        for (EventPlan e : plan.events()) {
            if (events.channel(e) == c) {
                called.add(e.consumerProcess());
            }
        }
        return new ArrayList<>(called);
    }

    /** Every process in start order: event channels first, then the plan's processes. */
    public List<Launch> launches(TaoNaming naming, java.util.function.Function<String, TaoOptions.ProcessOptions> options) {
        List<Launch> launches = new ArrayList<>();
        int serverLimit = serverTimeoutSeconds();
        for (org.bgml.model.EventChannel c : events.channels()) {
            String name = naming.channelProcess(c);
            launches.add(new Launch(name, "server", List.of(), List.of(naming.channelIorFile(c)), serverLimit, true,
                    naming.channelResultFile(c), options.apply(name), null, channelCalls(c)));
        }
        for (ProcessPlan p : plan.processes()) {
            launches.add(new Launch(p.name(), role(p), p.cpus(), readyFiles(p), timeoutSeconds(p), runsOrb(p), p.resultFile(),
                    options.apply(p.name()), needsOrbThread(p) ? naming.doneFile(p.name()) : null, calls(p, naming)));
        }
        return launches;
    }

    /** Run limit of a server: it outlives every driver, whether they run one after another or together. */
    public int serverTimeoutSeconds() {
        if (serverTimeoutSeconds == null) {
            serverTimeoutSeconds = sumOfDriverLimits();
        }
        return serverTimeoutSeconds;
    }

    private int sumOfDriverLimits() {
        long sum = READY_TIMEOUT_SECONDS;
        if (clientsTogether()) {
            // the drivers start after the servers, arrive at the start line (within the readiness limit) and end
            // within their limits from the release
            long longest = plan.processes().stream().filter(this::drives).mapToLong(this::driverTimeoutSeconds).max().orElse(0);
            sum += READY_TIMEOUT_SECONDS + longest;
        } else {
            for (ProcessPlan q : plan.processes()) {
                if (drives(q)) {
                    sum += driverTimeoutSeconds(q);
                }
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, Math.max(sum, BASE_TIMEOUT_SECONDS));
    }

    /** The target the result files name: tao (the ciao target, which writes its plain TAO processes here, says ciao). */
    public String resultTarget() {
        return TaoManifest.TARGET;
    }

    /** Element path of the process, for the result file; the process name when the model has no deployment. */
    public String processPath(ProcessPlan p) {
        Process element = TaoOptions.process(plan, p.name());
        return element == null ? p.name() : ElementPaths.pathOf(element);
    }
}
