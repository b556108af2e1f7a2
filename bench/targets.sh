#!/usr/bin/env bash
# bench/targets.sh OLD NEW [RUBY_DUMP [HPROF_DUMP]] -- issue 11's histogram and top targets for two
# launchers in one run: hyperfine medians of `wc -l` and both histograms (7 runs), then `top` of
# both on both dumps (5 runs), then one peak-RSS run of each `top`. Every run reads the dump
# (HEAPLENS_INDEX=off; bench/index.sh times reopening from the index).
# Defaults: /tmp/heaplens-bench/big.json (bench/make-big-dump.sh) and
# /tmp/heaplens-bench-jvm/big.hprof (bench/make-jvm-dump.sh).
set -uo pipefail
old="$1"; new="$2"
ruby="${3:-/tmp/heaplens-bench/big.json}"; hprof="${4:-/tmp/heaplens-bench-jvm/big.hprof}"
export HEAPLENS_INDEX=off
for tool in hyperfine /usr/bin/time jq; do
  command -v "$tool" >/dev/null || { echo "targets.sh: missing $tool (apt-get install -y hyperfine time jq)" >&2; exit 1; }
done
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
cat "$ruby" "$hprof" > /dev/null # into the page cache
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
medians() { jq -r '.results[] | "\(.median)\t\(.command)"' "$1"; }
hyperfine -N --style none --warmup 1 --runs 7 --export-json "$tmp/hr.json" \
  "wc -l $ruby" "$old histogram $ruby" "$new histogram $ruby" > /dev/null && medians "$tmp/hr.json"
hyperfine -N --style none --warmup 1 --runs 7 --export-json "$tmp/hj.json" \
  "wc -l $hprof" "$old histogram $hprof" "$new histogram $hprof" > /dev/null && medians "$tmp/hj.json"
hyperfine -N --style none --warmup 1 --runs 5 --export-json "$tmp/top.json" \
  "$old top $ruby" "$new top $ruby" "$old top $hprof" "$new top $hprof" > /dev/null && medians "$tmp/top.json"
for launcher in "$old" "$new"; do
  for dump in "$ruby" "$hprof"; do
    echo "peak RSS MB $(( $(/usr/bin/time -f %M "$launcher" top "$dump" 2>&1 >/dev/null | tail -1) / 1024 ))	$launcher top $dump"
  done
done
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
