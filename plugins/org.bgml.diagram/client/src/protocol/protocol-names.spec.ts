import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
    ApplyPropertyOperation,
    InstantiatePatternOperation,
    MoveNodesAction,
    PatternsChangedAction,
    RequestPropertiesAction,
    SavePatternAction,
    RunAction,
    RunAvailableAction,
    RunProgressAction,
    SelectResultAction,
    SetProblemClassesAction,
    SetProblemsAction,
    SetPropertiesAction,
    SetRunsAction,
    SetViewpointAction,
    type PropertyKind
} from './bgml-actions';
import { CompartmentTypes, CssClasses, DIAGRAM_TYPE, EdgeTypes, LabelTypes, MetricTypes, NodeTypes, PortTypes, ROOT_ID } from './element-types';

// The server repeats these names in Java; PROTOCOL.md is the one place both sides answer to.
const protocol = readFileSync(process.env.BGML_PROTOCOL_MD ?? '../PROTOCOL.md', 'utf8');

function inBackticks(name: string): boolean {
    return protocol.includes('`' + name + '`') || protocol.includes('`' + name + ' ') || protocol.includes(' ' + name + '`');
}

test('every element type the client draws is defined in PROTOCOL.md', () => {
    const types = [
        ...Object.values(NodeTypes),
        ...Object.values(PortTypes),
        ...Object.values(EdgeTypes),
        ...Object.values(LabelTypes),
        ...Object.values(CompartmentTypes),
        ...Object.values(MetricTypes)
    ];
    assert.deepEqual(types.filter(t => !protocol.includes('`' + t + '`')), []);
    assert.ok(protocol.includes('`' + DIAGRAM_TYPE + '`'));
    assert.ok(protocol.includes('`' + ROOT_ID + '`'));
});

test('every property kind the panel draws is in PROTOCOL.md', () => {
    const kinds: PropertyKind[] = ['text', 'number', 'boolean', 'choice', 'combo', 'multichoice', 'readonly', 'action', 'links', 'list', 'parameter'];
    const row = protocol.split('\n').find(line => line.startsWith('| `bgmlSetProperties`')) ?? '';
    assert.deepEqual(kinds.filter(k => !row.includes(k)), []);
});

test('every custom action kind of the client is in PROTOCOL.md', () => {
    const kinds = [
        SetViewpointAction.KIND,
        SelectResultAction.KIND,
        RequestPropertiesAction.KIND,
        ApplyPropertyOperation.KIND,
        RunAction.KIND,
        SetPropertiesAction.KIND,
        SetProblemsAction.KIND,
        SetRunsAction.KIND,
        RunProgressAction.KIND,
        RunAvailableAction.KIND,
        MoveNodesAction.KIND,
        SetProblemClassesAction.KIND,
        InstantiatePatternOperation.KIND,
        SavePatternAction.KIND,
        PatternsChangedAction.KIND
    ];
    assert.deepEqual(kinds.filter(k => !inBackticks(k)), []);
});

test('the css classes the stylesheet keys on are in PROTOCOL.md', () => {
    for (const css of [CssClasses.ERROR, CssClasses.WARNING, CssClasses.PASS, CssClasses.FAIL, CssClasses.PLACEMENT_MOVED]) {
        assert.ok(protocol.includes('`' + css + '`'), css);
    }
    assert.ok(protocol.includes(CssClasses.COLLOCATED_PREFIX + 'N'));
    assert.ok(protocol.includes(CssClasses.VIEWPOINT_PREFIX + 'interconnection'));
});
