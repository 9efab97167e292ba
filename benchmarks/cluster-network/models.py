#!/usr/bin/env python3
"""Writes the models of the cluster-network benchmarks into a folder.

    models.py OUT_DIR [--samples N] [--nodes K ...]

sweep.bgml            octet echo, 4 B to 64 KiB doubling, client on n1 and server on n2
roundtrip-same.bgml   cube_long round trips, client and server both on n1, both pinned to CPU 0
roundtrip-cross.bgml  the same with the server on n2 (still pinned to CPU 0: only the path differs)
spread-K.bgml         one client on n1 calling one server on each of n2..nK (orchestration cost per node)
"""
import argparse
import os

NS = ('xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
      'xmlns:bgml="http://bgml.org/bgml/1.0"')


def head(name):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<bgml:BenchmarkModel xmi:version="2.0" %s name="%s">\n' % (NS, name))


def node(name, processes):
    out = ['    <nodes name="%s" host="%s">\n' % (name, name)]
    for pname, entity, order, cpu in processes:
        cpus = '\n        <cpus>%d</cpus>\n      ' % cpu if cpu is not None else ''
        out.append('      <processes name="%s" entities="#%s" startOrder="%d">%s</processes>\n' % (pname, entity, order, cpus))
    out.append('    </nodes>\n')
    return ''.join(out)


def sweep(samples):
    return (head("NetworkSweep") +
            '  <modules name="Net">\n'
            '    <definitions xsi:type="bgml:Sequence" name="Payload">\n      <elementType primitive="octet"/>\n    </definitions>\n'
            '    <definitions xsi:type="bgml:Interface" name="Sink">\n'
            '      <operations name="echo">\n        <returnType named="#Net::Payload"/>\n'
            '        <parameters name="data">\n          <type named="#Net::Payload"/>\n        </parameters>\n'
            '      </operations>\n    </definitions>\n  </modules>\n'
            '  <entities xsi:type="bgml:Server" name="Echo">\n'
            '    <ports xsi:type="bgml:Facet" name="sink" interface="#Net::Sink"/>\n  </entities>\n'
            '  <entities xsi:type="bgml:Client" name="Caller">\n'
            '    <ports xsi:type="bgml:Receptacle" name="sink" interface="#Net::Sink"/>\n  </entities>\n'
            '  <connections name="Path" source="#Caller/sink" target="#Echo/sink"/>\n'
            '  <deployments name="twoHosts" description="Client on n1, server on n2." separateHosts="true">\n' +
            node("n1", [("CallerProcess", "Caller", 1, None)]) + node("n2", [("EchoProcess", "Echo", 0, None)]) +
            '  </deployments>\n'
            '  <metrics xsi:type="bgml:PayloadSweep" name="EchoSweep" warmupIterations="50" samples="%d"\n'
            '      connection="#Path" operation="#Net::Sink::echo"/>\n'
            '</bgml:BenchmarkModel>\n' % samples)


CUBIT = ('  <modules name="Rt">\n    <definitions xsi:type="bgml:Interface" name="Cubit">\n'
         '      <operations name="cube_long">\n        <returnType primitive="long"/>\n'
         '        <parameters name="l">\n          <type primitive="long"/>\n        </parameters>\n'
         '      </operations>\n    </definitions>\n  </modules>\n')


def servers_and_clients(servers):
    out = ['  <entities xsi:type="bgml:Client" name="Caller">\n']
    for s in servers:
        out.append('    <ports xsi:type="bgml:Receptacle" name="to%s" interface="#Rt::Cubit"/>\n' % s)
    out.append('  </entities>\n')
    for s in servers:
        out.append('  <entities xsi:type="bgml:Server" name="%s">\n'
                   '    <ports xsi:type="bgml:Facet" name="cubit" interface="#Rt::Cubit">\n'
                   '      <behaviour kind="cubit"/>\n    </ports>\n  </entities>\n' % s)
    for s in servers:
        out.append('  <connections name="Calls%s" source="#Caller/to%s" target="#%s/cubit"/>\n' % (s, s, s))
    return ''.join(out)


def metrics(servers, samples):
    return ''.join('  <metrics xsi:type="bgml:Latency" name="RoundTrip%s" warmupIterations="1000" samples="%d"\n'
                   '      connection="#Calls%s" operation="#Rt::Cubit::cube_long"/>\n' % (s, samples, s) for s in servers)


def roundtrip(name, cross, samples):
    server_node = "n2" if cross else "n1"
    nodes = {"n1": [("CallerProcess", "Caller", 1, 0)]}
    nodes.setdefault(server_node, []).insert(0, ("ServerProcess", "Server", 0, 0))
    return (head(name) + CUBIT + servers_and_clients(["Server"]) +
            '  <deployments name="placed">\n' + ''.join(node(n, p) for n, p in sorted(nodes.items())) +
            '  </deployments>\n' + metrics(["Server"], samples) + '</bgml:BenchmarkModel>\n')


def spread(k, samples):
    servers = ["Server%d" % i for i in range(2, k + 1)] or ["Server1"]
    nodes = {"n1": [("CallerProcess", "Caller", 1, None)]}
    for i, s in enumerate(servers):
        n = "n%d" % (i + 2) if k > 1 else "n1"
        nodes.setdefault(n, []).insert(0, (s + "Process", s, 0, None))
    return (head("Spread%d" % k) + CUBIT + servers_and_clients(servers) +
            '  <deployments name="spread">\n' + ''.join(node(n, p) for n, p in sorted(nodes.items())) +
            '  </deployments>\n' + metrics(servers, samples) + '</bgml:BenchmarkModel>\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--samples", type=int, default=2000)
    ap.add_argument("--nodes", type=int, nargs="*", default=[1, 2, 4])
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    files = {"sweep.bgml": sweep(a.samples), "roundtrip-same.bgml": roundtrip("RoundTripSameNode", False, a.samples * 10),
             "roundtrip-cross.bgml": roundtrip("RoundTripCrossNode", True, a.samples * 10)}
    for k in a.nodes:
        files["spread-%d.bgml" % k] = spread(k, a.samples)
    for name, text in files.items():
        with open(os.path.join(a.out, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
