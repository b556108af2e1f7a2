#!/usr/bin/env bash
# Times `heaplens gc` against `wc -l` on the same (page-cached) log, in the same run.
# Target: heaplens gc ≤ 10 × wc -l, JVM start included. Peak RSS from /usr/bin/time when present.
#   bench/gc/run-gc.sh [LOG]   (default: makes /tmp/heaplens-gc-500mb.log with make-gc-log.sh)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
log="${1:-/tmp/heaplens-gc-500mb.log}"
[ -f "$log" ] || "$here/make-gc-log.sh" "$log" 500
cat "$log" > /dev/null # into the page cache
best() { # best of 3 wall-clock seconds of "$@"
  local b=999999
  for _ in 1 2 3; do
    local s e
    s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N)
    b=$(echo "$e - $s" | bc -l | awk -v b="$b" '{ print ($1 < b) ? $1 : b }')
  done
  echo "$b"
}
wc_s=$(best wc -l "$log")
gc_s=$(best "$here/../../heaplens" gc "$log" --format json)
rss=""
if [ -x /usr/bin/time ]; then
  rss=$(/usr/bin/time -f %M "$here/../../heaplens" gc "$log" --format json 2>&1 >/dev/null | tail -1)
fi
size=$(stat -c %s "$log")
awk -v w="$wc_s" -v g="$gc_s" -v s="$size" -v r="$rss" 'BEGIN {
  printf "log %.0f MB\nwc -l          %.3f s\nheaplens gc    %.3f s  (%.0f MB/s, %.1f x wc -l)%s\n",
    s / 1e6, w, g, s / 1e6 / g, g / w, (r != "" ? sprintf("  peak RSS %.0f MB", r / 1024) : "") }'
