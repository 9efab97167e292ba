package org.bgml.generator.omniorb;

import java.util.SortedSet;

import org.bgml.model.BehaviourKind;
import org.bgml.model.Interface;

/**
 * One generated class that implements an interface: a CORBA 2.x servant ({@code RoundTrip_i}) or, for
 * component emulation, an executor ({@code RoundTrip_exec_i}) behind a glue servant.
 *
 * @param kinds the behaviours the model gives its facets, in declaration order of the enum
 */
public record ServantClass(Interface iface, String className, boolean executor, SortedSet<BehaviourKind> kinds) {

    /** More than one behaviour: the class picks one at construction. */
    public boolean chooses() {
        return kinds.size() > 1;
    }

    public boolean busyWork() {
        return kinds.contains(BehaviourKind.BUSY_WORK);
    }

    public boolean forwards() {
        return kinds.contains(BehaviourKind.FORWARD);
    }
}
