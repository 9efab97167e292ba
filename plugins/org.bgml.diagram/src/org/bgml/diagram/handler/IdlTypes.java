package org.bgml.diagram.handler;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Interface;
import org.bgml.model.Module;
import org.bgml.model.io.ElementPaths;

/** The IDL types a port can use, and creating one by its scoped name from the property sheet. */
public final class IdlTypes {
    private IdlTypes() {
    }

    public static <T> List<T> all(BenchmarkModel model, Class<T> type) {
        List<T> found = new ArrayList<>();
        model.eAllContents().forEachRemaining(o -> {
            if (type.isInstance(o) && o.eContainer() instanceof Module) {
                found.add(type.cast(o));
            }
        });
        return found;
    }

    public static List<String> paths(BenchmarkModel model, Class<?> type) {
        return all(model, type).stream().map(o -> ElementPaths.pathOf((org.eclipse.emf.ecore.EObject) o)).toList();
    }

    /**
     * Where a new type named {@code scoped} ({@code Module::Name} or {@code Name}) goes: its module, created when
     * missing (a bare name goes into the model's first module, or a module named after the model).
     */
    public static Module moduleFor(BenchmarkModel model, String scoped, List<Runnable> changes) {
        String[] parts = scoped.split("::");
        if (parts.length == 1) {
            if (!model.getModules().isEmpty()) {
                return model.getModules().get(0);
            }
            Module m = BgmlFactory.eINSTANCE.createModule();
            m.setName(model.getName() == null ? "Bench" : model.getName() + "Idl");
            changes.add(() -> model.getModules().add(m));
            return m;
        }
        Module current = null;
        for (int i = 0; i < parts.length - 1; i++) {
            String name = parts[i];
            List<? extends IdlDefinition> scope = current == null ? model.getModules() : current.getDefinitions();
            Module next = null;
            for (IdlDefinition d : scope) {
                if (d instanceof Module m && name.equals(m.getName())) {
                    next = m;
                }
            }
            if (next == null) {
                next = BgmlFactory.eINSTANCE.createModule();
                next.setName(name);
                Module parent = current;
                Module created = next;
                changes.add(() -> {
                    if (parent == null) {
                        model.getModules().add(created);
                    } else {
                        parent.getDefinitions().add(created);
                    }
                });
            }
            current = next;
        }
        return current;
    }

    public static String simpleName(String scoped) {
        String[] parts = scoped.split("::");
        return parts[parts.length - 1];
    }

    public static boolean isInterface(Object o) {
        return o instanceof Interface;
    }
}
