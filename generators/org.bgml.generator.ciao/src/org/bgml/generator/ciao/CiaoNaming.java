package org.bgml.generator.ciao;

import java.util.Locale;

import org.bgml.generator.common.Naming;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Component;
import org.bgml.model.Facet;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Module;
import org.bgml.model.NamedElement;
import org.bgml.model.Port;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * Every name of the {@code ciao} target: files, MPC projects and libraries, export macros, the C++ names that
 * CIAO's IDL compiler and executor conventions imply ({@code CIAO_<Module>_<Comp>_Impl}, {@code <Comp>_exec_i},
 * {@code create_<Module>_<Comp>_Impl}), and the names in the DAnCE deployment plan.
 * <p>
 * Component types live in one IDL module named after the model ({@code RoundTrip::CiaoCiaoServer}); when the
 * model's own IDL already has a top-level module of that name, {@code _CCM} is appended so the two never mix.
 */
public class CiaoNaming extends Naming {

    // ---- the model and its IDL files ---------------------------------------------------------------------

    public BenchmarkModel model(EObject element) {
        return (BenchmarkModel) EcoreUtil.getRootContainer(element);
    }

    /** The IDL module holding the component and home definitions. */
    public String componentModule(BenchmarkModel model) {
        for (Module m : model.getModules()) {
            if (m.getName().equals(model.getName())) {
                return model.getName() + "_CCM";
            }
        }
        return model.getName();
    }

    /**
     * The header of components whose calls run on their ORB's event-loop thread ({@link CiaoDeployment#callsOnOrbThread}):
     * {@code cpp/bgml_ciao_orb_thread.h}, copied as is.
     */
    public static final String ORB_THREAD_HEADER = "bgml_ciao_orb_thread.h";

    /** How long such a component's driver waits for the event loop to take its calls before it makes them itself. */
    public static final int ORB_THREAD_SECONDS = 30;

    /** The support header every executor and CORBA 2.x process includes: {@code cpp/bgml_ciao.h}, copied as is. */
    public String supportHeader() {
        return "bgml_ciao.h";
    }

    public String supportHeaderPath() {
        return "src/" + supportHeader();
    }

    /** The tao target's process support, which the CORBA 2.x processes include: {@code bgml_tao.h}. */
    public String taoSupportHeader() {
        return org.bgml.generator.tao.TaoSupport.HEADER;
    }

    /** Base name of the CORBA 2.x IDL (interfaces, types, event types): {@code RoundTrip}. */
    public String baseName(BenchmarkModel model) {
        return model.getName();
    }

    public String baseIdl(BenchmarkModel model) {
        return "idl/" + baseName(model) + ".idl";
    }

    /** The local executor mapping IDL that tao_idl writes for an IDL file: {@code RoundTripE.idl}. */
    public String lemIdl(String base) {
        return base + "E.idl";
    }

    /** File and library stem of a component: {@code RoundTrip_CiaoCiaoServer}. */
    public String componentBase(Component c) {
        return componentModule(model(c)) + "_" + c.getName();
    }

    public String componentIdl(Component c) {
        return "idl/" + componentBase(c) + ".idl";
    }

    /** {@code RoundTrip::CiaoCiaoServer}: the component's scoped name. */
    public String componentScoped(Component c) {
        return componentModule(model(c)) + "::" + c.getName();
    }

    public String home(Component c) {
        return c.getName() + "Home";
    }

    // ---- generated C++ (folder src/, tao_idl output in gen/) ---------------------------------------------

    /** Where tao_idl writes its output, relative to the benchmark folder. */
    public String genDir() {
        return "gen";
    }

    public String execHeader(Component c) {
        return componentBase(c) + "_exec.h";
    }

    public String execSource(Component c) {
        return componentBase(c) + "_exec.cpp";
    }

    /** {@code CIAO_RoundTrip_CiaoCiaoServer_Impl}: the namespace tao_idl's executor mapping uses. */
    public String execNamespace(Component c) {
        return "CIAO_" + componentBase(c) + "_Impl";
    }

    /** {@code CiaoCiaoServer_Exec}: the executor base typedef in that namespace. */
    public String execBase(Component c) {
        return c.getName() + "_Exec";
    }

    public String execClass(Component c) {
        return c.getName() + "_exec_i";
    }

    public String homeExecBase(Component c) {
        return home(c) + "_Exec";
    }

    public String homeExecClass(Component c) {
        return home(c) + "_exec_i";
    }

    /** Facet executor class, named after the port as {@code tao_idl -Gex} does: {@code rt_exec_i}. */
    public String facetExecClass(Facet f) {
        return f.getName() + "_exec_i";
    }

    /** {@code ::RoundTrip::CCM_CiaoCiaoServer_Context}. */
    public String contextType(Component c) {
        return "::" + componentModule(model(c)) + "::CCM_" + c.getName() + "_Context";
    }

    /** {@code ::Test::CCM_RoundTrip}: the local executor interface of a facet type. */
    public String facetExecType(NamedElement iface) {
        String scoped = scopedName(iface);
        int last = scoped.lastIndexOf("::");
        return "::" + (last < 0 ? "CCM_" + scoped : scoped.substring(0, last + 2) + "CCM_" + scoped.substring(last + 2));
    }

    public String componentFactory(Component c) {
        return "create_" + componentBase(c) + "_Impl";
    }

    public String homeFactory(Component c) {
        return "create_" + componentModule(model(c)) + "_" + home(c) + "_Impl";
    }

    public String servantFactory(Component c) {
        return "create_" + componentBase(c) + "_Servant";
    }

    /** The class that runs a client component's metric loops on its own thread. */
    public String driverClass(Component c) {
        return c.getName() + "_driver";
    }

    // ---- libraries, MPC projects, export macros ----------------------------------------------------------

    public String baseStubLib(BenchmarkModel m) {
        return baseName(m) + "_stub";
    }

    public String baseSkelLib(BenchmarkModel m) {
        return baseName(m) + "_skel";
    }

    public String baseLemStubLib(BenchmarkModel m) {
        return baseName(m) + "_lem_stub";
    }

    public String baseIdlProject(BenchmarkModel m) {
        return baseName(m) + "_idl_gen";
    }

    public String baseLemProject(BenchmarkModel m) {
        return baseName(m) + "_lem_gen";
    }

    public String stubLib(Component c) {
        return componentBase(c) + "_stub";
    }

    public String lemStubLib(Component c) {
        return componentBase(c) + "_lem_stub";
    }

    public String execLib(Component c) {
        return componentBase(c) + "_exec";
    }

    public String svntLib(Component c) {
        return componentBase(c) + "_svnt";
    }

    public String idlProject(Component c) {
        return componentBase(c) + "_idl_gen";
    }

    public String lemProject(Component c) {
        return componentBase(c) + "_lem_gen";
    }

    public String mpcFile(BenchmarkModel m) {
        return baseName(m) + ".mpc";
    }

    public String mwcFile(BenchmarkModel m) {
        return baseName(m) + ".mwc";
    }

    /** {@code ROUNDTRIP_CIAOCIAOSERVER_EXEC}: stem of an export macro and its build flag. */
    public String exportStem(String library) {
        return library.toUpperCase(Locale.ROOT);
    }

    /** {@code ROUNDTRIP_CIAOCIAOSERVER_EXEC_Export}. */
    public String exportMacro(String library) {
        return exportStem(library) + "_Export";
    }

    /** {@code ROUNDTRIP_CIAOCIAOSERVER_EXEC_BUILD_DLL}: defined while the library itself is compiled. */
    public String exportBuildFlag(String library) {
        return exportStem(library) + "_BUILD_DLL";
    }

    /** {@code RoundTrip_CiaoCiaoServer_exec_export.h}, in src/. */
    public String exportHeader(String library) {
        return library + "_export.h";
    }

    // ---- CORBA 2.x (plain TAO) processes -----------------------------------------------------------------

    public String taoMain(String process) {
        return process + ".cpp";
    }

    /** The program that waits for the client components' result files: the completion step of a run. */
    public String awaitProgram(BenchmarkModel m) {
        return baseName(m) + "_await";
    }

    /** The executable of a CORBA 2.x process, relative to the benchmark folder. */
    public String taoExecutable(String process) {
        return "bin/" + process;
    }

    // ---- deployment plan ----------------------------------------------------------------------------------

    public String planFile(String deployment, BenchmarkModel m) {
        return "descriptors/" + (deployment == null ? baseName(m) : deployment) + ".cdp";
    }

    public String instanceId(Component c) {
        return componentModule(model(c)) + "." + c.getName();
    }

    public String implementationId(Component c) {
        return componentBase(c) + "_Implementation";
    }

    public String execArtifactId(Component c) {
        return componentBase(c) + "_ExecArtifact";
    }

    public String svntArtifactId(Component c) {
        return componentBase(c) + "_SvntArtifact";
    }

    /** The file DAnCE writes the component reference to (configProperty edu.vanderbilt.dre.DAnCE.InstanceIOR). */
    public String instanceIor(Component c) {
        return c.getName() + ".ior";
    }

    public String nodeManagerIor(String node) {
        return "NodeManager_" + node + ".ior";
    }

    public String executionManagerIor() {
        return "ExecutionManager.ior";
    }

    /** Manifest name of a node's dance_node_manager. */
    public String nodeManagerProcess(String node) {
        return "NodeManager_" + node;
    }

    /** Scoped name of a port's element path owner, for user code region ids: {@code CiaoCiaoServer/rt}. */
    public String portPath(Port p) {
        return ((NamedElement) p.eContainer()).getName() + "/" + p.getName();
    }

    /** Scoped IDL name with a leading {@code ::}, as C++ code spells it. */
    public String cppScoped(IdlDefinition d) {
        return "::" + scopedName(d);
    }
}
