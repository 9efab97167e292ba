# Sourced by run.sh and instructions.sh: generates examples/roundtrip.bgml for tao under the configuration
# taoLatencyTest, which sets what the svc.conf of TAO's own Single_Threaded latency test sets (select_st reactor,
# no connection cache lock, null input CDR allocator, unmasked signals, no reactivation of system ids, exclusive
# transports, the RW wait strategy) plus the loopback endpoint, and builds its TAO-TAO pair.
#
# The configuration goes into a copy of the model, so that the generated processes link TAO_Strategies and read
# their own config/*.svc.conf. Passing TAO's svc.conf to a process that does not link TAO_Strategies loads no
# Advanced_Resource_Factory ("service 'Advanced_Resource_Factory' was not located"): that process keeps the
# default TP reactor and locks, and measured TAO's defaults against the test's settings.
#
# Expects: root (the repository), work (a fresh folder). Leaves the programs in $work/generated/build and their
# svc.conf files in $work/generated/config.
generate_latency_pair() {
  python3 - "$root/examples/roundtrip.bgml" "$work/roundtrip-latency.bgml" <<'PY'
import sys
text = open(sys.argv[1]).read()
tao = "bgml:/catalogs/tao.bgml#"
settings = [("ORBEndpoint", "iiop://127.0.0.1"), ("ORBDottedDecimalAddresses", "1"),
            ("ORBReactorMaskSignals", "0"), ("ORBInputCDRAllocator", "null"), ("ORBReactorType", "select_st"),
            ("ORBConnectionCacheLock", "null"), ("ORBAllowReactivationOfSystemids", "0"),
            ("ORBTransportMuxStrategy", "EXCLUSIVE"), ("ORBClientConnectionHandler", "RW"),
            # TAO's documentation (and the catalogue's constraint) pair RW with blocking flushing; TAO's own
            # test leaves it out. It makes no difference to the instructions per call of TAO's test.
            ("ORBFlushingStrategy", "blocking")]
block = ('  <configurations name="taoLatencyTest" description="The svc.conf of TAO\'s own latency test '
         '(performance-tests/Latency/Single_Threaded), on the loopback interface.">\n'
         + "".join('    <settings option="%s%s" value="%s"/>\n' % (tao, k, v) for k, v in settings)
         + "  </configurations>\n")
end = text.rindex("</configurations>") + len("</configurations>\n")
open(sys.argv[2], "w").write(text[:end] + block + text[end:])
PY
  "$root/bin/bgml" generate "$work/roundtrip-latency.bgml" --target tao --config taoLatencyTest \
    --out "$work/generated" > /dev/null
  ( cd "$work/generated" && "$ACE_ROOT/bin/mwc.pl" -type gnuace RoundTrip.mwc > "$work/build.log" 2>&1 \
    && make -f GNUmakefile.RoundTrip_Idl >> "$work/build.log" 2>&1 \
    && make -j2 -f GNUmakefile.TaoTaoServerProcess >> "$work/build.log" 2>&1 \
    && make -j2 -f GNUmakefile.TaoTaoClientProcess >> "$work/build.log" 2>&1 ) || { tail -30 "$work/build.log"; return 1; }
}
