"""Runs the TaoTao server and client of each generated benchmark as its manifest says (arguments, environment,
readiness files), pinned to one CPU, and prints the client's latency median and p99 per round and the ratios."""
import json
import os
import signal
import statistics
import subprocess
import sys
import time

work, calls, rounds, cpu = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]


def spec(manifest, name):
    return next(p for p in manifest["processes"] if p["name"] == name)


def pinned(args):
    out, skip = [], False
    for a in args:  # the model pins to CPU 0; the benchmark pins both sides to the chosen CPU
        if skip:
            skip = False
            continue
        if a == "-c":
            skip = True
            continue
        out.append(a)
    return out + ["-c", cpu]


def one_round(target, r):
    bench = os.path.join(work, target)
    manifest = json.load(open(os.path.join(bench, "manifest.json")))
    run = os.path.join(work, f"run-{target}-{r}")
    os.makedirs(os.path.join(run, "results"))  # the launcher makes it for a run
    server, client = spec(manifest, "TaoTaoServerProcess"), spec(manifest, "TaoTaoClientProcess")
    env = dict(os.environ)
    env.update(server.get("env") or {})
    s = subprocess.Popen([os.path.join(bench, server["executable"])] + pinned(server["args"]), cwd=run, env=env,
                         stdout=subprocess.DEVNULL)
    try:
        deadline = time.time() + 30
        for f in server["ready"].get("paths", []):
            while not (os.path.exists(os.path.join(run, f)) and os.path.getsize(os.path.join(run, f)) > 0):
                if time.time() > deadline or s.poll() is not None:
                    raise SystemExit(f"{target}: the server did not get ready")
                time.sleep(0.01)
        env = dict(os.environ)
        env.update(client.get("env") or {})
        subprocess.run([os.path.join(bench, client["executable"])] + pinned(client["args"]) + ["-n", calls], cwd=run,
                       env=env, check=True, stdout=subprocess.DEVNULL)
    finally:
        s.send_signal(signal.SIGTERM)
        s.wait(timeout=30)
    result = json.load(open(os.path.join(run, "results", "TaoTaoClientProcess.json")))
    m = next(m for m in result["measurements"] if m["metric"] == "TaoTaoLatency")
    return m["p50"] / 1000.0, m["p99"] / 1000.0, m["n"]


seen = {"fastdds": [], "omniorb": []}
for r in range(rounds):
    for target in ("fastdds", "omniorb"):
        p50, p99, n = one_round(target, r)
        seen[target].append((p50, p99))
        print(f"round {r + 1} {target:8s} n={n} p50={p50:8.1f} us p99={p99:9.1f} us", flush=True)
med = {t: (statistics.median(v[0] for v in seen[t]), statistics.median(v[1] for v in seen[t])) for t in seen}
for t in ("fastdds", "omniorb"):
    print(f"{t:8s} median of {rounds} rounds: p50={med[t][0]:8.1f} us p99={med[t][1]:9.1f} us")
print(f"fastdds/omniorb: p50 x{med['fastdds'][0] / med['omniorb'][0]:.2f}, p99 x{med['fastdds'][1] / med['omniorb'][1]:.2f}"
      f" (both pinned to CPU {cpu}, {calls} timed calls after the model's warm-up per round)")
