#!/usr/bin/env bash
# Usage: bench/make-jvm-dump.sh [DIR] [SCALE]
# Creates DIR/big.hprof: a live HPROF heap dump (HotSpotDiagnosticMXBean.dumpHeap, live only) of
# bench/jvm/BigHeap.java, an in-memory "order service" (customers, orders, line items, catalog,
# queues, soft/weak caches). SCALE 1.0 is about 7.4M objects / 300 MB; the exact counts (from the
# JVM's own GC.class_histogram) go to DIR/big.hprof.counts.txt.
# DIR defaults to /tmp/heaplens-bench-jvm; SCALE defaults to 1.0.
# Environment: FORCE=1 rebuilds an existing dump (otherwise it is reused);
#              GZ=1 also writes DIR/big.hprof.gz (gzip -1);
#              BIGHEAP_JAVA_OPTS overrides the JVM flags (default -Xmx2g -XX:+UseParallelGC).
# Takes about 30 s at SCALE 1 on 2 cores; the JVM needs about 1 GB (so -Xmx2g).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${1:-/tmp/heaplens-bench-jvm}"
scale="${2:-1.0}"
command -v javac >/dev/null || { echo "javac not found (needs a JDK 17+)" >&2; exit 1; }
mkdir -p "$dir"
out="$dir/big.hprof"
log() { echo "[make-jvm-dump] $*" >&2; }

if [[ -f "$out" && "${FORCE:-0}" != 1 ]]; then
  log "reusing $out ($(stat -c %s "$out") bytes); FORCE=1 to rebuild"
else
  classes="$(mktemp -d)"
  ok=0
  # a failed or interrupted run leaves no half-written dump behind to be reused
  trap 'rm -rf "$classes"; if [[ $ok == 0 ]]; then rm -f "$out" "$out.counts.txt"; fi' EXIT
  rm -f "$out" "$out.gz" "$out.counts.txt"
  start=$(date +%s)
  # Compiled first and run from the class path (not java BigHeap.java): the dump then holds the
  # application and the JDK only, no leftovers of the in-process compiler.
  javac -d "$classes" "$here/jvm/BigHeap.java"
  # dumpHeap wants the name to end in .hprof, so the dump is written in place
  # shellcheck disable=SC2086
  java ${BIGHEAP_JAVA_OPTS:--Xmx2g -XX:+UseParallelGC} -cp "$classes" BigHeap "$out" "$scale" > "$out.counts.txt"
  ok=1
  cat "$out.counts.txt"
  log "took $(( $(date +%s) - start )) s"
fi
if [[ "${GZ:-0}" == 1 ]]; then
  if [[ -f "$out.gz" && "$out.gz" -nt "$out" && "${FORCE:-0}" != 1 ]]; then
    log "reusing $out.gz"
  else
    log "gzip -1 $out"
    gzip -1 -c "$out" > "$out.gz.partial" && mv -f "$out.gz.partial" "$out.gz"
  fi
  log "final: $out.gz ($(stat -c %s "$out.gz") bytes)"
fi
log "final: $out ($(stat -c %s "$out") bytes), $out.counts.txt"
