#!/usr/bin/env bash
# Usage: bench/make-big-dump.sh [DIR] [SCALE]
# Creates DIR/big.json (raw JSON lines from ObjectSpace.dump_all with
# allocation tracing on) and DIR/big.json.counts.json.
# DIR defaults to /tmp/heaplens-bench; SCALE defaults to 1.0 (~4.7M objects).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${1:-/tmp/heaplens-bench}"
scale="${2:-${HEAPLENS_BENCH_SCALE:-1.0}}"
command -v ruby >/dev/null || { echo "ruby not found" >&2; exit 1; }
mkdir -p "$dir"
out="$dir/big.json"
tmp="$dir/.big.json.partial"
trap 'rm -f "$tmp" "$tmp.counts.json"' EXIT
start=$(date +%s)
/usr/bin/env ruby "$here/make-big-dump.rb" "$tmp" "$scale"
mv -f "$tmp" "$out"
mv -f "$tmp.counts.json" "$out.counts.json"
echo "final:  $out ($(stat -c %s "$out") bytes), $out.counts.json"
echo "took:   $(( $(date +%s) - start )) s"
