package org.bgml.diagram;

import java.util.List;

/** BGML's names on the GLSP wire, as fixed in PROTOCOL.md; the TypeScript client repeats them. */
public final class BgmlTypes {
    public static final String DIAGRAM_TYPE = "bgml-diagram";
    public static final String ROOT_ID = "bgml-model";

    public static final String SERVER = "node:server";
    public static final String CLIENT = "node:client";
    public static final String COMPONENT = "node:component";
    public static final String ASSEMBLY = "node:assembly";
    public static final String PROCESS = "node:process";

    public static final String FACET = "port:facet";
    public static final String RECEPTACLE = "port:receptacle";
    public static final String SOURCE = "port:source";
    public static final String SINK = "port:sink";

    public static final String INVOCATION = "edge:invocation";
    public static final String EVENT = "edge:event";
    /**
     * An action of a facet's or sink's behaviour, drawn dashed from the port that receives to the port it sends
     * through (sink -> source, facet -> receptacle) inside one entity; its id is the action's path.
     */
    public static final String TRIGGER = "edge:trigger";

    /** Palette only: a metric dropped on the connection or port it measures (no diagram element has this type). */
    public static final String METRIC_LATENCY = "metric:latency";
    public static final String METRIC_THROUGHPUT = "metric:throughput";
    public static final String METRIC_JITTER = "metric:jitter";
    public static final String METRIC_PATH_LATENCY = "metric:pathLatency";

    /**
     * Property sheets that stand for no model element: {@code pattern:NAME} asks for the parameters of a pattern of the
     * library before it is added; {@code savePattern:ID,ID,...} asks which values of the selected elements become
     * parameters of a new pattern file.
     */
    public static final String PATTERN_SHEET = "pattern:";
    public static final String SAVE_PATTERN_SHEET = "savePattern:";

    public static final String LABEL_NAME = "label:name";
    public static final String LABEL_KIND = "label:kind";
    public static final String LABEL_RESULT = "label:result";
    /** One hop of an end-to-end path (a connection, or a component's actions) on its edge or port. */
    public static final String LABEL_HOP = "label:hop";
    public static final String LABEL_METRIC = "label:metric";
    public static final String LABEL_OPTION = "label:option";
    /** In the deployment view, under a process box's name: where the shown run placed the process. */
    public static final String LABEL_PLACEMENT = "label:placement";

    public static final String CSS_ERROR = "bgml-error";
    public static final String CSS_WARNING = "bgml-warning";
    public static final String CSS_PASS = "bgml-pass";
    public static final String CSS_FAIL = "bgml-fail";
    public static final String CSS_COLLOCATED = "bgml-collocated-";
    public static final String CSS_VIEWPOINT = "bgml-viewpoint-";
    /** A process box, and its placement label, whose process ran on another host than its node's. */
    public static final String CSS_MOVED = "bgml-placement-moved";

    /** Suffixes of the ids of labels and badges, which are not model elements. */
    public static final String NAME_SUFFIX = "#name";
    public static final String KIND_SUFFIX = "#kind";
    public static final String RESULT_SUFFIX = "#result";
    public static final String HOP_SUFFIX = "#hop";
    public static final String OPTION_SUFFIX = "#option";
    public static final String BADGE_SUFFIX = "#badge";
    public static final String PLACEMENT_SUFFIX = "#placement";

    public static final List<String> ENTITY_TYPES = List.of(SERVER, CLIENT, COMPONENT, ASSEMBLY);
    public static final List<String> PORT_TYPES = List.of(FACET, RECEPTACLE, SOURCE, SINK);
    public static final List<String> METRIC_TYPES = List.of(METRIC_LATENCY, METRIC_THROUGHPUT, METRIC_JITTER,
            METRIC_PATH_LATENCY);

    private BgmlTypes() {
    }

    /** The model element id a label, badge or marker id belongs to. */
    public static String ownerId(String id) {
        int hash = id.indexOf('#');
        return hash < 0 ? id : id.substring(0, hash);
    }
}
