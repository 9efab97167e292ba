package org.bgml.reproduce;

/**
 * The seven shapes the seed papers report, each with the seed's figure as the paper gives it. The claims are in this
 * project's own words; the figures are the papers' numbers.
 */
public enum Finding {
    KNEE(1, "Payload knee", "seed 000 (CCMPerf), data-copying overhead",
            "Round-trip latency stays nearly flat while the payload is small and then steps up sharply once it passes a few KiB.",
            "TAO: gradual to 4 KiB (202 µs), then a sharp rise", null,
            "A knee moves with the ORB's fragment and buffer sizes (omniORB's giopMaxMsgSize, GIOP version), the socket buffers and"
                    + " the MTU of the path; on a loaded machine a late slow sample can hide or fake a step, so more samples per size"
                    + " steady it."),
    COLLOCATION(2, "Collocation", "seed 000 (CCMPerf), collocation analysis",
            "A client calling a servant in its own process gets far more calls per second than over the network, because no"
                    + " transport is crossed.",
            "TAO-TAO 385,370 calls/s collocated against 10,267 remote: 37.5x", 385_370.0 / 10_267.0,
            "The ratio grows with the transport's cost (a real network instead of loopback) and shrinks when the collocated path"
                    + " still goes through the POA (thru_poa) rather than straight to the servant; CPU frequency scaling moves both."),
    GLUE(3, "Glue overhead", "seed 000 (CCMPerf), collocation throughput",
            "A component's container hop (glue servant, then executor) costs a measurable share of collocated throughput against a"
                    + " plain servant.",
            "CIAO-CIAO 323,832 against TAO-TAO 385,370 calls/s collocated: 0.84 (about 15% overhead)", 323_832.0 / 385_370.0,
            "The share depends on how thin the plain call is: a faster collocated path makes the same glue a larger fraction;"
                    + " with a real container (CIAO) the executor context and home lookup add to the hop."),
    PROXY(4, "Proxy penalty", "seed 003 (PPL), proxy pattern",
            "Three client/server pairs routing every call through one proxy get far fewer calls per second per client than one"
                    + " direct pair, more than concurrency alone would explain.",
            "about 0.10 of one direct pair per client (concurrency alone: about 0.30)", 0.10,
            "On one 2-CPU machine the pairs and the proxy share the CPUs, which the paper's one-machine-per-process testbed did"
                    + " not; the connect-only proxy mode, more CPUs, or the emulated cluster (one network namespace per node) change it."),
    SEGMENTS(5, "Segment sums", "seed 004 (DBA-color), mechanism-level timing",
            "The mechanism segments of a cycle (marshal, send, wait, receive, dispatch, demarshal, algorithm) add up to the measured"
                    + " cycle time, so the accounting has no gaps.",
            "segments summed and matched the cycle closely (no figure given)", null,
            "Probes that miss part of the path, or a cycle measured by a separate timer, open a gap; here cycle and segments come"
                    + " from one timer with back-to-back checkpoints, so the check guards the accounting, not an independent clock."),
    ACE_VS_ORB(6, "ACE against ORB", "seed 004 (DBA-color), application cycle",
            "The same exchange coded directly on ACE has a shorter cycle than through an ORB, which adds headers, lookup and dispatch.",
            "2 nodes: ACE 128 µs against TAO 165 µs: 0.78 (4 nodes 0.55, 100 nodes 0.51)", 128.0 / 165.0,
            "The gap grows with the number of neighbours (the ORB marshals once per neighbour, ACE once) and shrinks where the"
                    + " ORB's dispatch is cheap; here the cycle is one oneway message, not the full colouring cycle, and both sides must"
                    + " time it the same way: at the sender (its call) or at the receiver (up to the upcall)."),
    PLACEMENT(7, "Placement", "this machine (the seeds gave each process a machine)",
            "Where the two processes of a round trip sit matters: on a small machine the same CPU, different CPUs and an unpinned"
                    + " pair give different round trips, and the unpinned pair mixes both modes.",
            "no figure: every process had a machine of its own", null,
            "An idle CPU that must be woken for every message costs tens of microseconds; a busy machine, more CPUs, disabled"
                    + " idle states or polling transports shrink the difference.");

    private final int number;
    private final String title;
    private final String source;
    private final String claim;
    private final String seedFigure;
    private final Double seedRatio;
    private final String whatChangesIt;

    Finding(int number, String title, String source, String claim, String seedFigure, Double seedRatio, String whatChangesIt) {
        this.number = number;
        this.title = title;
        this.source = source;
        this.claim = claim;
        this.seedFigure = seedFigure;
        this.seedRatio = seedRatio;
        this.whatChangesIt = whatChangesIt;
    }

    public int number() {
        return number;
    }

    public String title() {
        return title;
    }

    /** Which paper and which part of it. */
    public String source() {
        return source;
    }

    /** The seed's claim in one sentence. */
    public String claim() {
        return claim;
    }

    public String seedFigure() {
        return seedFigure;
    }

    /** The seed's ratio where the paper gives one (ours is compared with it), else null. */
    public Double seedRatio() {
        return seedRatio;
    }

    public String whatChangesIt() {
        return whatChangesIt;
    }

    public String anchor() {
        return "finding-" + number;
    }
}
