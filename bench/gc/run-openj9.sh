#!/usr/bin/env bash
# Times `heaplens gc` on a large OpenJ9 verbose GC log against `wc -l` on it, in the same run
# (hyperfine medians, interleaved). The log repeats the hand-built gencon test log (there is no
# OpenJ9 JVM here to write a real one) with shifted timestamps up to SIZE_MB (default 200).
#   bench/gc/run-openj9.sh [OUT.xml [SIZE_MB]]
# Environment: RUNS=5.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
log="${1:-/tmp/heaplens-openj9-200mb.xml}"
size="${2:-200}"
runs="${RUNS:-5}"
for tool in hyperfine jq; do
  command -v "$tool" >/dev/null || { echo "run-openj9.sh: missing $tool (apt-get install -y hyperfine jq)" >&2; exit 1; }
done
[ -f "$log" ] || java "$here/RepeatOpenJ9Log.java" "$here/../../src/test/resources/gc/openj9/gencon.xml" "$log" "$size"
cat "$log" > /dev/null # into the page cache
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
hyperfine -N --style none --warmup 1 --runs "$runs" --export-json "$tmp/r.json" \
  "wc -l $log" "$here/../../heaplens gc $log --format json" > /dev/null
w=$(jq '.results[0].median' "$tmp/r.json"); n=$(jq '.results[1].median' "$tmp/r.json")
printf 'log %s MB, %s lines, %s cores, load %s\n' "$(( $(stat -c %s "$log") / 1000000 ))" "$(wc -l < "$log")" \
  "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'wc -l %.3f s; heaplens gc %.3f s (%.1fx); user+sys %.2f s\n' "$w" "$n" "$(echo "$n / $w" | bc -l)" \
  "$(jq '.results[1].user + .results[1].system' "$tmp/r.json")"
"$here/../../heaplens" gc "$log" --format json | jq -c '{pauses: .pauses.count, collectors, warnings}'
