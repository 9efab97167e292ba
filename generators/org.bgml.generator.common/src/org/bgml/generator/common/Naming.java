package org.bgml.generator.common;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Entity;
import org.bgml.model.Facet;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Module;
import org.bgml.model.ModelIndex;
import org.bgml.model.NamedElement;
import org.eclipse.emf.ecore.EObject;

/**
 * Every name the generators produce: files, C++ classes, include guards, IDL scoped names. Templates ask
 * here instead of concatenating strings. Targets extend it for their own conventions.
 */
public class Naming {
    /** The model whose named elements {@link #sameName} has indexed, and that index. */
    private BenchmarkModel indexed;
    private Map<String, List<NamedElement>> byName = Map.of();

    /**
     * Indexes the named elements of {@code model} by simple name. A generation calls it once at its start, so
     * that names looked up per element cost no walk over the whole model and never come from an older state
     * of a model that was edited since.
     */
    public void index(BenchmarkModel model) {
        Map<String, List<NamedElement>> names = new HashMap<>();
        for (NamedElement n : ModelIndex.of(model).allOf(NamedElement.class)) {
            if (n != model && n.getName() != null) {
                names.computeIfAbsent(n.getName(), k -> new ArrayList<>()).add(n);
            }
        }
        indexed = model;
        byName = names;
    }

    /** Every named element of the model of {@code element} with the same simple name, {@code element} included. */
    protected List<NamedElement> sameName(NamedElement element) {
        BenchmarkModel model = null;
        for (EObject c = element; c != null && model == null; c = c.eContainer()) {
            model = c instanceof BenchmarkModel m ? m : null;
        }
        if (model == null) {
            return List.of(element);
        }
        if (model != indexed) {
            index(model);
        }
        return byName.getOrDefault(element.getName(), List.of(element));
    }

    /** The IDL file holding the model's CORBA 2.x definitions. */
    public String idlFile(BenchmarkModel model) {
        return model.getName() + ".idl";
    }

    /** {@code Test::RoundTrip}: the IDL scoped name, which is also the C++ qualified name. */
    public String scopedName(NamedElement element) {
        List<String> names = new ArrayList<>();
        for (EObject o = element; o instanceof IdlDefinition d; o = o.eContainer()) {
            names.add(0, d.getName());
        }
        if (names.isEmpty()) {
            names.add(element.getName());
        }
        return String.join("::", names);
    }

    /** {@code Test_RoundTrip}: the scoped name flattened into one identifier. */
    public String flatName(NamedElement element) {
        return scopedName(element).replace("::", "_");
    }

    /** The modules enclosing a definition, outermost first. */
    public List<Module> enclosingModules(EObject definition) {
        List<Module> modules = new ArrayList<>();
        for (EObject o = definition.eContainer(); o instanceof Module m; o = o.eContainer()) {
            modules.add(0, m);
        }
        return modules;
    }

    /** The IOR file a server writes for one facet, in the run folder. */
    public String iorFile(Entity entity, Facet facet) {
        return entity.getName() + "_" + facet.getName() + ".ior";
    }

    /** The JSON result file a process writes, relative to the run folder. */
    public String resultFile(String process) {
        return "results/" + process + ".json";
    }

    /** The process an entity gets when the model has no deployment. */
    public String defaultProcess(Entity entity) {
        return entity.getName() + "_process";
    }

    /** The servant class implementing an interface: {@code RoundTrip_i}. */
    public String servantClass(NamedElement iface) {
        return iface.getName() + "_i";
    }

    /** {@code BGML_ROUNDTRIP_I_H}-style include guard for a generated header path. */
    public String includeGuard(String path) {
        return "BGML_" + path.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }
}
