#!/usr/bin/env bash
# Usage: bench/make-leak-dumps.sh [DIR] [SCALE]
# Three dumps of ONE Ruby process for `heaplens leaks`: DIR/a.json (the workload of
# make-big-dump.rb), DIR/b.json and DIR/c.json (after one and two steps that each keep about
# SCALE x 400K new objects and replace part of the request-scoped ones). SCALE defaults to 0.25
# (about 430 MB and 1.2M objects per dump).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${1:-/tmp/heaplens-leaks}"
scale="${2:-0.25}"
command -v ruby >/dev/null || { echo "ruby not found" >&2; exit 1; }
mkdir -p "$dir"
tmp="$dir/.a.json.partial"
trap 'rm -f "$tmp" "$tmp.counts.json" "$tmp.b" "$tmp.c"' EXIT
HEAPLENS_BENCH_LEAK_DUMPS=1 ruby "$here/make-big-dump.rb" "$tmp" "$scale" >/dev/null
mv -f "$tmp" "$dir/a.json"
mv -f "$tmp.b" "$dir/b.json"
mv -f "$tmp.c" "$dir/c.json"
rm -f "$tmp.counts.json"
ls -l "$dir"/a.json "$dir"/b.json "$dir"/c.json
