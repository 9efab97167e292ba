package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Interface;

/**
 * The C++ classes a plan needs: one servant class per interface and behaviour for CORBA 2.x servers, and for
 * components (emulated on TAO) one glue servant per interface that delegates to an executor per interface and
 * behaviour.
 */
public class TaoServants {

    /** One class to generate: an interface implemented with one behaviour. */
    public record Kind(Interface iface, BehaviourKind behaviour) {
    }

    private final TaoNaming naming;

    public TaoServants(TaoNaming naming) {
        this.naming = naming;
    }

    /** Servant classes of plain servers, in plan order, each once. */
    public List<Kind> servantKinds(BenchmarkPlan plan) {
        return kinds(plan.servants(), false);
    }

    /** Executor classes of components, in plan order, each once. */
    public List<Kind> executorKinds(BenchmarkPlan plan) {
        return kinds(plan.servants(), true);
    }

    /** Interfaces that get a glue servant and an executor base, in plan order. */
    public List<Interface> glueInterfaces(BenchmarkPlan plan) {
        Set<Interface> ifaces = new LinkedHashSet<>();
        for (ServantPlan s : plan.servants()) {
            if (s.isComponent()) {
                ifaces.add(s.iface());
            }
        }
        return new ArrayList<>(ifaces);
    }

    private static List<Kind> kinds(List<ServantPlan> servants, boolean components) {
        Map<String, Kind> kinds = new LinkedHashMap<>();
        for (ServantPlan s : servants) {
            if (s.isComponent() == components) {
                Kind k = new Kind(s.iface(), s.behaviour());
                kinds.putIfAbsent(k.toString(), k);
            }
        }
        return new ArrayList<>(kinds.values());
    }

    /** The class the process instantiates and activates for a servant: the servant itself or the glue. */
    public String activatedClass(ServantPlan s) {
        return s.isComponent() ? naming.glueClass(s.iface()) : naming.servantClass(s.iface(), s.behaviour());
    }

    /** The headers a process main includes for its servants, sorted, each once. */
    public List<String> headers(ProcessPlan p) {
        Set<String> headers = new java.util.TreeSet<>();
        for (ServantPlan s : p.servants()) {
            if (s.isComponent()) {
                headers.add(naming.header(naming.glueClass(s.iface())));
                headers.add(naming.header(naming.executorClass(s.iface(), s.behaviour())));
            } else {
                headers.add(naming.header(naming.servantClass(s.iface(), s.behaviour())));
            }
        }
        return new ArrayList<>(headers);
    }

    /** The servant sources a process links, sorted, each once (paths relative to the benchmark folder). */
    public List<String> sources(ProcessPlan p) {
        Set<String> sources = new java.util.TreeSet<>();
        for (ServantPlan s : p.servants()) {
            if (s.isComponent()) {
                sources.add(naming.srcPath(naming.source(naming.glueClass(s.iface()))));
                sources.add(naming.srcPath(naming.source(naming.executorClass(s.iface(), s.behaviour()))));
            } else {
                sources.add(naming.srcPath(naming.source(naming.servantClass(s.iface(), s.behaviour()))));
            }
        }
        return new ArrayList<>(sources);
    }
}
