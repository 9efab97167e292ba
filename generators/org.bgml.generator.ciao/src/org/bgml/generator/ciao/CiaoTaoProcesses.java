package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.ciao.CiaoDeployment.TaoProcess;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.tao.TaoNaming;
import org.bgml.generator.tao.TaoProbes;
import org.bgml.generator.tao.TaoProcesses;
import org.bgml.model.Entity;

/**
 * The plain TAO processes of a CIAO benchmark, planned as the tao target plans its processes, so that the tao
 * target's process and servant templates write them. The plan it works on holds only these processes, with the
 * calls of a split process's CORBA 2.x half to the components of its other half as the remote calls they become,
 * and without events (the ciao target connects event ports between components only). What differs from tao:
 * <ul>
 * <li>a process runs its ORB until stopped when anything outside it calls its servants, a component too
 * ({@link TaoProcess#longLived}: the manifest starts it before DAnCE);</li>
 * <li>a split half names the modelled process in its result file;</li>
 * <li>no white-box probes: a functional-path metric with a CORBA 2.x end is timed as whole calls, as the README
 * and the plan's notes say;</li>
 * <li>the result files name the ciao target.</li>
 * </ul>
 */
final class CiaoTaoProcesses extends TaoProcesses {
    private final CiaoDeployment deployment;
    private final TaoProbes noProbes;

    private CiaoTaoProcesses(BenchmarkPlan taoPlan, TaoNaming naming, CiaoDeployment deployment) {
        super(taoPlan, naming);
        this.deployment = deployment;
        this.noProbes = new TaoProbes(taoPlan.with(List.of(), List.of(), List.of()));
    }

    /** The TAO processes of {@code deployment}, over a plan of their own. */
    static CiaoTaoProcesses of(CiaoDeployment deployment, TaoNaming naming) {
        BenchmarkPlan plan = deployment.plan();
        Map<InvocationPlan, InvocationPlan> moved = new IdentityHashMap<>();
        List<InvocationPlan> invocations = new ArrayList<>();
        for (InvocationPlan i : plan.invocations()) {
            invocations.add(moved.computeIfAbsent(i, k -> move(deployment, k)));
        }
        List<ProcessPlan> processes = new ArrayList<>();
        for (TaoProcess t : deployment.taoProcesses()) {
            ProcessPlan p = t.process();
            List<InvocationPlan> calls = p.invocations().stream().map(i -> moved.computeIfAbsent(i, k -> move(deployment, k))).toList();
            processes.add(new ProcessPlan(p.name(), p.host(), p.cpus(), p.entities(), p.servants(), calls, List.of(), List.of(),
                    p.readsIors(), p.options(), p.resultFile()));
        }
        return new CiaoTaoProcesses(plan.with(processes, invocations, List.of()), naming, deployment);
    }

    /** The invocation between the processes that really hold its ends (a split's halves are two processes). */
    private static InvocationPlan move(CiaoDeployment deployment, InvocationPlan i) {
        return new InvocationPlan(i.connection(), i.client(), i.receptacle(), i.server(), i.facet(), i.servant(),
                processOf(deployment, i.client(), i.clientProcess()), processOf(deployment, i.server(), i.serverProcess()),
                i.metrics());
    }

    private static String processOf(CiaoDeployment deployment, Entity e, String planned) {
        String process = deployment.processOf(e);
        return process == null ? planned : process;
    }

    private TaoProcess tao(ProcessPlan p) {
        return deployment.taoProcesses().stream().filter(t -> t.name().equals(p.name())).findFirst().orElseThrow();
    }

    /** The TAO processes, as the templates see them, in deployment order. */
    List<ProcessPlan> processes() {
        return plan().processes();
    }

    /** The process the templates write for {@code t}. */
    ProcessPlan process(TaoProcess t) {
        return plan().process(t.name());
    }

    @Override
    public boolean neededByOthers(ProcessPlan p) {
        return tao(p).servesOthers();
    }

    @Override
    public TaoProbes probes() {
        return noProbes;
    }

    @Override
    public String processPath(ProcessPlan p) {
        TaoProcess t = tao(p);
        return deployment.processPath(t.splitFrom() != null ? t.splitFrom() : t.name());
    }

    @Override
    public String resultTarget() {
        return CiaoTarget.ID;
    }
}
