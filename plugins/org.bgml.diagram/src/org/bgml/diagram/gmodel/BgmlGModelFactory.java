package org.bgml.diagram.gmodel;

import static org.bgml.diagram.BgmlTypes.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.bgml.diagram.BgmlTypes;
import org.bgml.diagram.actions.MoveNodesAction;
import org.bgml.diagram.actions.SetProblemClassesAction;
import org.bgml.diagram.glsp.BgmlModelState;
import org.bgml.diagram.glsp.Viewpoint;
import org.bgml.diagram.glsp.BgmlDiagnostics;
import org.bgml.diagram.layout.BgmlLayoutEngine;
import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.Action;
import org.bgml.model.Assembly;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Behaviour;
import org.bgml.model.Client;
import org.bgml.model.Component;
import org.bgml.model.Configuration;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.Measurement;
import org.bgml.model.Metric;
import org.bgml.model.Node;
import org.bgml.model.OptionSetting;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.model.Requirement;
import org.bgml.model.ResultSet;
import org.bgml.model.Server;
import org.bgml.model.io.ElementPaths;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.Severity;
import org.bgml.validation.rules.ActionGraph;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.graph.GArgumentable;
import org.eclipse.glsp.graph.GBoundsAware;
import org.eclipse.glsp.graph.GEdge;
import org.eclipse.glsp.graph.GGraph;
import org.eclipse.glsp.graph.GLabel;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.graph.GPort;
import org.eclipse.glsp.graph.builder.impl.GEdgeBuilder;
import org.eclipse.glsp.graph.builder.impl.GEdgePlacementBuilder;
import org.eclipse.glsp.graph.builder.impl.GGraphBuilder;
import org.eclipse.glsp.graph.builder.impl.GLabelBuilder;
import org.eclipse.glsp.graph.builder.impl.GNodeBuilder;
import org.eclipse.glsp.graph.builder.impl.GPortBuilder;
import org.eclipse.glsp.server.features.core.model.GModelFactory;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * Builds the diagram from the EMF model for the current viewpoint: entities as nodes with their ports on the
 * border, connections as edges, and per layer the metric badges, option labels or result labels, with the
 * error/warning classes of the model's diagnostics. It only builds: the diagnostics come from the validation service
 * ({@link BgmlDiagnostics}) and the node places from the layout engine ({@link BgmlLayoutEngine}); what a build costs
 * is recorded by {@link org.bgml.diagram.glsp.TimedGModelFactory}. Ids are element paths.
 */
@Singleton
public class BgmlGModelFactory implements GModelFactory {
    @Inject
    protected BgmlModelState state;
    @Inject
    protected BgmlDiagnostics diagnostics;
    @Inject
    protected BgmlLayoutEngine layout;

    private final Map<EObject, String> ids = new IdentityHashMap<>();

    public BgmlGModelFactory() {
    }

    /** Outside a GLSP session (benchmarks): builds diagrams of {@code state} with these services. */
    public BgmlGModelFactory(BgmlModelState state, BgmlDiagnostics diagnostics, BgmlLayoutEngine layout) {
        this.state = state;
        this.diagnostics = diagnostics;
        this.layout = layout;
    }
    private final Map<String, GModelElement> elements = new HashMap<>();
    /** The option labels of each configuration in the configuration viewpoint, to flag its constraint violations. */
    private final Map<Configuration, List<GLabel>> optionLabels = new IdentityHashMap<>();
    /** How far an edge's label keeps from the edge, and from the nodes it is lifted clear of. */
    private static final double EDGE_LABEL_GAP = 6;
    /** The labels on edges (metric badges, results) with their offset from the edge before lifting clear of nodes. */
    private final Map<GLabel, Double> edgeLabels = new IdentityHashMap<>();
    /** What the latest full build was made of, so that a move can patch that diagram instead of building a new one. */
    private Built built;
    /** How many diagrams were built anew (not just moved); markers only change with a new build. */
    private long fullBuilds;
    /** The nodes of top-level entities in the latest diagram, by layout key (element path). */
    private final Map<String, GNode> topNodes = new HashMap<>();
    /** With the deployment toggle: each entity's process box, by the entity's element path (edge labels keep clear of it). */
    private final Map<String, GNode> processBoxes = new HashMap<>();
    /** What the latest update changed when it only moved nodes; null after a full build or once taken. */
    private MoveNodesAction lastMove;

    /** The inputs of a full build besides the layout: a move changes none of them. */
    private record Built(GGraph root, BenchmarkModel model, long changes, List<ModelDiagnostic> diagnostics, Viewpoint viewpoint,
            boolean showDeployment, String runId, String metric, Map<String, LayoutStore.Bounds> layout) {
    }

    @Override
    public void createGModel() {
        lastMove = null;
        if (moveOnly()) {
            return;
        }
        BenchmarkModel model = state.getModel();
        ids.clear();
        topNodes.clear();
        processBoxes.clear();
        built = null;
        elements.clear();
        optionLabels.clear();
        edgeLabels.clear();

        List<ModelDiagnostic> diagnostics = this.diagnostics.current();
        layout.ensurePlaced();

        GGraph graph = new GGraphBuilder().id(ROOT_ID).addCssClass(CSS_VIEWPOINT + state.getViewpoint().id()).build();
        graph.getArgs().put("modelName", model.getName() == null ? "" : model.getName());
        graph.getArgs().put("viewpoint", state.getViewpoint().id());
        graph.getArgs().put("showDeployment", state.isShowDeployment());
        ids.put(model, ROOT_ID);
        elements.put(ROOT_ID, graph);

        Map<Entity, Integer> collocation = state.isShowDeployment() ? collocation(model) : Map.of();
        if (state.isShowDeployment()) {
            addProcesses(graph, model);
        }
        for (Entity e : model.getEntities()) {
            String key = ElementPaths.pathOf(e);
            GNode node = entityNode(e, state.getLayout().get(key), collocation);
            topNodes.put(key, node);
            graph.getChildren().add(node);
            if (e instanceof Assembly a) {
                for (Component c : a.getComponents()) {
                    node.getChildren().add(entityNode(c, state.getLayout().get(ElementPaths.pathOf(c)), collocation));
                }
            }
        }
        for (Connection c : model.getConnections()) {
            GEdge edge = edge(c);
            if (edge != null) {
                graph.getChildren().add(edge);
            }
        }
        if (state.getViewpoint() == Viewpoint.INTERCONNECTION) {
            addTriggers(graph, model);
        }
        if (state.getViewpoint() == Viewpoint.METRIC) {
            addMetricBadges(model);
        }
        if (state.getViewpoint() == Viewpoint.CONFIGURATION) {
            addOptionLabels(model);
        }
        addResults(model);
        placeEdgeLabels();
        addDiagnosticClasses(diagnostics);
        state.updateRoot(graph);
        fullBuilds++;
        built = new Built(graph, model, this.diagnostics.changeCount(), diagnostics, state.getViewpoint(), state.isShowDeployment(),
                state.getRunId(), state.getMetric(), state.getLayout().snapshot());
    }

    /**
     * When only top-level nodes moved since the latest build (a move, its undo or redo: same model, same diagnostics,
     * same view settings, same sizes), moves those nodes in the current diagram instead of building it anew. Anything
     * else (a resize, a component moved inside its assembly, processes drawn around their entities) takes a full build.
     */
    private boolean moveOnly() {
        Built b = built;
        if (b == null || state.getRoot() != b.root() || state.getModel() != b.model() || diagnostics.changeCount() != b.changes()
                || state.getDiagnostics() != b.diagnostics() || state.getViewpoint() != b.viewpoint()
                || state.isShowDeployment() || b.showDeployment() || !state.getRunId().equals(b.runId())
                || !state.getMetric().equals(b.metric())) {
            return false;
        }
        Map<String, LayoutStore.Bounds> now = state.getLayout().snapshot();
        if (!now.keySet().equals(b.layout().keySet())) {
            return false;
        }
        List<Map.Entry<String, LayoutStore.Bounds>> moved = new ArrayList<>();
        for (Map.Entry<String, LayoutStore.Bounds> e : now.entrySet()) {
            LayoutStore.Bounds before = b.layout().get(e.getKey());
            LayoutStore.Bounds after = e.getValue();
            if (after.equals(before)) {
                continue;
            }
            if (!topNodes.containsKey(e.getKey()) || after.width() != before.width() || after.height() != before.height()) {
                return false;
            }
            moved.add(e);
        }
        if (moved.isEmpty()) {
            return false; // nothing moved: a reload or a refresh builds anew
        }
        List<MoveNodesAction.Move> moves = new ArrayList<>();
        for (Map.Entry<String, LayoutStore.Bounds> e : moved) {
            GNode node = topNodes.get(e.getKey());
            node.getPosition().setX(e.getValue().x());
            node.getPosition().setY(e.getValue().y());
            moves.add(new MoveNodesAction.Move(node.getId(), e.getValue().x(), e.getValue().y()));
        }
        lastMove = new MoveNodesAction(moves, placeEdgeLabels());
        built = new Built(b.root(), b.model(), b.changes(), b.diagnostics(), b.viewpoint(), false, b.runId(), b.metric(), now);
        return true;
    }

    /**
     * When the latest {@link #createGModel()} only moved nodes in the diagram built before, what it changed (for the
     * client to patch its diagram); null after a full build. Taken once.
     */
    public MoveNodesAction takeMove() {
        MoveNodesAction move = lastMove;
        lastMove = null;
        return move;
    }

    /** Counts the diagrams built anew; a move that only shifted nodes in the current diagram does not count. */
    public long fullBuilds() {
        return fullBuilds;
    }

    /** The id an element of the model is shown under, or null when this diagram does not show it. */
    public String idOf(EObject o) {
        return ids.get(o);
    }

    private String register(EObject o, GModelElement element) {
        String id = ElementPaths.pathOf(o);
        if (elements.containsKey(id)) {
            id = o.eClass().getName().toLowerCase(Locale.ROOT) + ":" + id; // two siblings of different kinds share a name
        }
        element.setId(id);
        ids.put(o, id);
        elements.put(id, element);
        return id;
    }

    public static String typeOf(Entity e) {
        if (e instanceof Server) {
            return SERVER;
        }
        if (e instanceof Client) {
            return CLIENT;
        }
        if (e instanceof Assembly) {
            return ASSEMBLY;
        }
        return COMPONENT;
    }

    public static String typeOf(Port p) {
        if (p instanceof Facet) {
            return FACET;
        }
        if (p instanceof Receptacle) {
            return RECEPTACLE;
        }
        if (p instanceof EventSource) {
            return SOURCE;
        }
        return SINK;
    }

    private GNode entityNode(Entity e, LayoutStore.Bounds bounds, Map<Entity, Integer> collocation) {
        double[] size = layout.size(e);
        GNode node = new GNodeBuilder(typeOf(e))
                .position(bounds == null ? 0 : bounds.x(), bounds == null ? 0 : bounds.y())
                .size(size[0], size[1]).build();
        String id = register(e, node);
        Integer group = collocation.get(e);
        if (group != null) {
            node.getCssClasses().add(CSS_COLLOCATED + group);
        }
        node.getArgs().put("name", e.getName() == null ? "" : e.getName());
        if (e.getDescription() != null) {
            node.getArgs().put("description", e.getDescription());
        }
        node.getChildren().add(label(id + NAME_SUFFIX, LABEL_NAME, e.getName(), 10, 8));
        String kind = "«" + e.eClass().getName() + "»";
        node.getChildren().add(label(id + KIND_SUFFIX, LABEL_KIND, kind, 10, 26));
        for (NodeGeometry.PortPlace place : NodeGeometry.ports(e, size[0])) {
            node.getChildren().add(port(place));
        }
        return node;
    }

    private GPort port(NodeGeometry.PortPlace place) {
        Port p = place.port();
        GPort port = new GPortBuilder(typeOf(p)).position(place.x(), place.y())
                .size(NodeGeometry.PORT_SIZE, NodeGeometry.PORT_SIZE).build();
        String id = register(p, port);
        port.getArgs().put("side", place.left() ? "left" : "right");
        String typeName = null;
        if (p instanceof Facet f && f.getInterface() != null) {
            typeName = ElementPaths.pathOf(f.getInterface());
            port.getArgs().put("interface", typeName);
        } else if (p instanceof Receptacle r && r.getInterface() != null) {
            typeName = ElementPaths.pathOf(r.getInterface());
            port.getArgs().put("interface", typeName);
        } else if (p instanceof EventSource s && s.getEventType() != null) {
            typeName = ElementPaths.pathOf(s.getEventType());
            port.getArgs().put("eventType", typeName);
        } else if (p instanceof EventSink s && s.getEventType() != null) {
            typeName = ElementPaths.pathOf(s.getEventType());
            port.getArgs().put("eventType", typeName);
        }
        double width = NodeGeometry.textWidth(p.getName());
        double x = place.left() ? NodeGeometry.PORT_SIZE + 4 : -width - 4;
        port.getChildren().add(label(id + NAME_SUFFIX, LABEL_NAME, p.getName(), x, 0));
        return port;
    }

    private static GLabel label(String id, String type, String text, double x, double y) {
        String t = text == null ? "" : text;
        return new GLabelBuilder(type).id(id).text(t).position(x, y).size(NodeGeometry.textWidth(t), 16).build();
    }

    private GEdge edge(Connection c) {
        String source = c.getSource() == null ? null : ids.get(c.getSource());
        String target = c.getTarget() == null ? null : ids.get(c.getTarget());
        if (source == null || target == null) {
            return null;
        }
        boolean event = c.getSource() instanceof EventSource;
        GEdge edge = new GEdgeBuilder(event ? EVENT : INVOCATION).sourceId(source).targetId(target).build();
        register(c, edge);
        edge.getArgs().put("name", c.getName() == null ? "" : c.getName());
        if (c.getChannel() != null) {
            edge.getArgs().put("channel", ElementPaths.pathOf(c.getChannel()));
        }
        return edge;
    }

    /**
     * One dashed edge per action that sends on (publish, call, forward), from the facet or sink that receives to the
     * source or receptacle of the same entity it sends through, so that a chain can be followed across an entity. Its
     * id is the action's path; selecting it opens the action's sheet.
     */
    private void addTriggers(GGraph graph, BenchmarkModel model) {
        List<Action> actions = new ArrayList<>();
        for (Entity e : model.getEntities()) {
            List<Entity> all = new ArrayList<>(List.of(e));
            if (e instanceof Assembly assembly) {
                all.addAll(assembly.getComponents());
            }
            for (Entity x : all) {
                for (Port p : x.getPorts()) {
                    Behaviour b = ActionGraph.behaviour(p);
                    if (b != null) {
                        actions.addAll(b.getActions());
                    }
                }
            }
        }
        for (Action a : actions) {
            if (!ActionGraph.sends(a)) {
                continue;
            }
            Port receiver = ActionGraph.receiver(a);
            Port sender = ActionGraph.sender(a);
            String source = receiver == null ? null : ids.get(receiver);
            String target = sender == null ? null : ids.get(sender);
            if (source == null || target == null || sender.eContainer() != receiver.eContainer()) {
                continue; // a port of another entity: validation reports it, and no trigger inside one entity exists
            }
            GEdge edge = new GEdgeBuilder(TRIGGER).sourceId(source).targetId(target).addCssClass("bgml-trigger").build();
            register(a, edge);
            edge.getArgs().put("action", a.getKind().getLiteral());
            if (a.getHopLimit() > 0) {
                edge.getArgs().put("hopLimit", a.getHopLimit());
            }
            graph.getChildren().add(edge);
        }
    }

    private static GLabel edgeLabel(String id, String type, String text, double position, String side) {
        return new GLabelBuilder(type).id(id).text(text)
                .edgePlacement(new GEdgePlacementBuilder().position(position).side(side).offset(EDGE_LABEL_GAP).rotate(false)
                        .build())
                .size(NodeGeometry.textWidth(text), 16).build();
    }

    /** Where a metric's badge goes: the edge or port it measures. */
    private GModelElement measured(Metric m) {
        if (m.getConnection() != null && ids.containsKey(m.getConnection())) {
            return elements.get(ids.get(m.getConnection()));
        }
        if (m.getPort() != null && ids.containsKey(m.getPort())) {
            return elements.get(ids.get(m.getPort()));
        }
        return null;
    }

    private void addMetricBadges(BenchmarkModel model) {
        Map<GModelElement, Integer> count = new HashMap<>();
        for (Metric m : model.getMetrics()) {
            GModelElement owner = measured(m);
            if (owner == null) {
                continue;
            }
            String metricPath = ElementPaths.pathOf(m);
            String text = badgeText(m);
            int i = count.merge(owner, 1, Integer::sum) - 1;
            GLabel badge = owner instanceof GEdge ? edgeLabel(metricPath + BADGE_SUFFIX, LABEL_METRIC, text, 0.5, "bottom")
                    : label(metricPath + BADGE_SUFFIX, LABEL_METRIC, text, NodeGeometry.PORT_SIZE + 4, 18 + 16 * i);
            if (owner instanceof GEdge) {
                badge.getEdgePlacement().setOffset(EDGE_LABEL_GAP + 16 * i);
                edgeLabels.put(badge, EDGE_LABEL_GAP + 16 * i);
            }
            badge.getArgs().put("metric", metricPath);
            badge.getArgs().put("metricType", m.eClass().getName());
            ids.putIfAbsent(m, metricPath + BADGE_SUFFIX);
            elements.put(metricPath + BADGE_SUFFIX, badge);
            owner.getChildren().add(badge);
        }
    }

    /** {@code Latency 250k · p99 ≤ 150 µs}. */
    public static String badgeText(Metric m) {
        StringBuilder text = new StringBuilder(m.eClass().getName());
        if (m.getSamples() > 0) {
            text.append(' ').append(compact(m.getSamples()));
        }
        Requirement r = m.getRequirement();
        if (r != null && r.getStatistic() != null) {
            String cmp = switch (r.getComparator()) {
                case LE -> "≤";
                case LT -> "<";
                case GE -> "≥";
                case GT -> ">";
            };
            String value = r.getUnit() != null && switch (r.getUnit()) {
                case NS, US, MS, S -> true;
                default -> false;
            } ? ResultOverlay.time(r.getValue(), r.getUnit())
                    : r.getUnit() == org.bgml.model.Unit.PER_SECOND ? ResultOverlay.rate(r.getValue())
                            : String.format(Locale.ROOT, "%s %s", trim(r.getValue()), r.getUnit() == null ? "" : r.getUnit().getLiteral()).trim();
            text.append(" · ").append(r.getStatistic().getLiteral()).append(' ').append(cmp).append(' ').append(value);
        }
        return text.toString();
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static String compact(long n) {
        if (n >= 1_000_000 && n % 100_000 == 0) {
            return trim(n / 1e6) + "M";
        }
        if (n >= 1000 && n % 100 == 0) {
            return trim(n / 1e3) + "k";
        }
        return String.valueOf(n);
    }

    private void addOptionLabels(BenchmarkModel model) {
        Map<Entity, List<String>> byEntity = new LinkedHashMap<>();
        Map<Entity, List<Configuration>> configsByEntity = new LinkedHashMap<>();
        for (Configuration c : model.getConfigurations()) {
            List<String> settings = new ArrayList<>();
            for (OptionSetting s : c.getSettings()) {
                settings.add((s.getOption() == null || s.getOption().getName() == null ? "?" : s.getOption().getName()) + "="
                        + (s.getValue() == null ? "" : s.getValue()));
            }
            String text = c.getName() + ": " + (settings.isEmpty() ? "(no settings)" : String.join(", ", settings));
            List<Entity> targets = new ArrayList<>();
            if (c.getProcesses().isEmpty()) {
                model.getEntities().forEach(targets::add);
            } else {
                c.getProcesses().forEach(p -> targets.addAll(p.getEntities()));
            }
            for (Entity e : targets) {
                byEntity.computeIfAbsent(e, k -> new ArrayList<>()).add(text);
                configsByEntity.computeIfAbsent(e, k -> new ArrayList<>()).add(c);
            }
        }
        byEntity.forEach((e, texts) -> {
            String id = ids.get(e);
            GModelElement node = id == null ? null : elements.get(id);
            if (node == null) {
                return;
            }
            double y = ((GNode) node).getSize().getHeight() + 4;
            for (int i = 0; i < texts.size(); i++) {
                Configuration configuration = configsByEntity.get(e).get(i);
                String configPath = ElementPaths.pathOf(configuration);
                GLabel l = label(id + OPTION_SUFFIX + "/" + configPath, LABEL_OPTION, texts.get(i), 0, y + 16 * i);
                l.getArgs().put("configuration", configPath);
                optionLabels.computeIfAbsent(configuration, k -> new ArrayList<>()).add(l);
                node.getChildren().add(l);
                elements.put(l.getId(), l);
            }
        });
    }

    private void addResults(BenchmarkModel model) {
        ResultSet set = ResultOverlay.chosen(model, state.getRunId());
        if (set == null) {
            return;
        }
        ResultOverlay.byElement(set, state.getMetric()).forEach((path, m) -> {
            GModelElement owner = elements.get(path);
            if (owner == null && m.getElement() != null) {
                String id = ids.get(m.getElement());
                owner = id == null ? null : elements.get(id);
            }
            if (!(owner instanceof GEdge) && !(owner instanceof GPort)) {
                return;
            }
            String text = ResultOverlay.text(m);
            GLabel label = owner instanceof GEdge ? edgeLabel(owner.getId() + RESULT_SUFFIX, LABEL_RESULT, text, 0.5, "top")
                    : label(owner.getId() + RESULT_SUFFIX, LABEL_RESULT, text, NodeGeometry.PORT_SIZE + 4, -16);
            label.getArgs().putAll(ResultOverlay.args(m, set));
            String css = ResultOverlay.verdictCss(m);
            if (css != null) {
                label.getCssClasses().add(css);
                owner.getCssClasses().add(css);
            }
            owner.getChildren().add(label);
            if (owner instanceof GEdge) {
                edgeLabels.put(label, EDGE_LABEL_GAP);
            }
            List<Measurement> hops = ResultOverlay.hops(set, m);
            if (!hops.isEmpty()) {
                label.getArgs().put("hops", ResultOverlay.hopsJson(hops));
                addHopLabels(model, set, hops);
            }
        });
    }

    /**
     * The hops of an end-to-end path, each on its own element: a connection's hop below its edge, a component's action
     * time beside its facet or sink ({@code OWNER#hop}, {@code hop p50 … · p99 …}; the first path shown wins an
     * element that several paths pass).
     */
    private void addHopLabels(BenchmarkModel model, ResultSet set, List<Measurement> hops) {
        for (Measurement hop : hops) {
            String path = ResultOverlay.hopElementId(model, hop);
            GModelElement owner = path == null ? null : elements.get(path);
            if (owner == null && path != null && ids.containsKey(ElementPaths.resolve(model, path))) {
                owner = elements.get(ids.get(ElementPaths.resolve(model, path)));
            }
            if (!(owner instanceof GEdge) && !(owner instanceof GPort) || elements.containsKey(owner.getId() + HOP_SUFFIX)) {
                continue;
            }
            String text = "hop " + ResultOverlay.text(hop);
            GLabel label = owner instanceof GEdge ? edgeLabel(owner.getId() + HOP_SUFFIX, LABEL_HOP, text, 0.5, "bottom")
                    : label(owner.getId() + HOP_SUFFIX, LABEL_HOP, text, NodeGeometry.PORT_SIZE + 4, 18);
            label.getArgs().putAll(ResultOverlay.args(hop, set));
            owner.getChildren().add(label);
            elements.put(label.getId(), label);
            if (owner instanceof GEdge) {
                edgeLabels.put(label, EDGE_LABEL_GAP);
            }
        }
    }

    /**
     * Lifts the labels of mostly horizontal edges clear of the two nodes the edge joins: the result above both node
     * boxes, the metric badges below them. Two nodes placed close side by side put an edge's midpoint between or over
     * their bodies, where a label at the usual small offset would cover their names and ports. Steep edges keep their
     * labels beside them (GLSP puts a top or bottom label beside a mostly vertical segment). Returns the labels whose
     * offset changed.
     */
    private List<MoveNodesAction.LabelOffset> placeEdgeLabels() {
        List<MoveNodesAction.LabelOffset> changed = new ArrayList<>();
        edgeLabels.forEach((label, base) -> {
            double offset = base;
            if (label.getParent() instanceof GEdge edge) {
                double[] source = portCentreAndBox(edge.getSourceId());
                double[] target = portCentreAndBox(edge.getTargetId());
                if (source != null && target != null
                        && Math.abs(target[1] - source[1]) <= Math.abs(target[0] - source[0])) {
                    offset = EdgeLabels.clearOffset(label.getEdgePlacement().getSide(), base, label.getSize().getWidth(),
                            label.getSize().getHeight(), (source[0] + target[0]) / 2, (source[1] + target[1]) / 2,
                            new double[][] { slice(source), slice(target) });
                }
            }
            if (label.getEdgePlacement().getOffset() != offset) {
                label.getEdgePlacement().setOffset(offset);
                changed.add(new MoveNodesAction.LabelOffset(label.getId(), offset));
            }
        });
        return changed;
    }

    /** A port's centre and its node's box in diagram coordinates: {cx, cy, x, y, width, height}; null if not drawn. */
    private double[] portCentreAndBox(String portId) {
        if (!(elements.get(portId) instanceof GPort port) || !(port.getParent() instanceof GNode node)) {
            return null;
        }
        double[] at = absolute(node);
        double cx = at[0] + port.getPosition().getX() + port.getSize().getWidth() / 2;
        double cy = at[1] + port.getPosition().getY() + port.getSize().getHeight() / 2;
        GNode box = processBoxes.get(node.getId());
        if (box != null) { // the deployment view: keep clear of the whole process box, its header lines included
            double[] b = absolute(box);
            return new double[] { cx, cy, b[0], b[1], box.getSize().getWidth(), box.getSize().getHeight() };
        }
        return new double[] { cx, cy, at[0], at[1], node.getSize().getWidth(), node.getSize().getHeight() };
    }

    private static double[] slice(double[] centreAndBox) {
        return new double[] { centreAndBox[2], centreAndBox[3], centreAndBox[4], centreAndBox[5] };
    }

    private static double[] absolute(GModelElement element) {
        double x = 0;
        double y = 0;
        for (GModelElement e = element; e != null && !(e instanceof GGraph); e = e.getParent()) {
            if (e instanceof GBoundsAware b && b.getPosition() != null) {
                x += b.getPosition().getX();
                y += b.getPosition().getY();
            }
        }
        return new double[] { x, y };
    }

    /** The worst severity of an element's diagnostics, {@code error} or {@code warning} (PROTOCOL.md). */
    public static final String ARG_PROBLEM = "problem";

    /**
     * Marks the latest diagram with diagnostics that came after it was built (it was sent before validating, see
     * {@link BgmlDiagnostics#deferNextValidation(boolean)}), as a build with them would have, and answers which elements now
     * carry which severity, for the client to mark the same elements in its copy.
     */
    public List<SetProblemClassesAction.Marked> applyDiagnostics(List<ModelDiagnostic> diagnostics) {
        Built b = built;
        if (b == null || state.getRoot() != b.root()) {
            return List.of();
        }
        List<SetProblemClassesAction.Marked> marked = new ArrayList<>();
        for (GModelElement e : addDiagnosticClasses(diagnostics)) {
            if (e instanceof GArgumentable a && a.getArgs().get(ARG_PROBLEM) instanceof String problem) {
                marked.add(new SetProblemClassesAction.Marked(e.getId(), problem));
            }
        }
        built = new Built(b.root(), b.model(), this.diagnostics.changeCount(), diagnostics, b.viewpoint(), b.showDeployment(), b.runId(),
                b.metric(), b.layout());
        return marked;
    }

    /** Adds the error and warning classes of {@code diagnostics} to the diagram; answers the elements marked. */
    private Set<GModelElement> addDiagnosticClasses(List<ModelDiagnostic> diagnostics) {
        Set<GModelElement> marked = new LinkedHashSet<>();
        for (ModelDiagnostic d : diagnostics) {
            // a configuration is not drawn: its violations mark its option labels (configuration viewpoint)
            for (EObject x = d.element(); x != null; x = x.eContainer()) {
                if (x instanceof Configuration c) {
                    optionLabels.getOrDefault(c, List.of()).forEach(label -> {
                        if (flag(label, d)) {
                            marked.add(label);
                        }
                    });
                    break;
                }
            }
            String id = displayedId(d.element());
            GModelElement e = id == null ? null : elements.get(id);
            if (e == null || e == elements.get(ROOT_ID)) {
                continue;
            }
            String css = d.severity() == Severity.ERROR ? CSS_ERROR : d.severity() == Severity.WARNING ? CSS_WARNING : null;
            if (css != null && !e.getCssClasses().contains(css)) {
                e.getCssClasses().add(css);
                marked.add(e);
            }
            // again as an argument: GLSP's client drops every css class naming a severity when it shows markers
            if (css != null && e instanceof GArgumentable a && !"error".equals(a.getArgs().get(ARG_PROBLEM))) {
                a.getArgs().put(ARG_PROBLEM, d.severity() == Severity.ERROR ? "error" : "warning");
                marked.add(e);
            }
        }
        return marked;
    }

    /** Flags a label with the severity of {@code d}; answers whether it is flagged. */
    private static boolean flag(GLabel label, ModelDiagnostic d) {
        String css = d.severity() == Severity.ERROR ? CSS_ERROR : d.severity() == Severity.WARNING ? CSS_WARNING : null;
        if (css == null) {
            return false;
        }
        if (!label.getCssClasses().contains(css)) {
            label.getCssClasses().add(css);
        }
        if (!"error".equals(label.getArgs().get(ARG_PROBLEM))) {
            label.getArgs().put(ARG_PROBLEM, d.severity() == Severity.ERROR ? "error" : "warning");
        }
        return true;
    }

    /** The nearest shown element for a diagnostic's element: itself, its container, or what a metric measures. */
    public String displayedId(EObject o) {
        for (EObject x = o; x != null; x = x.eContainer()) {
            String id = ids.get(x);
            if (id != null) {
                return id;
            }
            if (x instanceof Metric m) {
                GModelElement owner = measured(m);
                if (owner != null) {
                    return owner.getId();
                }
            }
        }
        return ROOT_ID;
    }

    /** Entities in the same process of the first deployment get the same group number. */
    private static Map<Entity, Integer> collocation(BenchmarkModel model) {
        Map<Entity, Integer> groups = new IdentityHashMap<>();
        if (model.getDeployments().isEmpty()) {
            return groups;
        }
        int n = 0;
        for (Node node : model.getDeployments().get(0).getNodes()) {
            for (org.bgml.model.Process p : node.getProcesses()) {
                n++;
                for (Entity e : p.getEntities()) {
                    groups.putIfAbsent(e, n);
                }
            }
        }
        return groups;
    }

    /** Processes of the first deployment as boxes drawn behind the entities they host. */
    private void addProcesses(GGraph graph, BenchmarkModel model) {
        if (model.getDeployments().isEmpty()) {
            return;
        }
        Deployment d = model.getDeployments().get(0);
        ProcessPlaces places = ProcessPlaces.of(ResultOverlay.chosen(model, state.getRunId()), d);
        int n = 0;
        for (Node node : d.getNodes()) {
            for (org.bgml.model.Process p : node.getProcesses()) {
                n++;
                double x0 = Double.MAX_VALUE;
                double y0 = Double.MAX_VALUE;
                double x1 = -Double.MAX_VALUE;
                double y1 = -Double.MAX_VALUE;
                for (Entity e : p.getEntities()) {
                    LayoutStore.Bounds b = state.getLayout().get(ElementPaths.pathOf(e.eContainer() instanceof Assembly a ? a : e));
                    if (b != null) {
                        x0 = Math.min(x0, b.x());
                        y0 = Math.min(y0, b.y());
                        x1 = Math.max(x1, b.x() + b.width());
                        y1 = Math.max(y1, b.y() + b.height());
                    }
                }
                if (x0 == Double.MAX_VALUE) {
                    continue;
                }
                ProcessPlaces.Place ran = places.of(p);
                double width = x1 - x0 + 28;
                List<String> lines = ran == null ? List.of() : ran.lines((int) Math.max(12, (width - 12) / PLACEMENT_CHAR_WIDTH));
                double header = 30 + (lines.isEmpty() ? 0 : PLACEMENT_LINE * lines.size() + 4); // room for where the run placed it
                GNode box = new GNodeBuilder(PROCESS).position(x0 - 14, y0 - header).size(width, y1 - y0 + header + 14)
                        .addCssClass(CSS_COLLOCATED + n).build();
                String id = register(p, box);
                box.getArgs().put("node", node.getName() == null ? "" : node.getName());
                box.getArgs().put("host", node.getHost() == null ? "localhost" : node.getHost());
                box.getChildren().add(label(id + NAME_SUFFIX, LABEL_NAME, placement(node) + " / " + p.getName(), 6, 4));
                if (ran != null) {
                    GLabel where = new GLabelBuilder(LABEL_PLACEMENT).id(id + PLACEMENT_SUFFIX).text(String.join("\n", lines))
                            .position(6, 24).size(width - 12, PLACEMENT_LINE * lines.size()).build();
                    where.getArgs().putAll(ran.args());
                    box.getArgs().putAll(ran.args());
                    if (ran.moved()) {
                        where.getCssClasses().add(CSS_MOVED);
                        box.getCssClasses().add(CSS_MOVED);
                    }
                    box.getChildren().add(where);
                }
                graph.getChildren().add(box);
                p.getEntities().forEach(e -> processBoxes.put(ElementPaths.pathOf(e), box));
            }
        }
    }

    /** Height of one line of a process box's placement label, and the width of a character of it (10 px text). */
    private static final double PLACEMENT_LINE = 13;
    private static final double PLACEMENT_CHAR_WIDTH = 5.6;

    /** A process box's node, with its host when that is not the node's own name: {@code n2 (hostb.example)}. */
    static String placement(Node node) {
        String host = node.getHost() == null ? "localhost" : node.getHost();
        return host.equals(node.getName()) ? String.valueOf(node.getName()) : node.getName() + " (" + host + ")";
    }

    /** For tests and the benchmark: the element with {@code id} in the latest diagram. */
    public GModelElement element(String id) {
        return elements.get(BgmlTypes.ownerId(id).equals(id) ? id : id);
    }
}
