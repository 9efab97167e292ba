"""The round trip on every program of the benchmark, rounds alternating, client and server of each pinned to one CPU.

Programs: raw TCP (tcp/tcp_pingpong.cpp), the generated TaoTao pair of examples/roundtrip.bgml on ace, omniorb and
fastdds (run as their manifests say: arguments, environment, readiness files), and the hand-written Fast DDS
ping-pong (handwritten/pingpong.cpp). Prints each round's mean, p50 and p99, the medians over the rounds, the ratios
to raw TCP, and the ratio of the means generated fastdds / hand-written Fast DDS.

The generated clients wait at a TCP start line (BGML_START_LINE, as under the launcher): the time from a client's
start to its arrival there is its set-up (discovery, matching both ways and, on fastdds, the handshake reply)
before the first sample; the server's is from its start to its readiness file.

    roundtrip.py WORK CALLS WARMUP ROUNDS CPU [PROGRAM,PROGRAM...]

Every other round runs the programs in reverse order, so that a drift of the machine's load does not always
favour the same program.
"""
import fcntl
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time

work, calls, warmup, rounds, cpu = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
GENERATED = ("ace", "omniorb", "fastdds")
PROGRAMS = tuple(sys.argv[6].split(",")) if len(sys.argv) > 6 else ("tcp",) + GENERATED + ("fastdds-hand",)
pin = ["taskset", "-c", cpu]


def claim_domain():
    """A DDS domain id for the hand-written ping-pong, held under the lock the generated processes honour."""
    os.makedirs("/tmp/bgml-fastdds", exist_ok=True)
    for d in range(232, 0, -1):
        fd = os.open(f"/tmp/bgml-fastdds/domain-{d}.lock", os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return str(d), fd
        except OSError:
            os.close(fd)
    raise SystemExit("ERROR: no free DDS domain id")


domain, domain_lock = claim_domain()


def pinned(args):
    """The manifest's arguments with the model's -c replaced by the benchmark's CPU."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "-c":
            skip = True
        else:
            out.append(a)
    return out + ["-c", cpu]


def await_file(path, proc, seconds=30):
    deadline = time.monotonic() + seconds
    while not (os.path.exists(path) and os.path.getsize(path) > 0):
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit(f"ERROR: no {path}")
        time.sleep(0.001)
    return time.monotonic_ns()


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def parse(line):
    f = dict(kv.split("=") for kv in line.split())
    return {"mean": float(f["mean_ns"]) / 1e3, "p50": float(f["p50_ns"]) / 1e3, "p99": float(f["p99_ns"]) / 1e3}, f


def run_tcp(r):
    port = os.path.join(work, f"tcp-{r}.port")
    s = subprocess.Popen(pin + [os.path.join(work, "tcp_pingpong"), "server", port])
    try:
        await_file(port, s)
        out = subprocess.run(pin + [os.path.join(work, "tcp_pingpong"), "client", port, str(calls), str(warmup)], check=True,
                             capture_output=True, text=True).stdout
    finally:
        stop(s)
    return parse(out.strip().splitlines()[-1])[0], {}


def run_hand(r):
    ready = os.path.join(work, f"hand-{r}.ready")
    s = subprocess.Popen(pin + [os.path.join(work, "hand", "pingpong"), "server", domain, ready], stdout=subprocess.DEVNULL)
    try:
        await_file(ready, s)
        out = subprocess.run(pin + [os.path.join(work, "hand", "pingpong"), "client", domain, str(calls), str(warmup)], check=True,
                             capture_output=True, text=True).stdout
    finally:
        stop(s)
    figures, f = parse(out.strip().splitlines()[-1])
    return figures, {"discovery": int(f["discovery_ns"]) / 1e6, "first reply": int(f["first_ns"]) / 1e6}


def run_generated(target, r):
    bench = os.path.join(work, target)
    manifest = json.load(open(os.path.join(bench, "manifest.json")))
    spec = {p["name"]: p for p in manifest["processes"]}
    server, client = spec["TaoTaoServerProcess"], spec["TaoTaoClientProcess"]
    run = os.path.join(work, f"run-{target}-{r}")
    os.makedirs(os.path.join(run, "results"))  # the launcher makes it for a run
    line = socket.socket()
    line.bind(("127.0.0.1", 0))
    line.listen(1)
    env = dict(os.environ, **(server.get("env") or {}))
    t_server = time.monotonic_ns()
    s = subprocess.Popen(pin + [os.path.join(bench, server["executable"])] + pinned(server["args"]), cwd=run, env=env,
                         stdout=subprocess.DEVNULL)
    try:
        ready = max(await_file(os.path.join(run, f), s) for f in server["ready"].get("paths", []))
        env = dict(os.environ, **(client.get("env") or {}))
        env.update(BGML_START_LINE=f"tcp:127.0.0.1:{line.getsockname()[1]}", BGML_START_NAME="TaoTaoClientProcess")
        t_client = time.monotonic_ns()
        c = subprocess.Popen(pin + [os.path.join(bench, client["executable"])] + pinned(client["args"]) + ["-n", str(calls)],
                             cwd=run, env=env, stdout=subprocess.DEVNULL)
        line.settimeout(60)
        conn, _ = line.accept()
        conn.recv(256)
        arrived = time.monotonic_ns()
        conn.sendall(b"\n")
        conn.close()
        if c.wait(timeout=600) != 0:
            raise SystemExit(f"ERROR: the {target} client failed")
    finally:
        stop(s)
        line.close()
    result = json.load(open(os.path.join(run, "results", "TaoTaoClientProcess.json")))
    m = next(m for m in result["measurements"] if m["metric"] == "TaoTaoLatency")
    return ({"mean": m["mean"] / 1e3, "p50": m["p50"] / 1e3, "p99": m["p99"] / 1e3},
            {"server ready": (ready - t_server) / 1e6, "client ready": (arrived - t_client) / 1e6})


seen = {p: [] for p in PROGRAMS}
setup = {p: [] for p in PROGRAMS}
for r in range(rounds):
    for p in PROGRAMS if r % 2 == 0 else reversed(PROGRAMS):
        figures, times = run_tcp(r) if p == "tcp" else run_hand(r) if p == "fastdds-hand" else run_generated(p, r)
        seen[p].append(figures)
        setup[p].append(times)
        extra = "".join(f" {k}={v:.1f} ms" for k, v in times.items())
        print(f"round {r + 1} {p:12s} mean={figures['mean']:8.1f} us p50={figures['p50']:8.1f} us p99={figures['p99']:9.1f} us{extra}",
              flush=True)

med = {p: {k: statistics.median(f[k] for f in seen[p]) for k in ("mean", "p50", "p99")} for p in PROGRAMS}
print()
print(f"medians of {rounds} rounds, {calls} timed calls each after {warmup} warm-up (the generated: the model's), "
      f"client and server pinned to CPU {cpu}:")
tcp = "tcp" in PROGRAMS
print(f"{'program':12s} {'mean us':>9s} {'p50 us':>9s} {'p99 us':>9s}" + (f" {'p50/tcp':>8s} {'p99/tcp':>8s}" if tcp else ""))
for p in PROGRAMS:
    m = med[p]
    print(f"{p:12s} {m['mean']:9.1f} {m['p50']:9.1f} {m['p99']:9.1f}"
          + (f" {m['p50'] / med['tcp']['p50']:8.2f} {m['p99'] / med['tcp']['p99']:8.2f}" if tcp else ""))
for other in ("omniorb", "ace"):
    if "fastdds" in PROGRAMS and other in PROGRAMS:
        print(f"fastdds/{other}: p50 x{med['fastdds']['p50'] / med[other]['p50']:.2f}, p99 x{med['fastdds']['p99'] / med[other]['p99']:.2f}")
if "fastdds" in PROGRAMS and "fastdds-hand" in PROGRAMS:
    ratios = [g["mean"] / h["mean"] for g, h in zip(seen["fastdds"], seen["fastdds-hand"])]
    print(f"generated fastdds / hand-written Fast DDS, ratio of the means: {med['fastdds']['mean'] / med['fastdds-hand']['mean']:.3f}"
          f" (goal <= 1.02; per round: {', '.join(f'{x:.3f}' for x in ratios)})")
print()
print("set-up before the first sample, medians (ms):")
for p in PROGRAMS:
    keys = setup[p][0].keys()
    if not keys:
        continue
    print(f"  {p:12s}" + "".join(f" {k} {statistics.median(t[k] for t in setup[p]):.1f}" for k in keys))
