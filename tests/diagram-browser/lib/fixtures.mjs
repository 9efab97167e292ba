// Models for the browser tests, copied into a fresh temporary folder so the examples are never touched.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bgml, repoRoot } from './studio.mjs';

export function tempDir(prefix = 'bgml-diagram-test-') {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function copyExample(name, dir, as = name) {
    const target = join(dir, as);
    copyFileSync(join(repoRoot, 'examples', name), target);
    return target;
}

/**
 * Two stored runs on the roundtrip model's TaoTao connection, as `bgml annotate` attaches them: run `fast` meets
 * the latency requirement (p99 19.6 µs ≤ 150 µs), run `slow` breaks it (p99 182 µs). Each has a latency and a
 * throughput measurement, and the latency measurements carry histograms.
 */
export const RESULT_RUNS = {
    fast: { runId: 'fast', time: '2026-11-20T10:00:00Z', p50: 14.2, p90: 16.1, p99: 19.6, p999: 25.3, min: 12.9, max: 41.7, mean: 14.6, throughput: 67800, verdict: 'pass' },
    slow: { runId: 'slow', time: '2026-11-21T10:00:00Z', p50: 97.5, p90: 140.2, p99: 182.0, p999: 240.8, min: 80.3, max: 390.1, mean: 101.2, throughput: 9800, verdict: 'fail' }
};

function measurementsXml(run) {
    const buckets = [];
    const width = (run.max - run.min) / 8;
    const counts = [40, 300, 900, 500, 160, 60, 25, 15];
    counts.forEach((count, i) => {
        const lower = run.min + i * width;
        buckets.push(`        <histogram lower="${lower.toFixed(1)}" upper="${(lower + width).toFixed(1)}" count="${count}"/>`);
    });
    return [
        `    <measurements metric="#TaoTaoLatency" element="#TaoTao" unit="us" n="2000" mean="${run.mean}" min="${run.min}" max="${run.max}"` +
            ` p50="${run.p50}" p90="${run.p90}" p99="${run.p99}" p999="${run.p999}" verdict="${run.verdict}">`,
        ...buckets,
        '    </measurements>',
        `    <measurements metric="#TaoTaoThroughput" element="#TaoTao" unit="us" n="2000" throughput="${run.throughput}"` +
            ` verdict="${run.throughput >= 50000 ? 'pass' : 'fail'}"/>`
    ].join('\n');
}

export function writeRoundtripWithResults(dir, name = 'roundtrip-results.bgml') {
    const source = readFileSync(join(repoRoot, 'examples', 'roundtrip.bgml'), 'utf8');
    const results = Object.values(RESULT_RUNS)
        .map(
            run =>
                `  <results name="${run.runId}" runId="${run.runId}" time="${run.time}" target="omniorb">\n${measurementsXml(run)}\n  </results>`
        )
        .join('\n');
    const model = source.replace('</bgml:BenchmarkModel>', results + '\n</bgml:BenchmarkModel>');
    const file = join(dir, name);
    writeFileSync(file, model);
    return file;
}

/**
 * The smallest omniORB scenario Generate & Run can measure in seconds: one server, one client over loopback, a
 * latency metric of 60,000 samples (a second or two, long enough to see live sample counts) with a generous requirement.
 */
export function writeTinyOmniOrbModel(dir, name = 'tiny.bgml') {
    const file = join(dir, name);
    writeFileSync(
        file,
        `<?xml version="1.0" encoding="UTF-8"?>
<bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bgml="http://bgml.org/bgml/1.0" name="Tiny">
  <modules name="Bench">
    <definitions xsi:type="bgml:Typedef" name="Stamp">
      <aliasedType primitive="unsigned long long"/>
    </definitions>
    <definitions xsi:type="bgml:Interface" name="RoundTrip">
      <operations name="test_method">
        <returnType named="#Bench::Stamp"/>
        <parameters name="send_time">
          <type named="#Bench::Stamp"/>
        </parameters>
      </operations>
    </definitions>
  </modules>
  <entities xsi:type="bgml:Server" name="PingServer">
    <ports xsi:type="bgml:Facet" name="rt" interface="#Bench::RoundTrip"/>
  </entities>
  <entities xsi:type="bgml:Client" name="PingClient">
    <ports xsi:type="bgml:Receptacle" name="rt" interface="#Bench::RoundTrip"/>
  </entities>
  <connections name="Ping" source="#PingClient/rt" target="#PingServer/rt"/>
  <deployments name="pinned">
    <nodes name="localhost" cpuCount="2">
      <processes name="PingServerProcess" entities="#PingServer">
        <cpus>0</cpus>
      </processes>
      <processes name="PingClientProcess" entities="#PingClient" startOrder="1">
        <cpus>0</cpus>
      </processes>
    </nodes>
  </deployments>
  <metrics xsi:type="bgml:Latency" name="PingLatency" warmupIterations="500" samples="60000" connection="#Ping" operation="#Bench::RoundTrip::test_method">
    <requirement value="100000.0"/>
  </metrics>
  <configurations name="loopback">
    <settings option="bgml:/catalogs/omniorb.bgml#endPoint" value="giop:tcp:127.0.0.1:"/>
  </configurations>
</bgml:BenchmarkModel>
`
    );
    return file;
}

/**
 * The README's main job in small: `bgml run roundtrip.bgml --target omniorb` on a copy of examples/roundtrip.bgml,
 * which generates, builds, measures and annotates the copy with the run's results. Only the sample counts are cut
 * (to `samples` per metric, warm-up to a tenth of it) so that the run takes seconds; everything else is the example.
 * Returns the annotated model's path.
 */
export function runRoundtripOnOmniOrb(dir, samples = 2000, name = 'roundtrip.bgml') {
    const source = readFileSync(join(repoRoot, 'examples', 'roundtrip.bgml'), 'utf8');
    const model = source
        .replace(/ samples="\d+"/g, ` samples="${samples}"`)
        .replace(/ warmupIterations="\d+"/g, ` warmupIterations="${Math.max(1, Math.floor(samples / 10))}"`);
    const file = join(dir, name);
    writeFileSync(file, model);
    execFileSync(bgml, ['run', name, '--target', 'omniorb', '--out', 'benchmark'], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 600_000
    });
    return file;
}

/**
 * A rate generator, a GPS and a display wired as a chain: the rate's timer ticks the GPS, whose sink already publishes
 * on its `ready` source (one action, so one trigger edge); the display's sink has no actions yet.
 */
export function writeEventChain(dir, name = 'chain.bgml') {
    const target = join(dir, name);
    writeFileSync(
        target,
        `<?xml version="1.0" encoding="UTF-8"?>
<bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bgml="http://bgml.org/bgml/1.0" name="Chain">
  <modules name="Av">
    <definitions xsi:type="bgml:EventType" name="Tick">
      <members name="stamp">
        <type primitive="unsigned long long"/>
      </members>
    </definitions>
    <definitions xsi:type="bgml:Interface" name="Position">
      <operations name="read">
        <returnType primitive="double"/>
      </operations>
    </definitions>
  </modules>
  <entities xsi:type="bgml:Component" name="Rate">
    <ports xsi:type="bgml:EventSource" name="tick" eventType="#Av::Tick">
      <timer rate="fixed" rateHz="100" iterations="1000"/>
    </ports>
  </entities>
  <entities xsi:type="bgml:Component" name="Gps">
    <ports xsi:type="bgml:EventSink" name="tick" eventType="#Av::Tick">
      <behaviour>
        <actions kind="publish" source="#Gps/ready"/>
      </behaviour>
    </ports>
    <ports xsi:type="bgml:EventSource" name="ready" eventType="#Av::Tick"/>
    <ports xsi:type="bgml:Facet" name="pos" interface="#Av::Position"/>
  </entities>
  <entities xsi:type="bgml:Component" name="Display">
    <ports xsi:type="bgml:EventSink" name="ready" eventType="#Av::Tick"/>
    <ports xsi:type="bgml:Receptacle" name="gps" interface="#Av::Position"/>
  </entities>
  <connections name="Ticks" source="#Rate/tick" target="#Gps/tick"/>
  <connections name="Ready" source="#Gps/ready" target="#Display/ready"/>
  <connections name="Read" source="#Display/gps" target="#Gps/pos"/>
</bgml:BenchmarkModel>
`
    );
    return target;
}
