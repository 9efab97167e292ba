import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNumber, parseHistogram, parseHops, resultDetail } from './result-format';

test('numbers read as people write them', () => {
    assert.equal(formatNumber(14.2), '14.2');
    assert.equal(formatNumber(19.6449), '19.6');
    assert.equal(formatNumber(0.004213), '0.00421');
    assert.equal(formatNumber(67800), '67,800');
    assert.equal(formatNumber(0), '0');
});

test('the histogram arrives as JSON text or as an array, and junk is dropped', () => {
    assert.deepEqual(parseHistogram('[[10,3],[20,5]]'), [[10, 3], [20, 5]]);
    assert.deepEqual(parseHistogram([[10, '3'], ['x', 1], [30]]), [[10, 3]]);
    assert.deepEqual(parseHistogram('not json'), []);
});

test('the detail lists the percentiles in order with their unit, and what is missing is left out', () => {
    const detail = resultDetail({ p50: 14.2, p99: '19.6', p999: 25.3, min: 12.9, unit: 'us', throughput: 67800, verdict: 'pass', runId: 'r1' });
    assert.deepEqual(
        detail.rows.map(r => `${r.name}=${r.value}`),
        ['min=12.9 µs', 'p50=14.2 µs', 'p99=19.6 µs', 'p99.9=25.3 µs', 'throughput=67,800 /s']
    );
    assert.equal(detail.verdict, 'pass');
    assert.equal(detail.runId, 'r1');
});

test('a path\'s hops list their p50, p99 and share of the end-to-end mean, in path order', () => {
    const hops = parseHops('[["Ticks",88.3,4731.3,183.6],["Gps.tick actions",20.4,20.6,20.5],["Ready",47.8,null,58.9]]', 'µs', 263);
    assert.deepEqual(hops, [
        { segment: 'Ticks', p50: '88.3 µs', p99: '4,731 µs', share: '70 %' },
        { segment: 'Gps.tick actions', p50: '20.4 µs', p99: '20.6 µs', share: '8 %' },
        { segment: 'Ready', p50: '47.8 µs', p99: '–', share: '22 %' }
    ]);
    assert.deepEqual(parseHops('junk', 'µs', 1), []);
    assert.deepEqual(resultDetail({ p50: 1, unit: 'us', segment: 'Ticks' }).segment, 'Ticks');
});
