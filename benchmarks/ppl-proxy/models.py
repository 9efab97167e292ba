#!/usr/bin/env python3
"""Writes the four models of the PPL proxy reproduction into a folder.

    models.py OUT_DIR [--duration-ms MS] [--pin CPU] [--hosts CLIENTS,PROXY,SERVERS]

direct-1.bgml  one client calling one cubit server
direct-3.bgml  three such pairs, their clients together
proxy-1.bgml   one client calling through the forwarding proxy to one server
proxy-3.bgml   three clients through the one proxy to three servers, together (the PPL scenario)

Every client measures cube_long calls per second for the same duration, after the same warm-up, with no pre-delay:
the clients start behind one start line, so in the -3 models their loops overlap from the first call to the last.
With --pin every process is pinned to that CPU; with --hosts the clients, the proxy and the servers are placed on
nodes of those names (for `bgml run --engine slurm` on a cluster), otherwise everything is on this machine.
"""
import argparse
import os

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xmlns:bgml="http://bgml.org/bgml/1.0" name="{name}" description="{description}">
  <modules name="ProxyTest">
    <definitions xsi:type="bgml:Interface" name="Cubit">
      <operations name="cube_long">
        <returnType primitive="long"/>
        <parameters name="l">
          <type primitive="long"/>
        </parameters>
      </operations>
    </definitions>
  </modules>
"""


def model(name, pairs, proxy, duration_ms, pin, hosts):
    out = [HEAD.format(name=name, description=("%d client(s) %s" % (pairs, "through one forwarding proxy" if proxy else "calling their servers directly")))]
    for i in range(1, pairs + 1):
        out.append('  <entities xsi:type="bgml:Client" name="Client%d">\n'
                   '    <ports xsi:type="bgml:Receptacle" name="calls" interface="#ProxyTest::Cubit"/>\n'
                   '  </entities>\n' % i)
    if proxy:
        out.append('  <entities xsi:type="bgml:Server" name="Proxy">\n')
        for i in range(1, pairs + 1):
            out.append('    <ports xsi:type="bgml:Facet" name="front%d" interface="#ProxyTest::Cubit">\n'
                       '      <behaviour kind="forward" forwardTo="#Proxy/back%d"/>\n'
                       '    </ports>\n' % (i, i))
        for i in range(1, pairs + 1):
            out.append('    <ports xsi:type="bgml:Receptacle" name="back%d" interface="#ProxyTest::Cubit"/>\n' % i)
        out.append('  </entities>\n')
    for i in range(1, pairs + 1):
        out.append('  <entities xsi:type="bgml:Server" name="Server%d">\n'
                   '    <ports xsi:type="bgml:Facet" name="cubit" interface="#ProxyTest::Cubit">\n'
                   '      <behaviour kind="cubit"/>\n'
                   '    </ports>\n'
                   '  </entities>\n' % i)
    for i in range(1, pairs + 1):
        if proxy:
            out.append('  <connections name="ToProxy%d" source="#Client%d/calls" target="#Proxy/front%d"/>\n' % (i, i, i))
            out.append('  <connections name="ToServer%d" source="#Proxy/back%d" target="#Server%d/cubit"/>\n' % (i, i, i))
        else:
            out.append('  <connections name="Direct%d" source="#Client%d/calls" target="#Server%d/cubit"/>\n' % (i, i, i))
    cpus = '\n        <cpus>%d</cpus>\n      ' % pin if pin is not None else ''
    node_of = {}
    if hosts:
        c, p, s = hosts
        node_of = {"client": c, "proxy": p, "server": s}
    else:
        node_of = {"client": "localhost", "proxy": "localhost", "server": "localhost"}
    placements = {}
    for i in range(1, pairs + 1):
        placements.setdefault(node_of["server"], []).append(('Server%dProcess' % i, 'Server%d' % i, 0))
    if proxy:
        placements.setdefault(node_of["proxy"], []).append(('ProxyProcess', 'Proxy', 1))
    for i in range(1, pairs + 1):
        placements.setdefault(node_of["client"], []).append(('Client%dProcess' % i, 'Client%d' % i, 2))
    out.append('  <deployments name="remote" description="Every object in its own process; the clients run together.">\n')
    for node, procs in placements.items():
        out.append('    <nodes name="%s" host="%s">\n' % (node, node))
        for pname, entity, order in procs:
            out.append('      <processes name="%s" entities="#%s" startOrder="%d">%s</processes>\n' % (pname, entity, order, cpus))
        out.append('    </nodes>\n')
    out.append('  </deployments>\n')
    for i in range(1, pairs + 1):
        conn = ('ToProxy%d' % i) if proxy else ('Direct%d' % i)
        out.append('  <metrics xsi:type="bgml:Throughput" name="CallsPerSecond%d" warmupIterations="2000" samples="1000000"\n'
                   '      connection="#%s" operation="#ProxyTest::Cubit::cube_long">\n'
                   '    <workload durationMillis="%d"/>\n'
                   '  </metrics>\n' % (i, conn, duration_ms))
    out.append('</bgml:BenchmarkModel>\n')
    return ''.join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--duration-ms", type=int, default=3000)
    ap.add_argument("--pin", type=int)
    ap.add_argument("--hosts")
    a = ap.parse_args()
    hosts = a.hosts.split(",") if a.hosts else None
    os.makedirs(a.out, exist_ok=True)
    for name, pairs, proxy in (("direct-1", 1, False), ("direct-3", 3, False), ("proxy-1", 1, True), ("proxy-3", 3, True)):
        text = model(name.replace("-", "_").title().replace("_", ""), pairs, proxy, a.duration_ms, a.pin, hosts)
        with open(os.path.join(a.out, name + ".bgml"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
