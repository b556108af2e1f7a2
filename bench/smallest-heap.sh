#!/usr/bin/env bash
# The smallest -Xmx (MiB) with which a graph command completes on a dump, by bisection: the
# "bytes per object" of issue 28 (that heap over the dump's objects). The young generation is
# kept small (-Xmn8m) so that it does not count; no index is read or written.
# usage: bench/smallest-heap.sh JAR DUMP [LOW_MIB HIGH_MIB [COMMAND [outofcore]]]
# "outofcore": the first read forced out of core instead (--memory 1k, each run writing a fresh index
# in a directory of its own under ${OUTOFCORE_TMP:-/tmp}, removed after); "indexed": a first read in
# the heap that writes its index the same way.
# JAR should be built with runtime/HeapFit's BYTES_PER_OBJECT constants set to 0, or the fit
# check refuses, before reading, any heap below its own estimate (README "Memory and start-up").
set -uo pipefail
jar=$1; dump=$2; lo=${3:-64}; hi=${4:-2048}; cmd=${5:-top}; mode=${6:-heap}
run() { # exit 0 when the command completed in $1 MiB of heap
  local where=(--no-index) dir="" rc
  if [ "$mode" != heap ]; then
    dir="$(mktemp -d "${OUTOFCORE_TMP:-/tmp}/smallest-heap.XXXXXX")"; where=(--index-dir "$dir")
    [ "$mode" = outofcore ] && where+=(--memory 1k)
  fi
  java -XX:+UseSerialGC -XX:-UsePerfData -Xmn8m -XX:PretenureSizeThreshold=65536 -XX:TLABSize=60k -XX:-ResizeTLAB \
    -XX:TieredStopAtLevel=1 -Xss8m -Xmx"$1"m -jar "$jar" "$cmd" "$dump" "${where[@]}" > /dev/null 2> /tmp/smallest-heap.$$.err
  rc=$?; [ -n "$dir" ] && rm -rf "$dir"; return $rc
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
