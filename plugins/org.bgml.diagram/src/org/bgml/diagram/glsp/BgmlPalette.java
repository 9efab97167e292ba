package org.bgml.diagram.glsp;

import static org.bgml.diagram.BgmlTypes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.actions.RequestPropertiesAction;
import org.bgml.diagram.properties.PatternSheets;
import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternLibrary;
import org.eclipse.glsp.server.actions.TriggerEdgeCreationAction;
import org.eclipse.glsp.server.actions.TriggerNodeCreationAction;
import org.eclipse.glsp.server.features.toolpalette.PaletteItem;
import org.eclipse.glsp.server.features.toolpalette.ToolPaletteItemProvider;

import com.google.inject.Inject;

/** The palette: entities, ports, connections, metrics and patterns, with stable ids ({@code palette-TYPE}) for tests. */
public class BgmlPalette implements ToolPaletteItemProvider {
    @Inject
    protected BgmlModelState state;

    @Override
    public List<PaletteItem> getItems(Map<String, String> args) {
        List<PaletteItem> entities = new ArrayList<>(List.of(node(SERVER, "Server", "A"), node(CLIENT, "Client", "B"),
                node(COMPONENT, "Component", "C"), node(ASSEMBLY, "Assembly", "D")));
        List<PaletteItem> ports = new ArrayList<>(List.of(node(FACET, "Facet", "A"), node(RECEPTACLE, "Receptacle", "B"),
                node(SOURCE, "Event source", "C"), node(SINK, "Event sink", "D")));
        List<PaletteItem> edges = new ArrayList<>(List.of(
                new PaletteItem("palette-" + INVOCATION, "Invocation (receptacle → facet)", new TriggerEdgeCreationAction(INVOCATION), null, "A"),
                new PaletteItem("palette-" + EVENT, "Event (source → sink)", new TriggerEdgeCreationAction(EVENT), null, "B")));
        List<PaletteItem> metrics = new ArrayList<>(List.of(node(METRIC_LATENCY, "Latency metric", "A"),
                node(METRIC_THROUGHPUT, "Throughput metric", "B"), node(METRIC_JITTER, "Jitter metric", "C"),
                node(METRIC_PATH_LATENCY, "Path latency (end to end)", "D")));
        return new ArrayList<>(List.of(PaletteItem.createPaletteGroup("palette-entities", "Entities", entities, null, "A"),
                PaletteItem.createPaletteGroup("palette-ports", "Ports", ports, null, "B"),
                PaletteItem.createPaletteGroup("palette-connections", "Connections", edges, null, "C"),
                PaletteItem.createPaletteGroup("palette-metrics", "Metrics (drop on a connection or port)", metrics, null, "D"),
                PaletteItem.createPaletteGroup("palette-patterns", "Patterns (parameters in the property panel)", patterns(), null, "E")));
    }

    /**
     * The library: the shipped patterns, then the project's own pattern files next to the model. A click asks for the
     * pattern's parameters in the property panel ({@code pattern:NAME}), whose button adds it.
     */
    private List<PaletteItem> patterns() {
        List<PaletteItem> items = new ArrayList<>();
        PatternLibrary library = PatternSheets.library(state.getFile());
        int i = 0;
        for (PatternDefinition p : library.patterns()) {
            String origin = "shipped".equals(p.origin()) ? "" : " (project)";
            PaletteItem item = new PaletteItem("palette-" + PATTERN_SHEET + p.name(), p.name() + origin);
            item.setActions(List.of(new RequestPropertiesAction(PATTERN_SHEET + p.name())));
            item.setSortString(String.format("%03d", i++));
            items.add(item);
        }
        return items;
    }

    private static PaletteItem node(String type, String label, String sort) {
        return new PaletteItem("palette-" + type, label, new TriggerNodeCreationAction(type), null, sort);
    }
}
