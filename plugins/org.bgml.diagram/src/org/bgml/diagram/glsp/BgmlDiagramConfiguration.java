package org.bgml.diagram.glsp;

import static org.bgml.diagram.BgmlTypes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.glsp.graph.DefaultTypes;
import org.eclipse.glsp.graph.GraphPackage;
import org.eclipse.glsp.server.diagram.BaseDiagramConfiguration;
import org.eclipse.glsp.server.layout.ServerLayoutKind;
import org.eclipse.glsp.server.types.EdgeTypeHint;
import org.eclipse.glsp.server.types.ShapeTypeHint;

/**
 * Type hints (what can be moved, resized, deleted, what may contain what, which ports an edge may join) and the
 * layout contract: the server lays out everything, so the client never needs to measure ({@code needsClientLayout}
 * false).
 */
public class BgmlDiagramConfiguration extends BaseDiagramConfiguration {
    @Override
    public Map<String, EClass> getTypeMappings() {
        Map<String, EClass> m = DefaultTypes.getDefaultTypeMappings();
        for (String t : ENTITY_TYPES) {
            m.put(t, GraphPackage.Literals.GNODE);
        }
        m.put(PROCESS, GraphPackage.Literals.GNODE);
        for (String t : PORT_TYPES) {
            m.put(t, GraphPackage.Literals.GPORT);
        }
        m.put(INVOCATION, GraphPackage.Literals.GEDGE);
        m.put(EVENT, GraphPackage.Literals.GEDGE);
        for (String t : List.of(LABEL_NAME, LABEL_KIND, LABEL_RESULT, LABEL_HOP, LABEL_METRIC, LABEL_OPTION)) {
            m.put(t, GraphPackage.Literals.GLABEL);
        }
        return m;
    }

    @Override
    public List<ShapeTypeHint> getShapeTypeHints() {
        List<ShapeTypeHint> hints = new ArrayList<>();
        for (String t : List.of(SERVER, CLIENT, COMPONENT)) {
            hints.add(new ShapeTypeHint(t, true, true, true, false, new ArrayList<>(PORT_TYPES)));
        }
        List<String> inAssembly = new ArrayList<>(PORT_TYPES);
        inAssembly.add(COMPONENT);
        hints.add(new ShapeTypeHint(ASSEMBLY, true, true, true, false, inAssembly));
        hints.add(new ShapeTypeHint(PROCESS, false, false, false, false, new ArrayList<>()));
        for (String t : PORT_TYPES) {
            hints.add(new ShapeTypeHint(t, false, true, false, false, new ArrayList<>()));
        }
        hints.add(new ShapeTypeHint(LABEL_METRIC, false, true, false, false, new ArrayList<>()));
        return hints;
    }

    @Override
    public List<EdgeTypeHint> getEdgeTypeHints() {
        return List.of(new EdgeTypeHint(INVOCATION, false, true, false, List.of(RECEPTACLE), List.of(FACET)),
                new EdgeTypeHint(EVENT, false, true, false, List.of(SOURCE), List.of(SINK)));
    }

    @Override
    public ServerLayoutKind getLayoutKind() {
        return ServerLayoutKind.MANUAL;
    }

    @Override
    public boolean needsClientLayout() {
        return false;
    }

    @Override
    public boolean animatedUpdate() {
        return false;
    }
}
