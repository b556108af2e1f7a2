#!/usr/bin/env bash
# Times `heaplens gc` against `wc -l` on the same (page-cached) log, in the same run: hyperfine
# medians, the commands interleaved run by run so that all see the same machine. With OLD, a
# previous launcher is timed in the same run too (before/after figures for BENCHMARKS.md).
# Target: heaplens gc <= 10 x wc -l, JVM start included. Peak RSS from /usr/bin/time.
#   bench/gc/run-gc.sh [LOG [OLD_LAUNCHER]]   (default LOG: makes /tmp/heaplens-gc-500mb.log)
# Environment: RUNS=10.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
log="${1:-/tmp/heaplens-gc-500mb.log}"
old="${2:-}"
new="$here/../../heaplens"
runs="${RUNS:-10}"
for tool in hyperfine jq /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "run-gc.sh: missing $tool (apt-get install -y hyperfine jq time)" >&2; exit 1; }
done
[ -f "$log" ] || "$here/make-gc-log.sh" "$log" 500
cat "$log" > /dev/null # into the page cache
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
cmds=("wc -l $log" "$new gc $log --format json")
[ -n "$old" ] && cmds+=("$old gc $log --format json")
hyperfine -N --style none --warmup 1 --runs "$runs" --export-json "$tmp/r.json" "${cmds[@]}" > /dev/null
median() { jq ".results[$1].median" "$tmp/r.json"; }
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
w=$(median 0); n=$(median 1)
size=$(stat -c %s "$log")
printf 'log %.0f MB, %s cores, load %s\n' "$(echo "$size / 1000000" | bc -l)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'wc -l               %.3f s\n' "$w"
printf 'heaplens gc         %.3f s  (%.0f MB/s, %.1f x wc -l)  peak RSS %d MB\n' "$n" \
  "$(echo "$size / 1000000 / $n" | bc -l)" "$(echo "$n / $w" | bc -l)" "$(( $(rss "$new" gc "$log" --format json) / 1024 ))"
if [ -n "$old" ]; then
  o=$(median 2)
  printf 'old heaplens gc     %.3f s  (%.1f x wc -l)  peak RSS %d MB; new/old %.2f\n' "$o" "$(echo "$o / $w" | bc -l)" \
    "$(( $(rss "$old" gc "$log" --format json) / 1024 ))" "$(echo "$n / $o" | bc -l)"
fi
