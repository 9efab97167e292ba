package org.bgml.generator.common.plan;

import org.bgml.model.Behaviour;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Component;
import org.bgml.model.Entity;
import org.bgml.model.Facet;
import org.bgml.model.Interface;

/**
 * One object a process activates: a facet of a server or component. For components the object is the
 * glue servant that delegates to the executor (CIAO's extra hop, emulated on CORBA 2.x targets).
 */
public record ServantPlan(Entity entity, Facet facet, String iorFile) {
    public Interface iface() {
        return facet.getInterface();
    }

    public boolean isComponent() {
        return entity instanceof Component;
    }

    public BehaviourKind behaviour() {
        Behaviour b = facet.getBehaviour();
        return b == null ? BehaviourKind.ECHO : b.getKind();
    }

    public int busyWorkMicros() {
        Behaviour b = facet.getBehaviour();
        return b == null ? 0 : b.getBusyWorkMicros();
    }
}
