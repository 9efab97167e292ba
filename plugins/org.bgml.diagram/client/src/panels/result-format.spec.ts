import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNumber, parseHistogram, resultDetail } from './result-format';

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
