package org.bgml.diagram.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.gmodel.NodeGeometry;
import org.bgml.model.Assembly;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.Port;
import org.bgml.model.io.ElementPaths;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.PortConstraints;
import org.eclipse.elk.core.options.PortSide;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkConnectableShape;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.ElkPort;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Automatic layout with ELK's layered algorithm, on the server. Models without stored positions are laid out
 * completely, left to right along their connections; assemblies first (their components inside them), then
 * the top level with each assembly as one box. Nodes added later to a laid-out model are placed beside it, so
 * a user's arrangement is never moved without asking (the {@code layout} operation re-runs ELK on everything).
 */
public final class AutoLayout {
    public static final double ASSEMBLY_PADDING = 16;
    /**
     * Above this many nodes in one group ELK's layered algorithm takes too long on these graphs (about 9 s for 200
     * components with 500 connections, 50 s for 400 on this machine), so {@link #columns} places them instead.
     */
    public static final int ELK_LIMIT = Integer.getInteger("bgml.layout.elkLimit", 150);
    private static boolean registered;

    private AutoLayout() {
    }

    private static synchronized void register() {
        if (!registered) {
            try {
                LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
            } catch (RuntimeException e) {
                // already registered through the service loader
            }
            registered = true;
        }
    }

    /** Gives every entity (and every component inside an assembly) a place; returns true when ELK ran. */
    public static boolean ensure(BenchmarkModel model, LayoutStore store) {
        boolean anyStored = model.getEntities().stream().anyMatch(e -> store.get(ElementPaths.pathOf(e)) != null);
        if (!anyStored) {
            layoutAll(model, store);
            return true;
        }
        double right = 0;
        for (Entity e : model.getEntities()) {
            LayoutStore.Bounds b = store.get(ElementPaths.pathOf(e));
            if (b != null) {
                right = Math.max(right, b.x() + b.width());
            }
        }
        double y = 20;
        for (Entity e : model.getEntities()) {
            if (e instanceof Assembly a) {
                ensureInside(a, store);
            }
            String id = ElementPaths.pathOf(e);
            if (store.get(id) == null) {
                double[] size = size(e, store);
                store.put(id, new LayoutStore.Bounds(right + 60, y, size[0], size[1]));
                y += size[1] + 30;
            }
        }
        return false;
    }

    /** Runs ELK over the whole model, replacing every stored position. */
    public static void layoutAll(BenchmarkModel model, LayoutStore store) {
        for (Entity e : model.getEntities()) {
            if (e instanceof Assembly a) {
                layoutGroup(new ArrayList<>(a.getComponents()), model, store, ASSEMBLY_PADDING, NodeGeometry.HEADER);
            }
        }
        layoutGroup(new ArrayList<>(model.getEntities()), model, store, 20, 20);
    }

    private static void ensureInside(Assembly a, LayoutStore store) {
        boolean missing = a.getComponents().stream().anyMatch(c -> store.get(ElementPaths.pathOf(c)) == null);
        if (!missing) {
            return;
        }
        double y = NodeGeometry.HEADER;
        double x = ASSEMBLY_PADDING;
        for (Component c : a.getComponents()) {
            LayoutStore.Bounds b = store.get(ElementPaths.pathOf(c));
            if (b != null) {
                y = Math.max(y, b.y() + b.height() + 20);
            }
        }
        for (Component c : a.getComponents()) {
            String id = ElementPaths.pathOf(c);
            if (store.get(id) == null) {
                double[] size = size(c, store);
                store.put(id, new LayoutStore.Bounds(x, y, size[0], size[1]));
                y += size[1] + 20;
            }
        }
    }

    /** Width and height of an entity: its own minimum, and for an assembly room for its components. */
    public static double[] size(Entity e, LayoutStore store) {
        double w = NodeGeometry.minWidth(e);
        double h = NodeGeometry.minHeight(e);
        if (e instanceof Assembly a) {
            for (Component c : a.getComponents()) {
                LayoutStore.Bounds b = store.get(ElementPaths.pathOf(c));
                if (b != null) {
                    w = Math.max(w, b.x() + b.width() + ASSEMBLY_PADDING + NodeGeometry.PORT_SIZE);
                    h = Math.max(h, b.y() + b.height() + ASSEMBLY_PADDING);
                }
            }
        }
        LayoutStore.Bounds stored = store.get(ElementPaths.pathOf(e));
        if (stored != null) {
            w = Math.max(w, stored.width());
            h = Math.max(h, stored.height());
        }
        return new double[] { w, h };
    }

    private static void layoutGroup(List<Entity> entities, BenchmarkModel model, LayoutStore store, double left, double top) {
        if (entities.isEmpty()) {
            return;
        }
        if (entities.size() > ELK_LIMIT) {
            columns(entities, model, store, left, top);
            return;
        }
        register();
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
        root.setProperty(CoreOptions.SPACING_NODE_NODE, 40.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 90.0);
        root.setProperty(CoreOptions.SPACING_COMPONENT_COMPONENT, 60.0);
        root.setProperty(CoreOptions.PADDING, new ElkPadding(0));
        Map<Entity, ElkNode> nodes = new HashMap<>();
        Map<Port, ElkConnectableShape> ends = new HashMap<>();
        for (Entity e : entities) {
            ElkNode n = ElkGraphUtil.createNode(root);
            double[] size = size(e, store);
            n.setDimensions(size[0], size[1]);
            n.setProperty(CoreOptions.PORT_CONSTRAINTS, PortConstraints.FIXED_POS);
            nodes.put(e, n);
            for (NodeGeometry.PortPlace place : NodeGeometry.ports(e, size[0])) {
                ElkPort p = ElkGraphUtil.createPort(n);
                p.setDimensions(NodeGeometry.PORT_SIZE, NodeGeometry.PORT_SIZE);
                p.setLocation(place.x(), place.y());
                p.setProperty(CoreOptions.PORT_SIDE, place.left() ? PortSide.WEST : PortSide.EAST);
                ends.put(place.port(), p);
            }
            if (e instanceof Assembly a) {
                for (Component c : a.getComponents()) {
                    for (Port p : c.getPorts()) {
                        ends.put(p, n);
                    }
                }
            }
        }
        for (Connection c : model.getConnections()) {
            ElkConnectableShape s = c.getSource() == null ? null : ends.get(c.getSource());
            ElkConnectableShape t = c.getTarget() == null ? null : ends.get(c.getTarget());
            if (s != null && t != null && s != t) {
                ElkGraphUtil.createSimpleEdge(s, t);
            }
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        for (Entity e : entities) {
            ElkNode n = nodes.get(e);
            store.put(ElementPaths.pathOf(e), new LayoutStore.Bounds(left + n.getX(), top + n.getY(), n.getWidth(), n.getHeight()));
        }
    }

    private static final double ROW_GAP = 40;
    private static final double COLUMN_GAP = 90;
    private static final double BAND_GAP = 80;

    /**
     * A linear-time layered placement for big diagrams: each entity goes one column to the right of the entities
     * that use it (longest path from the pure users, with the edges that close cycles left out), ordered in its column by
     * where its users are; overlong columns continue in the next one, and the columns fold into bands when there are
     * too many of them for one row.
     */
    static void columns(List<Entity> entities, BenchmarkModel model, LayoutStore store, double left, double top) {
        Map<Entity, Integer> index = new HashMap<>();
        for (int i = 0; i < entities.size(); i++) {
            index.put(entities.get(i), i);
        }
        Map<Port, Integer> owner = new HashMap<>();
        for (Entity e : entities) {
            e.getPorts().forEach(p -> owner.put(p, index.get(e)));
            if (e instanceof Assembly a) {
                a.getComponents().forEach(c -> c.getPorts().forEach(p -> owner.put(p, index.get(e))));
            }
        }
        int n = entities.size();
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new ArrayList<>());
        }
        for (Connection c : model.getConnections()) {
            Integer s = owner.get(c.getSource());
            Integer t = owner.get(c.getTarget());
            if (s != null && t != null && !s.equals(t)) {
                out.get(s).add(t);
            }
        }
        // Cycles (a ring of components) would leave every entity without a layer: drop the edges that close one (the
        // back edges of a depth-first search, iterative since a chain of a thousand entities is that deep).
        List<List<Integer>> forward = new ArrayList<>();
        List<List<Integer>> in = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            forward.add(new ArrayList<>());
            in.add(new ArrayList<>());
        }
        int[] state = new int[n]; // 0 unseen, 1 on the current path, 2 done
        int[] next = new int[n];
        int[] stack = new int[n];
        for (int root = 0; root < n; root++) {
            if (state[root] != 0) {
                continue;
            }
            int depth = 0;
            stack[depth++] = root;
            state[root] = 1;
            while (depth > 0) {
                int v = stack[depth - 1];
                if (next[v] < out.get(v).size()) {
                    int w = out.get(v).get(next[v]++);
                    if (state[w] == 1) {
                        continue; // closes a cycle
                    }
                    forward.get(v).add(w);
                    in.get(w).add(v);
                    if (state[w] == 0) {
                        state[w] = 1;
                        stack[depth++] = w;
                    }
                } else {
                    state[v] = 2;
                    depth--;
                }
            }
        }
        int[] indegree = new int[n];
        for (int v = 0; v < n; v++) {
            indegree[v] = in.get(v).size();
        }
        int[] layer = new int[n];
        java.util.ArrayDeque<Integer> ready = new java.util.ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (indegree[i] == 0) {
                ready.add(i);
            }
        }
        while (!ready.isEmpty()) {
            int v = ready.poll();
            for (int w : forward.get(v)) {
                layer[w] = Math.max(layer[w], layer[v] + 1);
                if (--indegree[w] == 0) {
                    ready.add(w);
                }
            }
        }
        int layers = 0;
        for (int l : layer) {
            layers = Math.max(layers, l + 1);
        }
        List<List<Integer>> byLayer = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            byLayer.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            byLayer.get(layer[i]).add(i);
        }
        // No column taller than a screen-shaped (16:10) drawing of all the entities would be: a layer with more
        // entities than that (many unconnected ones) continues in the next column.
        double area = 0;
        double tallest = 0;
        for (Entity e : entities) {
            double[] size = size(e, store);
            area += (size[0] + COLUMN_GAP) * (size[1] + ROW_GAP);
            tallest = Math.max(tallest, size[1] + ROW_GAP);
        }
        double maxHeight = Math.max(tallest, Math.sqrt(area / 1.6));
        // order each layer by where its users sit, and cut it into columns
        double[] rank = new double[n];
        List<List<Integer>> columns = new ArrayList<>();
        List<double[]> extent = new ArrayList<>(); // width, height of each column
        for (List<Integer> column : byLayer) {
            for (int v : column) {
                rank[v] = in.get(v).isEmpty() ? v : in.get(v).stream().mapToDouble(u -> rank[u]).average().orElse(v);
            }
            column.sort((a, b) -> Double.compare(rank[a], rank[b]));
            List<Integer> current = new ArrayList<>();
            double[] size = { 0, 0 };
            for (int i = 0; i < column.size(); i++) {
                int v = column.get(i);
                double[] s = size(entities.get(v), store);
                if (!current.isEmpty() && size[1] + s[1] + ROW_GAP > maxHeight) {
                    columns.add(current);
                    extent.add(size);
                    current = new ArrayList<>();
                    size = new double[] { 0, 0 };
                }
                rank[v] = i;
                current.add(v);
                size[0] = Math.max(size[0], s[0]);
                size[1] += s[1] + ROW_GAP;
            }
            columns.add(current);
            extent.add(size);
        }
        // A long chain gives one column per entity: a strip far too wide to see. Fold the columns into bands, left to
        // right and then top to bottom, so that the whole drawing is about as wide as a screen is (16:10).
        int count = columns.size();
        double meanWidth = 0;
        double meanHeight = 0;
        for (double[] e : extent) {
            meanWidth += (e[0] + COLUMN_GAP) / count;
            meanHeight += e[1] / count;
        }
        int perBand = (int) Math.max(1, Math.min(count, Math.ceil(Math.sqrt(count * 1.6 * (meanHeight + BAND_GAP) / meanWidth))));
        double bandTop = top;
        for (int first = 0; first < count; first += perBand) {
            double x = left;
            double bandHeight = 0;
            for (int c = first; c < Math.min(count, first + perBand); c++) {
                double y = bandTop;
                for (int v : columns.get(c)) {
                    double[] size = size(entities.get(v), store);
                    store.put(ElementPaths.pathOf(entities.get(v)), new LayoutStore.Bounds(x, y, size[0], size[1]));
                    y += size[1] + ROW_GAP;
                }
                x += extent.get(c)[0] + COLUMN_GAP;
                bandHeight = Math.max(bandHeight, extent.get(c)[1]);
            }
            bandTop += bandHeight + BAND_GAP;
        }
    }
}
