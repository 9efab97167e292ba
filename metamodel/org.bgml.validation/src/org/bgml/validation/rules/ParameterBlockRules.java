package org.bgml.validation.rules;

import org.bgml.model.Behaviour;
import org.bgml.model.BehaviourKind;
import org.bgml.model.ParameterBlock;
import org.bgml.model.RateKind;
import org.bgml.model.Workload;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/**
 * Parameter blocks: the settings they hold must be possible for every metric, facet and sink that refers to them. A
 * metric that has both a block and a workload of its own is no error: its own settings override the block's, one by
 * one (see {@code org.bgml.model.params.EffectiveSettings}), and the metric rules check the result at generation.
 */
public final class ParameterBlockRules implements RuleSet {
    /** A block's workload: at least one thread, a finite rate (positive for a fixed rate), no negative counts or delays. */
    public static final String WORKLOAD = "block.workload";
    /**
     * A block's behaviour is kind and busy work only: forwards and actions name ports of one entity (its busy work is
     * checked with every behaviour's, connection.behaviour).
     */
    public static final String BEHAVIOUR = "block.behaviour";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        for (ParameterBlock block : Elements.allOf(root, ParameterBlock.class)) {
            if (block.getWorkload() != null) {
                checkWorkload(block, block.getWorkload(), sink);
            }
            if (block.getBehaviour() != null) {
                checkBehaviour(block, block.getBehaviour(), sink);
            }
        }
    }

    private static void checkWorkload(ParameterBlock block, Workload w, DiagnosticSink sink) {
        String s = "the workload of " + Elements.label(block);
        if (w.getThreads() < 1) {
            sink.error(WORKLOAD, w, s + " has " + w.getThreads() + " client threads; it needs at least 1");
        }
        double hz = w.getRateHz();
        if (Double.isNaN(hz) || Double.isInfinite(hz) || hz < 0) {
            sink.error(WORKLOAD, w, s + " has the rate " + Elements.number(hz) + " Hz; a rate is a finite number of calls per second");
        } else if (w.getRate() == RateKind.FIXED && hz <= 0) {
            sink.error(WORKLOAD, w, s + " has a fixed rate but no rateHz; set the calls per second");
        }
        negative(w, s, "iterations", w.getIterations(), sink);
        negative(w, s, "durationMillis", w.getDurationMillis(), sink);
        negative(w, s, "preDelayMillis", w.getPreDelayMillis(), sink);
        negative(w, s, "postDelayMillis", w.getPostDelayMillis(), sink);
        negative(w, s, "payloadBytes", w.getPayloadBytes(), sink);
    }

    private static void negative(Workload w, String subject, String field, long value, DiagnosticSink sink) {
        if (value < 0) {
            sink.error(WORKLOAD, w, subject + " has " + field + " = " + value + "; it must not be negative");
        }
    }

    private static void checkBehaviour(ParameterBlock block, Behaviour b, DiagnosticSink sink) {
        String s = "the behaviour of " + Elements.label(block);
        if (b.getKind() == BehaviourKind.FORWARD || b.getForwardTo() != null || !b.getActions().isEmpty()) {
            sink.error(BEHAVIOUR, b, s + " forwards or has actions; those name ports of one entity, so give them to the facet or sink"
                    + " itself and keep the block to kind and busy work");
        }
    }
}
