/**
 * BGML's own names on the GLSP wire, as fixed in ../../PROTOCOL.md (the Java server repeats them).
 * src/protocol/protocol-names.spec.ts checks that every name here still appears in PROTOCOL.md.
 */
export const DIAGRAM_TYPE = 'bgml-diagram';
/** The root graph's id; also the element id of the model's own property sheet. */
export const ROOT_ID = 'bgml-model';

export const NodeTypes = {
    SERVER: 'node:server',
    CLIENT: 'node:client',
    COMPONENT: 'node:component',
    ASSEMBLY: 'node:assembly',
    PROCESS: 'node:process'
} as const;

export const PortTypes = {
    FACET: 'port:facet',
    RECEPTACLE: 'port:receptacle',
    SOURCE: 'port:source',
    SINK: 'port:sink'
} as const;

export const EdgeTypes = {
    INVOCATION: 'edge:invocation',
    EVENT: 'edge:event',
    /** an action inside one entity: from the facet or sink that receives to the port it sends through (dashed) */
    TRIGGER: 'edge:trigger'
} as const;

/** Palette-only types: a metric dropped on the connection or port it measures (never a diagram element). */
export const MetricTypes = {
    LATENCY: 'metric:latency',
    THROUGHPUT: 'metric:throughput',
    JITTER: 'metric:jitter',
    PATH_LATENCY: 'metric:pathLatency'
} as const;

export const LabelTypes = {
    NAME: 'label:name',
    KIND: 'label:kind',
    RESULT: 'label:result',
    /** one hop of an end-to-end path, on its connection or on the facet or sink whose actions it times */
    HOP: 'label:hop',
    METRIC: 'label:metric',
    OPTION: 'label:option',
    /** in a process box: where the shown run placed the process */
    PLACEMENT: 'label:placement'
} as const;

export const CompartmentTypes = {
    HEADER: 'comp:header',
    BODY: 'comp:body'
} as const;

export const CssClasses = {
    ERROR: 'bgml-error',
    WARNING: 'bgml-warning',
    PASS: 'bgml-pass',
    FAIL: 'bgml-fail',
    COLLOCATED_PREFIX: 'bgml-collocated-',
    VIEWPOINT_PREFIX: 'bgml-viewpoint-',
    /** a process box and its placement label: the process ran on another host than its node's */
    PLACEMENT_MOVED: 'bgml-placement-moved'
} as const;

export type Viewpoint = 'interconnection' | 'metric' | 'configuration';
export const VIEWPOINTS: readonly Viewpoint[] = ['interconnection', 'metric', 'configuration'];

/** The kind word shown for each entity type, used when the server sends no `label:kind`. */
export const KIND_NAMES: Record<string, string> = {
    [NodeTypes.SERVER]: 'Server',
    [NodeTypes.CLIENT]: 'Client',
    [NodeTypes.COMPONENT]: 'Component',
    [NodeTypes.ASSEMBLY]: 'Assembly',
    [NodeTypes.PROCESS]: 'Process'
};

/** Result arguments in the order the detail panel lists them. */
export const RESULT_PERCENTILE_ARGS = ['min', 'p50', 'p90', 'p99', 'p999', 'max', 'mean'] as const;
