package org.bgml.generator.ace;

import org.bgml.generator.common.Naming;
import org.bgml.model.BehaviourKind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventType;
import org.bgml.model.Interface;
import org.bgml.model.NamedElement;
import org.bgml.model.Operation;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/**
 * Every name of an ACE baseline benchmark: files, C++ classes, functions and variables. Templates ask here
 * and never build a name themselves.
 */
public class AceNaming extends Naming {

    // ---- files ---------------------------------------------------------------------------------------------

    public String idlPath(BenchmarkModel model) {
        return "idl/" + idlFile(model);
    }

    /** {@code src/RoundTrip_types.h}: the C++ types and interfaces. */
    public String typesHeader(BenchmarkModel model) {
        return model.getName() + "_types.h";
    }

    /** {@code RoundTrip_cdr.h}: CDR marshalling, payload and cube helpers of the named types. */
    public String cdrHeader(BenchmarkModel model) {
        return model.getName() + "_cdr.h";
    }

    public String cdrSource(BenchmarkModel model) {
        return model.getName() + "_cdr.cpp";
    }

    public String stubHeader(Interface i) {
        return flatName(i) + "_stub.h";
    }

    public String stubSource(Interface i) {
        return flatName(i) + "_stub.cpp";
    }

    public String skeletonHeader(Interface i) {
        return flatName(i) + "_skel.h";
    }

    public String skeletonSource(Interface i) {
        return flatName(i) + "_skel.cpp";
    }

    public String servantHeader(Interface i, BehaviourKind b) {
        return flatName(i) + "_" + b.getLiteral() + "_i.h";
    }

    public String servantSource(Interface i, BehaviourKind b) {
        return flatName(i) + "_" + b.getLiteral() + "_i.cpp";
    }

    /** {@code Avionics_Position_actions_i.h}: the servant that runs a facet's actions before its reply. */
    public String actionsServantHeader(Interface i) {
        return flatName(i) + "_actions_i.h";
    }

    public String actionsServantSource(Interface i) {
        return flatName(i) + "_actions_i.cpp";
    }

    public String eventsHeader(EventType e) {
        return flatName(e) + "_events.h";
    }

    public String eventsSource(EventType e) {
        return flatName(e) + "_events.cpp";
    }

    /** The file a process that serves writes when its timers are done: the launcher may then stop the chain. */
    public String doneFile(String process) {
        return process + ".done";
    }

    /** {@code src/ServerProcess.cpp}: the main of one process. */
    public String processSource(String process) {
        return process + ".cpp";
    }

    /** Where the generated sources live, relative to the benchmark folder. */
    public String src(String file) {
        return "src/" + file;
    }

    /** The executable of a process, relative to the benchmark folder. */
    public String executable(String process) {
        return "build/" + process;
    }

    /** The static library holding everything but the process mains. */
    public String commonLibrary(BenchmarkModel model) {
        return model.getName() + "_ace_common";
    }

    /** The endpoint file of an event sink, in the run folder: named like the IOR file of a facet. */
    public String endpointFile(Entity entity, EventSink sink) {
        return entity.getName() + "_" + sink.getName() + ".ior";
    }

    // ---- C++ names -----------------------------------------------------------------------------------------

    /** {@code Test::RoundTrip}: the C++ qualified name of a named type or interface. */
    public String cppName(NamedElement definition) {
        return scopedName(definition);
    }

    /** {@code RoundTrip_stub}, declared in the interface's namespace. */
    public String stubClass(Interface i) {
        return i.getName() + "_stub";
    }

    public String skeletonClass(Interface i) {
        return i.getName() + "_skel";
    }

    /** {@code RoundTrip_echo_i}: one servant class per interface and behaviour. */
    public String servantClass(Interface i, BehaviourKind b) {
        return i.getName() + "_" + b.getLiteral() + "_i";
    }

    /** {@code Position_actions_i}: wraps the servant of a facet with actions. */
    public String actionsServantClass(Interface i) {
        return i.getName() + "_actions_i";
    }

    public String qualifiedActionsServantClass(Interface i) {
        return qualified(i, actionsServantClass(i));
    }

    /** The link (lazily connected connection) an action sends over: {@code Gps_ready_to_Airframe_link}. */
    public String linkVariable(org.bgml.model.Connection c) {
        return c.getName() + "_link";
    }

    /** The stub or supplier of an action's connection: {@code AirframeReadsGps_action}. */
    public String actionTargetVariable(org.bgml.model.Connection c) {
        return c.getName() + "_action";
    }

    /** The recorder of a PathLatency metric's arrivals: {@code path_TickToDisplay}. */
    public String pathEndVariable(NamedElement metric) {
        return "path_" + metric.getName();
    }

    /** The description of a timer source: {@code timer_RateGen_tick}. */
    public String timerVariable(Entity entity, NamedElement source) {
        return "timer_" + entity.getName() + "_" + source.getName();
    }

    /** {@code RoundTrip_ops}: the namespace holding the operation ids of an interface. */
    public String operationIds(Interface i) {
        return i.getName() + "_ops";
    }

    /** {@code Test::RoundTrip_ops::test_method}. */
    public String operationId(Interface i, Operation o) {
        return scopedName(i) + "_ops::" + o.getName();
    }

    public String marshal(NamedElement type) {
        return "marshal_" + flatName(type);
    }

    public String demarshal(NamedElement type) {
        return "demarshal_" + flatName(type);
    }

    public String payload(NamedElement type) {
        return "payload_" + flatName(type);
    }

    public String cube(NamedElement type) {
        return "cube_" + flatName(type);
    }

    /** A class declared in the namespace of {@code definition}'s module: {@code Test::RoundTrip_stub}. */
    public String qualified(NamedElement definition, String cls) {
        String scoped = scopedName(definition);
        int cut = scoped.lastIndexOf("::");
        return cut < 0 ? cls : scoped.substring(0, cut + 2) + cls;
    }

    public String qualifiedStubClass(Interface i) {
        return qualified(i, stubClass(i));
    }

    public String qualifiedSkeletonClass(Interface i) {
        return qualified(i, skeletonClass(i));
    }

    public String qualifiedServantClass(Interface i, BehaviourKind b) {
        return qualified(i, servantClass(i, b));
    }

    public String qualifiedEventSupplier(EventType e) {
        return qualified(e, eventSupplier(e));
    }

    public String qualifiedEventSink(EventType e) {
        return qualified(e, eventSink(e));
    }

    public String eventSupplier(EventType e) {
        return e.getName() + "_supplier";
    }

    public String eventSink(EventType e) {
        return e.getName() + "_sink";
    }

    /** A C++ variable named after a model element: {@code TaoTaoServer_rt}. */
    public String variable(Entity entity, NamedElement port) {
        return entity.getName() + "_" + port.getName();
    }

    /** The function that runs one metric: {@code run_TaoTaoLatency}. */
    public String metricFunction(NamedElement metric) {
        return "run_" + metric.getName();
    }

    /** The description of one metric's loop (a {@code bgml_ace::Loop}): {@code metric_TaoTaoLatency}. */
    public String metricLoop(NamedElement metric) {
        return "metric_" + metric.getName();
    }

    /** The element path written into result files. */
    public String path(EObject element) {
        return ElementPaths.pathOf(element);
    }

    /** Model text for a one-line C++ comment: line breaks become spaces, a comment end cannot occur. */
    public String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").replace("*/", "* /").trim();
    }

    // ---- process paths -------------------------------------------------------------------------------------

    /** The path of a process in results: the deployment's element path, or the bare name without one. */
    public String processPath(BenchmarkModel model, String deployment, String process) {
        if (deployment == null) {
            return process;
        }
        return deployment + "/" + nodeOf(model, deployment, process) + "/" + process;
    }

    private static String nodeOf(BenchmarkModel model, String deployment, String process) {
        for (org.bgml.model.Deployment d : model.getDeployments()) {
            if (d.getName().equals(deployment)) {
                for (org.bgml.model.Node n : d.getNodes()) {
                    for (org.bgml.model.Process p : n.getProcesses()) {
                        if (p.getName().equals(process)) {
                            return n.getName();
                        }
                    }
                }
            }
        }
        return "localhost";
    }
}
