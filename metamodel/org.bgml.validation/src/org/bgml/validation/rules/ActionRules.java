package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Member;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/** The actions of a facet's or sink's behaviour: what each one names, and where the chains they form lead. */
public final class ActionRules implements RuleSet {
    /** Every port an action names belongs to the entity whose facet or sink holds the action. */
    public static final String PORT = "action.port";
    /**
     * An action has what its kind needs: busy work a positive duration; a call a receptacle and an operation of
     * that receptacle's interface; a publication an event source; a forward a receptacle whose interface offers
     * the facet's operations (and a facet to forward from). The hop limit is zero or more; settings the kind
     * ignores are flagged (warning).
     */
    public static final String KIND = "action.kind";
    /** No chain of actions leads back to where it started unless an action on it has a hop limit. */
    public static final String CYCLE = "action.cycle";
    /**
     * An operation an action calls has a known type for every out and inout parameter and its result, all the
     * way down, so that the generated code can declare the typed holders the call fills.
     */
    public static final String HOLDERS = "action.holders";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        ActionGraph graph = new ActionGraph(root);
        for (Action action : Elements.allOf(root, Action.class)) {
            Port receiver = ActionGraph.receiver(action);
            if (receiver == null) {
                continue;
            }
            checkKind(action, receiver, sink);
            checkPorts(action, receiver, sink);
            checkHolders(action, sink);
            checkCycle(action, receiver, graph, sink);
        }
    }

    private static String subject(Action action, Port receiver) {
        String kind = action.getKind() == null ? "?" : action.getKind().getLiteral();
        return "the " + kind + " action " + Elements.quote(Elements.path(action)) + " of " + Elements.label(receiver);
    }

    private static void checkKind(Action action, Port receiver, DiagnosticSink sink) {
        ActionKind kind = action.getKind() == null ? ActionKind.BUSY_WORK : action.getKind();
        String s = subject(action, receiver);
        if (action.getHopLimit() < 0) {
            sink.error(KIND, action, s + " has the hop limit " + action.getHopLimit() + "; use 0 for no limit or a positive count");
        }
        boolean usesReceptacle = kind == ActionKind.CALL || kind == ActionKind.FORWARD;
        if (action.getMicros() < 0) {
            sink.error(KIND, action, s + " has negative busy work (" + action.getMicros() + " us)");
        } else if (kind == ActionKind.BUSY_WORK && action.getMicros() == 0) {
            sink.error(KIND, action, s + " spends 0 us; set micros to the busy work in microseconds, or remove the action");
        } else if (kind != ActionKind.BUSY_WORK && action.getMicros() > 0) {
            sink.warning(KIND, action, s + " ignores its micros (" + action.getMicros() + " us); add a busy-work action for that");
        }
        if (!usesReceptacle && action.getReceptacle() != null) {
            sink.warning(KIND, action, s + " ignores its receptacle " + Elements.quote(Elements.path(action.getReceptacle())));
        }
        if (kind != ActionKind.CALL && action.getOperation() != null) {
            sink.warning(KIND, action, s + " ignores its operation " + Elements.quote(Elements.path(action.getOperation())));
        }
        if (kind != ActionKind.PUBLISH && action.getSource() != null) {
            sink.warning(KIND, action, s + " ignores its event source " + Elements.quote(Elements.path(action.getSource())));
        }
        switch (kind) {
            case CALL -> checkCall(action, s, sink);
            case PUBLISH -> {
                if (action.getSource() == null) {
                    sink.error(KIND, action, s + " names no event source to publish on (source)");
                }
            }
            case FORWARD -> checkForward(action, receiver, s, sink);
            default -> {
            }
        }
    }

    private static void checkCall(Action action, String s, DiagnosticSink sink) {
        if (action.getReceptacle() == null) {
            sink.error(KIND, action, s + " names no receptacle to call through (receptacle)");
            return;
        }
        Receptacle r = Elements.resolved(action.getReceptacle());
        Interface type = r == null ? null : Elements.resolved(r.getInterface());
        if (action.getOperation() == null) {
            sink.error(KIND, action, s + " names no operation to call" + (type == null ? ""
                    : "; interface " + Elements.quote(Elements.path(type)) + " offers " + names(IdlTypes.allOperations(type))));
            return;
        }
        Operation op = Elements.resolved(action.getOperation());
        if (op != null && type != null && !IdlTypes.allOperations(type).contains(op)) {
            sink.error(KIND, action, s + " calls " + Elements.quote(Elements.path(op)) + " through " + Elements.label(r)
                    + ", whose interface " + Elements.quote(Elements.path(type)) + " does not offer it (it offers "
                    + names(IdlTypes.allOperations(type)) + ")");
        }
    }

    private static void checkForward(Action action, Port receiver, String s, DiagnosticSink sink) {
        if (!(receiver instanceof Facet facet)) {
            sink.error(KIND, action, s + " forwards, but an event sink receives no call to forward; use a call or a publish action");
            return;
        }
        if (action.getReceptacle() == null) {
            sink.error(KIND, action, s + " names no receptacle to forward through (receptacle)");
            return;
        }
        Receptacle r = Elements.resolved(action.getReceptacle());
        Interface provided = Elements.resolved(facet.getInterface());
        Interface used = r == null ? null : Elements.resolved(r.getInterface());
        if (provided != null && used != null && !IdlTypes.isOrInherits(used, provided)) {
            sink.error(KIND, action, s + " forwards calls on " + Elements.quote(Elements.path(provided)) + " through "
                    + Elements.label(r) + ", whose interface " + Elements.quote(Elements.path(used)) + " does not offer them");
        }
    }

    private static void checkPorts(Action action, Port receiver, DiagnosticSink sink) {
        EObject owner = receiver.eContainer();
        for (Port named : new Port[] { Elements.resolved(action.getReceptacle()), Elements.resolved(action.getSource()) }) {
            if (named != null && named.eContainer() != owner) {
                sink.error(PORT, action, subject(action, receiver) + " names " + Elements.label(named) + ", which belongs to "
                        + Elements.label(named.eContainer()) + "; an action sends only through the ports of its own entity "
                        + Elements.quote(Elements.path(owner)));
            }
        }
    }

    private static void checkHolders(Action action, DiagnosticSink sink) {
        if (action.getKind() != ActionKind.CALL) {
            return;
        }
        Operation op = Elements.resolved(action.getOperation());
        if (op == null) {
            return;
        }
        List<String> unknown = new ArrayList<>();
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() == ParameterDirection.OUT || p.getDirection() == ParameterDirection.INOUT) {
                String why = unknownType(p.getType(), new ArrayList<>());
                if (why != null) {
                    unknown.add(p.getDirection().getLiteral() + " parameter " + Elements.quote(Elements.name(p)) + " (" + why + ")");
                }
            }
        }
        if (op.getReturnType() != null) {
            String why = unknownType(op.getReturnType(), new ArrayList<>());
            if (why != null) {
                unknown.add("the result (" + why + ")");
            }
        }
        if (!unknown.isEmpty()) {
            sink.error(HOLDERS, action, subject(action, ActionGraph.receiver(action)) + " calls "
                    + Elements.quote(Elements.path(op)) + ", but no typed holder can be declared for "
                    + String.join(", ", unknown) + "; give every out and inout parameter a known type");
        }
    }

    /** Why {@code ref} has no type the generated code can declare, or null when it has one. */
    private static String unknownType(TypeRef ref, List<NamedType> open) {
        if (ref == null) {
            return "no type";
        }
        NamedType named = ref.getNamed();
        if (named == null) {
            return ref.isSetPrimitive() ? null : "no type";
        }
        if (named.eIsProxy()) {
            return "its type does not resolve";
        }
        if (open.contains(named)) {
            return null; // recursion through a sequence: a legal IDL type, reported elsewhere when it is not
        }
        open.add(named);
        try {
            if (named instanceof Typedef t) {
                return within(named, unknownType(t.getAliasedType(), open));
            }
            if (named instanceof Sequence q) {
                return within(named, unknownType(q.getElementType(), open));
            }
            List<Member> members = named instanceof Struct st ? st.getMembers()
                    : named instanceof EventType e ? e.getMembers() : List.of();
            for (Member m : members) {
                String why = unknownType(m.getType(), open);
                if (why != null) {
                    return "member " + Elements.quote(Elements.name(m)) + " of " + Elements.quote(Elements.path(named)) + " has " + why;
                }
            }
            return null;
        } finally {
            open.remove(open.size() - 1);
        }
    }

    private static String within(NamedType outer, String why) {
        return why == null ? null : Elements.quote(Elements.path(outer)) + " stands for a type with " + why;
    }

    private static void checkCycle(Action action, Port receiver, ActionGraph graph, DiagnosticSink sink) {
        if (action.getHopLimit() > 0 || !ActionGraph.sends(action)) {
            return;
        }
        for (Port next : graph.next(action)) {
            List<Port> back = graph.chain(next, receiver, a -> a.getHopLimit() <= 0);
            if (back != null) {
                List<Port> cycle = new ArrayList<>();
                cycle.add(receiver);
                cycle.addAll(back);
                sink.error(CYCLE, action, subject(action, receiver) + " starts a chain that comes back to "
                        + Elements.label(receiver) + " (" + Cycles.describe(cycle, Elements::path)
                        + "); every call or event would circulate forever. Set a hopLimit on one action of the cycle");
                return;
            }
        }
    }

    private static String names(List<Operation> operations) {
        return operations.isEmpty() ? "no operations" : String.join(", ", operations.stream().map(Elements::name).toList());
    }
}
