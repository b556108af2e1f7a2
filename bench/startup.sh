#!/usr/bin/env bash
# bench/startup.sh OLD NEW [DUMP [SAMPLE]] -- start-up of two heaplens launchers in one run:
# hyperfine times OLD and NEW back to back on each command, so both see the same machine.
#
#   OLD, NEW   launchers (e.g. /tmp/startup-old/heaplens from `git worktree add /tmp/startup-old
#              main` and its jar, and ./heaplens)
#   DUMP       default /tmp/heaplens-bench130/big.json, the 149 MB "Rails" dump
#              (bench/make-big-dump.sh /tmp/heaplens-bench130 0.072): `top` on it, a first run
#   SAMPLE     default samples/rails-ish.json.gz: `--version` and `histogram` on it are
#              almost nothing but start-up
# Environment: RUNS=10 WARMUP=2. The warm-up runs let NEW make its start-up archive. Each timed
# `top` is a first run: the index a graph command may write next to the dump
# (DUMP.heaplens-index) or in HEAPLENS_CACHE is deleted before it.
# Prints a Markdown table: command; old and new median and min wall seconds; new/old of the
# medians; old and new CPU seconds (user + system, means), which a busy machine disturbs less.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old="$1"; new="$2"
dump="${3:-/tmp/heaplens-bench130/big.json}"
sample="${4:-$here/samples/rails-ish.json.gz}"
RUNS="${RUNS:-10}"; WARMUP="${WARMUP:-2}"
command -v hyperfine >/dev/null && command -v jq >/dev/null \
  || { echo "startup.sh: needs hyperfine and jq (apt-get install -y hyperfine jq)" >&2; exit 1; }
cache="$(mktemp -d)"; tmp="$(mktemp -d)"
trap 'rm -rf "$tmp" "$cache"; rm -f "$dump.heaplens-index"' EXIT
export HEAPLENS_CACHE="$cache"
no_index="rm -rf $dump.heaplens-index $cache/*"
cat "$dump" "$sample" > /dev/null # page cache
echo "| command | old median s | new median s | old min s | new min s | new/old | old CPU s | new CPU s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
row() {
  local name="$1" args="$2"
  hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" --prepare "$no_index" \
    --export-json "$tmp/r.json" "$old $args" "$new $args" > /dev/null 2>&1 \
    || { echo "| $name | failed | | | | | | |"; return; }
  jq -r --arg name "$name" '.results as $r | "| \($name) | \($r[0].median*1000|round/1000) | \($r[1].median*1000|round/1000) | \($r[0].min*1000|round/1000) | \($r[1].min*1000|round/1000) | \(($r[1].median/$r[0].median)*100|round/100) | \(($r[0].user+$r[0].system)*1000|round/1000) | \(($r[1].user+$r[1].system)*1000|round/1000) |"' "$tmp/r.json"
}
row "--version" "--version"
row "histogram (sample, 19 MB gz)" "histogram $sample"
row "top (149 MB dump, first run)" "top $dump"
