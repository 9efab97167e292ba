package org.bgml.model.patterns;

import java.util.List;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Component;
import org.bgml.model.FunctionalPath;
import org.bgml.model.Interface;
import org.bgml.model.Operation;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.ProbeLocation;
import org.bgml.model.ProbePoint;

/**
 * DBA-color on a rows x cols grid: each agent exchanges value and improvement messages (oneway calls) with its four
 * neighbours; white-box probes time the segments of both halves of a cycle at the first agent. With nodes above 1 the
 * agents are dealt round-robin to nodes n1..nN (their own hosts, for a Slurm run), as the paper spread them.
 */
final class MeshPattern extends ShippedPattern {
    private static final String[] SEGMENTS = { "marshal", "send", "wait", "receive", "dispatch", "demarshal", "algorithm" };
    private static final ProbeLocation[] LOCATIONS = { ProbeLocation.MIDDLEWARE, ProbeLocation.MIDDLEWARE, ProbeLocation.APPLICATION,
            ProbeLocation.MIDDLEWARE, ProbeLocation.MIDDLEWARE, ProbeLocation.GLUE, ProbeLocation.EXECUTOR };

    MeshPattern() {
        super("mesh", "Mesh", "DBA-color agents on a rows x cols grid, each talking to its four neighbours; cycle segments at the first agent.",
                PatternParameter.integer("rows", 3, 1, 20, "Rows of the grid."),
                PatternParameter.integer("cols", 3, 1, 20, "Columns of the grid."),
                PatternParameter.integer("nodes", 1, 1, 16, "Nodes the agents are dealt to: 1 is this machine (localhost)."),
                SAMPLES);
    }

    @Override
    public void build(PatternBuilder b, PatternArguments a) throws PatternException {
        int rows = a.integer("rows");
        int cols = a.integer("cols");
        int nodes = a.integer("nodes");
        if (rows * cols < 2) {
            throw new PatternException("pattern mesh needs at least 2 agents; rows=" + rows + " cols=" + cols + " gives " + rows * cols);
        }
        if (nodes > rows * cols) {
            throw new PatternException("pattern mesh: nodes=" + nodes + " is more than its " + rows * cols + " agents");
        }
        b.module("IDL of the DBA-color mesh.");
        Interface nb = b.iface("Neighbour", "What an agent receives from each neighbour in every cycle.");
        Operation ok = b.operation(nb, "ok", null, true, "agent", PrimitiveKind.SHORT, "color", PrimitiveKind.SHORT);
        Operation improve = b.operation(nb, "improve", null, true, "agent", PrimitiveKind.SHORT, "improvement", PrimitiveKind.SHORT);
        Component[][] agents = new Component[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                Component agent = b.component("Agent_" + r + "_" + c, null);
                b.facet(agent, "inbox", nb);
                b.receptacle(agent, "neighbours", nb, true);
                agents[r][c] = agent;
            }
        }
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (r + 1 < rows) {
                    link(b, agents, r, c, r + 1, c);
                }
                if (c + 1 < cols) {
                    link(b, agents, r, c, r, c + 1);
                }
            }
        }
        probes(b, "ValueCycle", "value", agents[0][0], ok, a.integer("samples"));
        probes(b, "ImprovementCycle", "improvement", agents[0][0], improve, a.integer("samples"));
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int i = r * cols + c;
                String node = nodes == 1 ? PatternBuilder.LOCALHOST : "n" + (i % nodes + 1);
                b.process("P_" + r + "_" + c, node, 0, List.of(agents[r][c]));
            }
        }
    }

    private static void link(PatternBuilder b, Component[][] agents, int r1, int c1, int r2, int c2) {
        Component a = agents[r1][c1];
        Component z = agents[r2][c2];
        b.connect("L_" + r1 + "_" + c1 + "_to_" + r2 + "_" + c2, a.getPorts().get(1), z.getPorts().get(0), null);
        b.connect("L_" + r2 + "_" + c2 + "_to_" + r1 + "_" + c1, z.getPorts().get(1), a.getPorts().get(0), null);
    }

    private static void probes(PatternBuilder b, String local, String half, Component at, Operation op, int samples) {
        FunctionalPath m = BgmlFactory.eINSTANCE.createFunctionalPath();
        m.setName(b.name(local));
        m.setDescription("Mechanism-level segments of the " + half + " half of a DBA-color cycle at " + at.getName() + ".");
        m.setSamples(samples);
        m.setPort(at.getPorts().get(0));
        m.setOperation(op);
        for (int i = 0; i < SEGMENTS.length; i++) {
            ProbePoint p = BgmlFactory.eINSTANCE.createProbePoint();
            p.setName(SEGMENTS[i]);
            p.setLocation(LOCATIONS[i]);
            m.getProbes().add(p);
        }
        b.model().getMetrics().add(m);
    }
}
