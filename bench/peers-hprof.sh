#!/usr/bin/env bash
# bench/peers-hprof.sh NEW [OLD [DUMP [PEERS]]] -- heaplens histogram of an HPROF dump against the
# NetBeans profiler heap library's class histogram (bench/peers/NetBeansHistogram.java), interleaved
# round by round (bench/peers-lib.sh), with an older heaplens beside.
#   NEW, OLD  heaplens launchers; OLD may be "-"
#   DUMP      default /tmp/heaplens-bench-jvm/big.hprof, the 300 MB dump (bench/make-jvm-dump.sh)
#   PEERS     what bench/peers-build.sh built, default /tmp/heaplens-peers
# The library's java runs with the JVM's defaults and -Xmx4g (the heap it needs grows with the
# dump), its temporary files in the scratch directory, emptied before every run.
# Environment: ROUNDS (default 7). Needs hyperfine and jq.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/peers-lib.sh"
peer_args /tmp/heaplens-bench-jvm/big.hprof "$@"
scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
# The library keeps its index beside the dump (DUMP.nbcache) and reuses it: it reads a link to the
# dump in a scratch directory, whose index is deleted before every run (a first run, as heaplens').
mkdir "$scratch/tmp"
ln -s "$(readlink -f "$dump")" "$scratch/dump.hprof"
PREPARE="rm -rf $scratch/dump.hprof.nbcache $scratch/tmp/*"
cat "$dump" > /dev/null # page cache
"$new" --version > /dev/null 2>&1 # the launcher's start-up archive, before any timing
[ "$old" = - ] || "$old" --version > /dev/null 2>&1
nb="java -Xmx4g -Djava.io.tmpdir=$scratch/tmp -cp $peers/netbeans:$peers/netbeans/org-netbeans-lib-profiler-RELEASE250.jar NetBeansHistogram $scratch/dump.hprof"

echo "### histogram of $dump, against the NetBeans profiler heap library"
echo
args=("heaplens histogram" "$new histogram $dump")
[ "$old" = - ] || args+=("heaplens (old) histogram" "$old histogram $dump")
args+=("heaplens histogram --by class,package,loader,kind" "$new histogram $dump --by class,package,loader,kind")
args+=("NetBeans library: class histogram" "$nb")
interleave "${args[@]}"
