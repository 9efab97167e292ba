package org.bgml.generator.fastdds;

import org.bgml.generator.common.Naming;
import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Interface;
import org.bgml.model.Operation;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/** Names of the fastdds target's files, topics, types and C++ variables. */
public class FastDdsNaming extends Naming {

    public String idlPath(BenchmarkModel model) {
        return "idl/" + model.getName() + ".idl";
    }

    /** fastddsgen's header of the topic types: {@code RoundTripPubSubTypes.h}. */
    public String typesHeader(BenchmarkModel model) {
        return model.getName() + "PubSubTypes.h";
    }

    public String processSource(String process) {
        return "src/" + process + ".cpp";
    }

    public String executable(String process) {
        return "build/" + process;
    }

    /** The request type of an operation, in the interface's module: {@code RoundTrip_test_method_Request}. */
    public String request(Interface iface, Operation op) {
        return iface.getName() + "_" + op.getName() + "_Request";
    }

    public String reply(Interface iface, Operation op) {
        return iface.getName() + "_" + op.getName() + "_Reply";
    }

    /** Scoped C++ name of a type of the interface's module: {@code Test::RoundTrip_test_method_Request}. */
    public String scopedType(Interface iface, String name) {
        String scoped = IdlTypes.scoped(iface);
        int last = scoped.lastIndexOf("::");
        return last < 0 ? name : scoped.substring(0, last + 2) + name;
    }

    /** The topics of one operation of one connection: {@code TaoTao_test_method} (+ _request, _reply). */
    public String topic(InvocationPlan i, Operation op) {
        return i.connection().getName() + "_" + op.getName();
    }

    /** The C++ variable of a requester or replier: the same as the topic. */
    public String variable(InvocationPlan i, Operation op) {
        return topic(i, op);
    }

    /**
     * The calling threads of an operation of a connection: the most any of its metrics asks for (at least 1). Thread
     * 0 calls on the operation's topics, thread k on {@link #threadTopic} k, each answered by a replier of its own.
     */
    public static int callingThreads(InvocationPlan i, Operation op) {
        return Math.max(1, i.metrics().stream().filter(m -> m.operation() == op && !"footprint".equals(m.kind()))
                .mapToInt(m -> m.threads()).max().orElse(1));
    }

    /** The topics of calling thread {@code k} (from 1): {@code TaoTao_test_method_thread1} (+ _request, _reply). */
    public String threadTopic(InvocationPlan i, Operation op, int k) {
        return topic(i, op) + "_thread" + k;
    }

    /** The requester or replier of calling thread {@code k} (from 1). */
    public String threadVariable(InvocationPlan i, Operation op, int k) {
        return variable(i, op) + "_thread" + k;
    }

    /** The file a served facet writes once its replier exists: {@code TaoTaoServer_rt.ready}. */
    public String readyFile(ServantPlan s) {
        return s.entity().getName() + "_" + s.facet().getName() + ".ready";
    }

    /** The file a serve-and-drive process writes once its loops are done. */
    public String doneFile(String process) {
        return process + ".done";
    }

    public String path(EObject element) {
        return ElementPaths.pathOf(element);
    }

    /** A protected region id: {@code TaoTaoServer/rt/TaoTao::test_method}. */
    public String regionId(InvocationPlan i, Operation op) {
        return i.server().getName() + "/" + i.facet().getName() + "/" + i.connection().getName() + "::" + op.getName();
    }

    /** Model text for a one-line C++ comment. */
    public String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").replace("*/", "* /").trim();
    }

    /** A C++ string literal's body. */
    public String literal(String text) {
        return text == null ? "" : text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
