package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.handler.IdlTypes;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.BgmlPackage;
import org.bgml.model.EventType;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Interface;
import org.bgml.model.Module;
import org.bgml.model.Member;
import org.bgml.model.NamedElement;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.TypeRef;
import org.eclipse.emf.ecore.EObject;

/**
 * A port's interface or event type chosen by scoped name; a new name creates the type (and its modules). A new event
 * type gets one member, {@code unsigned long count}: the CORBA 2.x targets carry an event as an IDL struct, and IDL has
 * no empty struct, so a memberless event type would validate and then fail to compile.
 */
final class IdlTypeChoice {
    private IdlTypeChoice() {
    }

    /**
     * The {@code type} named {@code scoped} ({@code Bench::Echo}), created when the model has none: its creation is
     * added to {@code changes}. Null for an empty name. Throws when the name is taken by something else or is not legal.
     */
    static <T extends NamedElement> T resolveOrCreate(BenchmarkModel model, String scoped, Class<T> type, List<Runnable> changes) {
        if (scoped.isEmpty()) {
            return null;
        }
        EObject found = ModelElements.resolve(model, scoped);
        if (type.isInstance(found)) {
            return type.cast(found);
        }
        if (found != null) {
            throw new IllegalArgumentException("'" + scoped + "' is a " + found.eClass().getName() + ", not a " + type.getSimpleName());
        }
        for (String part : scoped.split("::")) {
            String problem = ModelElements.nameProblem(model, null, part);
            if (problem != null && !problem.contains("already used")) {
                throw new IllegalArgumentException(problem);
            }
        }
        Module module = IdlTypes.moduleFor(model, scoped, changes);
        String name = IdlTypes.simpleName(scoped);
        String problem = ModelElements.nameProblem(module, null, name);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        T created = type.cast(BgmlFactory.eINSTANCE.create(type == Interface.class ? BgmlPackage.Literals.INTERFACE
                : BgmlPackage.Literals.EVENT_TYPE));
        created.setName(name);
        if (created instanceof EventType event) {
            Member count = BgmlFactory.eINSTANCE.createMember();
            count.setName("count");
            TypeRef unsignedLong = BgmlFactory.eINSTANCE.createTypeRef();
            unsignedLong.setPrimitive(PrimitiveKind.UNSIGNED_LONG);
            count.setType(unsignedLong);
            event.getMembers().add(count);
        }
        changes.add(() -> module.getDefinitions().add((IdlDefinition) created));
        return created;
    }
}
