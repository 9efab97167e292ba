import { Args } from '@eclipse-glsp/client';
import { RESULT_PERCENTILE_ARGS } from '../protocol/element-types';

/** One element's result as the detail panel shows it. */
export interface ResultDetail {
    rows: Array<{ name: string; value: string }>;
    /** an end-to-end path's hops, origin to end (`args.hops`, PROTOCOL.md) */
    hops: Array<{ segment: string; p50: string; p99: string; share: string }>;
    /** the hop this element's numbers are of (`args.segment`), or '' */
    segment: string;
    histogram: Array<[number, number]>;
    unit: string;
    verdict: string;
    runId: string;
}

const LABELS: Record<string, string> = {
    min: 'min',
    p50: 'p50',
    p90: 'p90',
    p99: 'p99',
    p999: 'p99.9',
    max: 'max',
    mean: 'mean',
    n: 'samples',
    throughput: 'throughput'
};

/** The model's unit literals (ns, us, ms, s, ...) as they are written for people. */
const UNIT_SYMBOLS: Record<string, string> = { us: 'µs' };

export function unitSymbol(unit: string): string {
    return UNIT_SYMBOLS[unit] ?? unit;
}

function toNumber(value: unknown): number | undefined {
    if (typeof value === 'number') {
        return value;
    }
    if (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value))) {
        return Number(value);
    }
    return undefined;
}

/** 14.2, 1,234, 0.0042: three significant digits for small numbers, grouping for large. */
export function formatNumber(value: number): string {
    if (!isFinite(value)) {
        return String(value);
    }
    const abs = Math.abs(value);
    if (abs >= 1000) {
        return Math.round(value).toLocaleString('en-US');
    }
    if (abs === 0) {
        return '0';
    }
    return Number(value.toPrecision(3)).toString();
}

export function parseHistogram(value: unknown): Array<[number, number]> {
    let raw: unknown = value;
    if (typeof value === 'string') {
        try {
            raw = JSON.parse(value);
        } catch {
            return [];
        }
    }
    if (!Array.isArray(raw)) {
        return [];
    }
    const buckets: Array<[number, number]> = [];
    for (const entry of raw) {
        if (Array.isArray(entry) && entry.length >= 2) {
            const bound = toNumber(entry[0]);
            const count = toNumber(entry[1]);
            if (bound !== undefined && count !== undefined) {
                buckets.push([bound, count]);
            }
        }
    }
    return buckets;
}

export function resultDetail(args: Args): ResultDetail {
    const unit = typeof args['unit'] === 'string' ? unitSymbol(args['unit'] as string) : '';
    const rows: ResultDetail['rows'] = [];
    for (const name of [...RESULT_PERCENTILE_ARGS, 'n', 'throughput']) {
        const value = toNumber(args[name]);
        if (value === undefined) {
            continue;
        }
        let text = formatNumber(value);
        if ((RESULT_PERCENTILE_ARGS as readonly string[]).includes(name) && unit) {
            text += ' ' + unit;
        } else if (name === 'throughput') {
            text += ' /s';
        }
        rows.push({ name: LABELS[name] ?? name, value: text });
    }
    return {
        rows,
        hops: parseHops(args['hops'], unit, toNumber(args['mean'])),
        segment: typeof args['segment'] === 'string' ? (args['segment'] as string) : '',
        histogram: parseHistogram(args['histogram']),
        unit,
        verdict: String(args['verdict'] ?? ''),
        runId: String(args['runId'] ?? '')
    };
}

/**
 * A path's hops from `args.hops` (`[["Ticks",p50,p99,mean],...]` in the result's unit): each hop's p50 and p99, and
 * its share of the end-to-end mean (its mean against `totalMean`).
 */
export function parseHops(value: unknown, unit: string, totalMean: number | undefined): ResultDetail['hops'] {
    let raw: unknown = value;
    if (typeof value === 'string') {
        try {
            raw = JSON.parse(value);
        } catch {
            return [];
        }
    }
    if (!Array.isArray(raw)) {
        return [];
    }
    const withUnit = (v: number | undefined): string => (v === undefined ? '–' : formatNumber(v) + (unit ? ' ' + unit : ''));
    const hops: ResultDetail['hops'] = [];
    for (const entry of raw) {
        if (!Array.isArray(entry) || typeof entry[0] !== 'string') {
            continue;
        }
        const mean = toNumber(entry[3]);
        hops.push({
            segment: entry[0],
            p50: withUnit(toNumber(entry[1])),
            p99: withUnit(toNumber(entry[2])),
            share: mean !== undefined && totalMean ? Math.round((100 * mean) / totalMean) + ' %' : '–'
        });
    }
    return hops;
}
