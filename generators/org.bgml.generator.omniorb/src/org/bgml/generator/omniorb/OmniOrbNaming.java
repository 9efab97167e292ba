package org.bgml.generator.omniorb;

import java.util.Comparator;
import java.util.List;

import org.bgml.generator.common.Naming;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Interface;
import org.bgml.model.NamedElement;
import org.bgml.model.Receptacle;

/**
 * Every name of an omniORB benchmark: files, CMake targets, executables, C++ classes and variables. Templates
 * ask here and never build a name themselves.
 */
public class OmniOrbNaming extends Naming {
    /** The target id, also the {@code target} of every result file. */
    public static final String TARGET = "omniorb";

    // ---- files --------------------------------------------------------------------------------------------

    /** {@code idl/RoundTrip.idl}. */
    public String idlPath(BenchmarkModel model) {
        return "idl/" + idlFile(model);
    }

    /** {@code RoundTrip.hh}: the header omniidl makes from the model's IDL. */
    public String stubHeader(BenchmarkModel model) {
        return model.getName() + ".hh";
    }

    /** The IDL of the event envelopes: each event type wrapped with its send timestamp. */
    public String eventsIdlFile(BenchmarkModel model) {
        return model.getName() + "Events.idl";
    }

    public String eventsIdlPath(BenchmarkModel model) {
        return "idl/" + eventsIdlFile(model);
    }

    public String eventsStubHeader(BenchmarkModel model) {
        return model.getName() + "Events.hh";
    }

    /** The base names omniidl derives its outputs from, e.g. {@code RoundTrip} gives RoundTrip.hh, RoundTripSK.cc. */
    public String idlBase(String idlFile) {
        return idlFile.substring(0, idlFile.length() - ".idl".length());
    }

    public String servantHeader(Interface iface) {
        return "src/" + servantClass(iface) + ".h";
    }

    public String servantSource(Interface iface) {
        return "src/" + servantClass(iface) + ".cpp";
    }

    public String executorHeader(Interface iface) {
        return "src/" + classBase(iface) + "_exec.h";
    }

    public String executorSource(Interface iface) {
        return "src/" + classBase(iface) + "_exec.cpp";
    }

    public String glueHeader(Interface iface) {
        return "src/" + glueClass(iface) + ".h";
    }

    public String glueSource(Interface iface) {
        return "src/" + glueClass(iface) + ".cpp";
    }

    public String consumerHeader(EventType type) {
        return "src/" + consumerClass(type) + ".h";
    }

    public String consumerSource(EventType type) {
        return "src/" + consumerClass(type) + ".cpp";
    }

    /** The cube() helpers of the cubit behaviour. */
    public String cubitHeader(BenchmarkModel model) {
        return "src/" + model.getName() + "_cubit.h";
    }

    public String processSource(String process) {
        return "src/" + process + ".cpp";
    }

    /** The executable of a process, relative to the benchmark folder. */
    public String executable(String process) {
        return "build/" + process;
    }

    /** The omniORB configuration file of a process ({@code -ORBconfigFile}). */
    public String configFile(String process) {
        return "config/" + process + ".cfg";
    }

    /** The script that starts omniEvents in the run folder. */
    public String eventServiceScript() {
        return "scripts/omniEvents.sh";
    }

    /** The manifest's name of the omniEvents process. */
    public String eventServiceProcess() {
        return "omniEvents";
    }

    /** Header and source files of the support code every benchmark gets, without folder. */
    public List<String> supportFiles(boolean events) {
        return events ? List.of("bgml_omniorb.h", "bgml_omniorb.cpp", "bgml_omniorb_events.h", "bgml_omniorb_events.cpp",
                "bgml_omniorb_probes.h", "bgml_omniorb_probes.cpp")
                : List.of("bgml_omniorb.h", "bgml_omniorb.cpp", "bgml_omniorb_probes.h", "bgml_omniorb_probes.cpp");
    }

    /** The IOR file of the push consumer a sink offers for one event connection. */
    public String consumerIorFile(Entity entity, EventSink sink, Connection connection) {
        return entity.getName() + "_" + sink.getName() + "_" + connection.getName() + ".ior";
    }

    // ---- CMake ----------------------------------------------------------------------------------------------

    /** The static library of everything the processes share (stubs, servants, support). */
    public String commonLibrary(BenchmarkModel model) {
        return model.getName() + "_common";
    }

    // ---- C++ classes ----------------------------------------------------------------------------------------

    /** {@code RoundTrip_i}; interfaces sharing a simple name in different modules get their flat name. */
    @Override
    public String servantClass(NamedElement iface) {
        return classBase(iface) + "_i";
    }

    /** The plain C++ executor a component's facet delegates to: {@code RoundTrip_exec_i}. */
    public String executorClass(Interface iface) {
        return classBase(iface) + "_exec_i";
    }

    /** The glue servant of component emulation: {@code RoundTrip_glue}. */
    public String glueClass(Interface iface) {
        return classBase(iface) + "_glue";
    }

    /** The push consumer servant for an event type: {@code Tick_consumer_i}. */
    public String consumerClass(EventType type) {
        return classBase(type) + "_consumer_i";
    }

    /** {@code POA_Test::RoundTrip}. */
    public String skeletonClass(Interface iface) {
        return "POA_" + scopedName(iface);
    }

    /** {@code ::Test::RoundTrip}. */
    public String cppName(IdlDefinition definition) {
        return "::" + scopedName(definition);
    }

    /** The module of the event envelopes in the events IDL. */
    public String envelopeModule() {
        return "BgmlEvents";
    }

    /** The envelope struct of an event type, {@code Test_Tick}, inside {@link #envelopeModule()}. */
    public String envelopeStruct(EventType type) {
        return flatName(type);
    }

    public String envelopeCppName(EventType type) {
        return "::" + envelopeModule() + "::" + envelopeStruct(type);
    }

    /** The namespace of the cube() helpers. */
    public String cubitNamespace() {
        return "bgml_cubit";
    }

    // ---- C++ variables in process mains ---------------------------------------------------------------------

    /** The servant of a facet: {@code TaoTaoServer_rt}. */
    public String servantVariable(Entity entity, Facet facet) {
        return entity.getName() + "_" + facet.getName();
    }

    /** The object reference the servant was activated as: {@code TaoTaoServer_rt_ref}. */
    public String objectVariable(Entity entity, Facet facet) {
        return servantVariable(entity, facet) + "_ref";
    }

    /** The reference a receptacle calls through; a multiplex receptacle gets one per connection. */
    public String receptacleVariable(Entity entity, Receptacle receptacle, Connection connection) {
        String base = entity.getName() + "_" + receptacle.getName();
        return receptacle.isMultiplex() ? base + "_" + connection.getName() : base;
    }

    /** The push consumer servant of a sink for one event connection. */
    public String consumerVariable(Entity entity, EventSink sink, Connection connection) {
        return entity.getName() + "_" + sink.getName() + "_" + connection.getName();
    }

    /** Where a supplier pushes the events of one connection (a consumer or a channel proxy). */
    public String supplierVariable(Connection connection) {
        return connection.getName() + "_push";
    }

    /** The channel reference of a process. */
    public String channelVariable(String channel) {
        return channel + "_channel";
    }

    /** A local holding one argument of a timed call: {@code arg_send_time}. */
    public String argumentVariable(String parameter) {
        return "arg_" + parameter;
    }

    // ---- helpers --------------------------------------------------------------------------------------------

    /**
     * The simple name of an IDL definition, or its flat name when another definition of the same kind in the
     * model has the same simple name (classes share one global namespace).
     */
    public String classBase(NamedElement definition) {
        boolean repeated = sameName(definition).stream().anyMatch(o -> o != definition && o.eClass() == definition.eClass());
        return repeated ? flatName(definition) : definition.getName();
    }

    /** Sorts IDL definitions by scoped name, for deterministic output. */
    public <T extends IdlDefinition> Comparator<T> byScopedName() {
        return Comparator.comparing(this::scopedName);
    }
}
