package org.bgml.generator.tao;

import java.util.Locale;

import org.bgml.generator.common.Naming;
import org.bgml.model.BehaviourKind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventChannel;
import org.bgml.model.EventSink;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Operation;

/**
 * Every name of a TAO benchmark: files, MPC projects, executables, C++ classes. Templates ask here and never
 * build a name themselves.
 */
public class TaoNaming extends Naming {

    // ---- files ---------------------------------------------------------------------------------------------

    /** {@code idl/RoundTrip.idl}. */
    public String idlPath(BenchmarkModel model) {
        return "idl/" + idlFile(model);
    }

    /** The base name tao_idl derives its output names from: {@code RoundTrip}. */
    public String idlBase(BenchmarkModel model) {
        return model.getName();
    }

    /** {@code RoundTripC.h}: the stub header (found through {@code -Iidl}). */
    public String stubHeader(BenchmarkModel model) {
        return idlBase(model) + "C.h";
    }

    /** {@code RoundTripS.h}: the skeleton header. */
    public String skeletonHeader(BenchmarkModel model) {
        return idlBase(model) + "S.h";
    }

    /** {@code idl/RoundTripC.cpp}. */
    public String stubSource(BenchmarkModel model) {
        return "idl/" + idlBase(model) + "C.cpp";
    }

    /** {@code idl/RoundTripS.cpp}. */
    public String skeletonSource(BenchmarkModel model) {
        return "idl/" + idlBase(model) + "S.cpp";
    }

    public String mpcFile(BenchmarkModel model) {
        return model.getName() + ".mpc";
    }

    public String mwcFile(BenchmarkModel model) {
        return model.getName() + ".mwc";
    }

    /** The MPC project that runs tao_idl once for every process project. */
    public String idlProject(BenchmarkModel model) {
        return model.getName() + "_Idl";
    }

    public String runTestScript() {
        return "run_test.pl";
    }

    public String readme() {
        return "README.md";
    }

    /** The helper header every generated main includes: ORB thread, stop signals, IOR files, timed loops. */
    public String supportHeader() {
        return TaoSupport.HEADER;
    }

    /** {@code src/TaoTaoServerProcess.cpp}: the main of one process. */
    public String mainSource(String process) {
        return "src/" + process + ".cpp";
    }

    /** The MPC project, and executable, of one process. */
    public String project(String process) {
        return process;
    }

    /** Where MPC installs executables ({@code exeout}), relative to the benchmark folder. */
    public String exeDir() {
        return "build";
    }

    /** {@code build/TaoTaoServerProcess}. */
    public String executable(String process) {
        return exeDir() + "/" + project(process);
    }

    /**
     * The file a process that serves and drives writes, in the run folder, once its metric loops are over:
     * {@code AirframeProcess.done}.
     */
    public String doneFile(String process) {
        return process + ".done";
    }

    /** {@code config/TaoTaoServerProcess.svc.conf}. */
    public String svcConf(String process) {
        return "config/" + process + ".svc.conf";
    }

    /**
     * The svc.conf path as a process sees it: processes run in the run folder, a direct child of the
     * benchmark folder ({@code mkdir run && cd run}).
     */
    public String svcConfFromRun(String process) {
        return "../" + svcConf(process);
    }

    public String srcPath(String fileName) {
        return "src/" + fileName;
    }

    // ---- C++ classes ---------------------------------------------------------------------------------------

    /**
     * The C++ name of an interface in class names: its IDL name, or its flattened scoped name when two modules
     * declare interfaces of the same name.
     */
    public String interfaceStem(Interface iface) {
        boolean repeated = sameName(iface).stream().anyMatch(o -> o instanceof Interface && o != iface);
        return repeated ? flatName(iface) : iface.getName();
    }

    /** {@code RoundTrip_i} for the echo servant, {@code Cubit_Cubit_i} for a cubing one. */
    public String servantClass(Interface iface, BehaviourKind kind) {
        return interfaceStem(iface) + behaviourSuffix(kind) + "_i";
    }

    /** The abstract executor interface the glue servant of a component delegates to: {@code RoundTrip_Executor}. */
    public String executorBase(Interface iface) {
        return interfaceStem(iface) + "_Executor";
    }

    /** The executor implementing one behaviour: {@code RoundTrip_exec_i}. */
    public String executorClass(Interface iface, BehaviourKind kind) {
        return interfaceStem(iface) + behaviourSuffix(kind) + "_exec_i";
    }

    /** The glue servant of component emulation: {@code RoundTrip_Glue}. */
    public String glueClass(Interface iface) {
        return interfaceStem(iface) + "_Glue";
    }

    public String header(String cppClass) {
        return cppClass + ".h";
    }

    public String source(String cppClass) {
        return cppClass + ".cpp";
    }

    /** The POA skeleton class: {@code POA_Test::RoundTrip}. */
    public String skeleton(Interface iface) {
        return "POA_" + scopedName(iface);
    }

    /** The struct that makes one call of one operation over one connection: {@code TaoTao_test_method}. */
    public String callStruct(Connection connection, Operation op) {
        return connection.getName() + "_" + op.getName();
    }

    /** The variable holding the object reference a connection calls through. */
    public String referenceVariable(Connection connection) {
        return lowerFirst(connection.getName()) + "_ref";
    }

    /** The variable holding the object reference of a servant: {@code taoTaoServer_rt}. */
    public String objectVariable(Entity entity, Facet facet) {
        return lowerFirst(entity.getName()) + "_" + facet.getName();
    }

    /** The variable holding a servant of the process. */
    public String servantVariable(Entity entity, Facet facet) {
        return objectVariable(entity, facet) + "_servant";
    }

    /** The variable holding the executor of a component facet. */
    public String executorVariable(Entity entity, Facet facet) {
        return objectVariable(entity, facet) + "_executor";
    }

    // ---- events ------------------------------------------------------------------------------------------

    /** {@code idl/RoundTrip_Events.idl}: the timed wrappers events travel in. */
    public String eventsIdlPath(BenchmarkModel model) {
        return "idl/" + eventsIdlBase(model) + ".idl";
    }

    public String eventsIdlBase(BenchmarkModel model) {
        return model.getName() + "_Events";
    }

    public String eventsStubHeader(BenchmarkModel model) {
        return eventsIdlBase(model) + "C.h";
    }

    public String eventsStubSource(BenchmarkModel model) {
        return "idl/" + eventsIdlBase(model) + "C.cpp";
    }

    /** The IDL module of the timed wrappers. */
    public String eventsModule() {
        return "BGML_Events";
    }

    /** {@code Timed_DBA_Color}: an event with its series and send time. */
    public String timedEvent(EventType event) {
        return "Timed_" + flatName(event);
    }

    /** {@code ::BGML_Events::Timed_DBA_Color}. */
    public String timedEventCpp(EventType event) {
        return "::" + eventsModule() + "::" + timedEvent(event);
    }

    /** The push consumer servant of an event type: {@code DBA_Color_Consumer}. */
    public String consumerClass(EventType event) {
        return flatName(event) + "_Consumer";
    }

    /** The IOR file of the push consumer behind a sink; written once the consumer is connected. */
    public String consumerIorFile(Entity entity, EventSink sink) {
        return entity.getName() + "_" + sink.getName() + ".ior";
    }

    /** The variable holding a consumer servant, and its reference. */
    public String consumerVariable(Connection connection) {
        return lowerFirst(connection.getName()) + "_consumer";
    }

    /** The variable holding the push consumer (or channel proxy) a supplier pushes to. */
    public String pushVariable(Connection connection) {
        return lowerFirst(connection.getName()) + "_push";
    }

    /** The struct that pushes one event over one connection: {@code Colors_push}. */
    public String pushStruct(Connection connection) {
        return connection.getName() + "_Push";
    }

    /** The process that hosts an event channel: {@code Channel_Colors}. */
    public String channelProcess(EventChannel channel) {
        return "Channel_" + channel.getName();
    }

    /** The IOR file of an event channel, in the run folder. */
    public String channelIorFile(EventChannel channel) {
        return "channel_" + channel.getName() + ".ior";
    }

    /** The result file of a channel process. */
    public String channelResultFile(EventChannel channel) {
        return resultFile(channelProcess(channel));
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    private static String behaviourSuffix(BehaviourKind kind) {
        if (kind == null || kind == BehaviourKind.ECHO) {
            return "";
        }
        String literal = kind.getLiteral();
        return "_" + Character.toUpperCase(literal.charAt(0)) + literal.substring(1);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** {@code BGML_SRC_ROUNDTRIP_I_H}. */
    public String guard(String path) {
        return includeGuard(path).toUpperCase(Locale.ROOT);
    }
}
