#!/usr/bin/env bash
# The smallest -Xmx (MiB) with which a graph command completes on a dump, by bisection: the
# "bytes per object" of issue 28 (that heap over the dump's objects). The young generation is
# kept small (-Xmn8m) so that it does not count; no index is read or written.
# usage: bench/smallest-heap.sh JAR DUMP [LOW_MIB HIGH_MIB [COMMAND]]
# JAR should be built with runtime/HeapFit's BYTES_PER_OBJECT constants set to 0, or the fit
# check refuses, before reading, any heap below its own estimate (README "Memory and start-up").
set -uo pipefail
jar=$1; dump=$2; lo=${3:-64}; hi=${4:-2048}; cmd=${5:-top}
run() { # exit 0 when the command completed in $1 MiB of heap
  java -XX:+UseSerialGC -XX:-UsePerfData -Xmn8m -XX:PretenureSizeThreshold=65536 -XX:TLABSize=60k -XX:-ResizeTLAB \
    -XX:TieredStopAtLevel=1 -Xss8m -Xmx"$1"m -jar "$jar" "$cmd" "$dump" --no-index > /dev/null 2> /tmp/smallest-heap.$$.err
}
run "$hi" || { echo "fails even with $hi MiB: $(head -1 /tmp/smallest-heap.$$.err)" >&2; exit 1; }
while [ $((hi - lo)) -gt 1 ] && [ $(( (hi - lo) * 100 / hi )) -gt 2 ]; do  # to 2% (or 1 MiB)
  mid=$(( (lo + hi) / 2 ))
  if run "$mid"; then hi=$mid; else lo=$mid; fi
  if grep -q 'needs about' /tmp/smallest-heap.$$.err; then
    echo "refused by the fit check at $mid MiB, before reading: set runtime/HeapFit's BYTES_PER_OBJECT to 0 in the jar measured" >&2
    rm -f /tmp/smallest-heap.$$.err; exit 2
  fi
  echo "  $mid MiB: $([ $hi = $mid ] && echo ran || echo failed)" >&2
done
rm -f /tmp/smallest-heap.$$.err
echo "$hi"
