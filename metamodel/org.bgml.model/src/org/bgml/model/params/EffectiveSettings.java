package org.bgml.model.params;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Behaviour;
import org.bgml.model.BgmlPackage;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.Facet;
import org.bgml.model.Metric;
import org.bgml.model.ParameterBlock;
import org.bgml.model.Port;
import org.bgml.model.Workload;
import org.bgml.model.Assembly;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * The settings a benchmark runs with once parameter blocks are applied: the one place that resolves them.
 * <p>
 * A metric's effective workload is its block's workload with each setting the metric's own workload gives (a value
 * other than the default) laid over it, setting by setting; a metric without a block keeps its own workload. A facet or
 * sink without a behaviour of its own follows its block's behaviour. A setting cannot be overridden back to its
 * default value: give the metric another block instead.
 */
public final class EffectiveSettings {
    private EffectiveSettings() {
    }

    /** The workload {@code metric} runs with: a new object, never attached to the model; null when it has none. */
    public static Workload workload(Metric metric) {
        Workload own = metric.getWorkload();
        ParameterBlock block = metric.getParameters();
        if (block == null || block.eIsProxy() || block.getWorkload() == null) {
            return own == null ? null : EcoreUtil.copy(own);
        }
        Workload effective = EcoreUtil.copy(block.getWorkload());
        if (own != null) {
            for (EAttribute a : BgmlPackage.Literals.WORKLOAD.getEAllAttributes()) {
                if (own.eIsSet(a)) {
                    effective.eSet(a, own.eGet(a));
                }
            }
        }
        return effective;
    }

    /** The behaviour a facet or sink follows: its own, else a copy of its block's; null for echo. */
    public static Behaviour behaviour(Port port) {
        Behaviour own = port instanceof Facet f ? f.getBehaviour() : port instanceof EventSink s ? s.getBehaviour() : null;
        ParameterBlock block = port instanceof Facet f ? f.getParameters() : port instanceof EventSink s ? s.getParameters() : null;
        if (own != null || block == null || block.eIsProxy() || block.getBehaviour() == null) {
            return own;
        }
        return EcoreUtil.copy(block.getBehaviour());
    }

    /**
     * Writes the effective settings into {@code model} itself, so that everything reading the model afterwards
     * (planner, templates) sees them. Only for a model loaded to be generated or run, never for one that will be
     * saved: the metric's own workload then holds every setting, and later changes of the block no longer reach it.
     * Resolving twice changes nothing.
     */
    public static void resolveInPlace(BenchmarkModel model) {
        for (Metric m : model.getMetrics()) {
            if (m.getParameters() != null) {
                Workload w = workload(m);
                if (w != null) {
                    m.setWorkload(w);
                }
            }
        }
        for (Entity e : model.getEntities()) {
            resolvePorts(e);
            if (e instanceof Assembly a) {
                a.getComponents().forEach(EffectiveSettings::resolvePorts);
            }
        }
    }

    private static void resolvePorts(Entity e) {
        for (Port p : e.getPorts()) {
            if (p instanceof Facet f && f.getBehaviour() == null && f.getParameters() != null) {
                f.setBehaviour(behaviour(f));
            } else if (p instanceof EventSink s && s.getBehaviour() == null && s.getParameters() != null) {
                s.setBehaviour(behaviour(s));
            }
        }
    }
}
