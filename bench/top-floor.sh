#!/usr/bin/env bash
# bench/top-floor.sh NEW [DUMP [PEERS]] -- where the floor of heaplens' first `top` of a Ruby dump
# lies, beside harb's time (issue 32: the target is a quarter of harb's). Interleaved round by
# round (bench/peers-lib.sh), so that load swings hit every command alike:
#   start   NEW top of the dump's first 200 lines: the JVM, picocli, the command's classes, a
#           trivial read and graph: what any command pays before the dump's bytes matter
#   read    cat DUMP > /dev/null: the bytes from the page cache, with no parsing at all
#   parse   NEW histogram DUMP --by class: start + every line parsed and counted, no graph
#   top     NEW top DUMP, first run (no index: deleted before each run)
#   harb    harb loading the dump and its dominator tree, then quitting
#   NEW     a heaplens launcher (./heaplens)
#   DUMP    default /tmp/heaplens-bench130/big.json, the 149 MB "Rails" dump
#   PEERS   what bench/peers-build.sh built, default /tmp/heaplens-peers
# Environment: ROUNDS (default 7). Needs hyperfine and jq.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/peers-lib.sh"
new="$1"; dump="${2:-/tmp/heaplens-bench130/big.json}"; peers="${3:-/tmp/heaplens-peers}"
scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"; rm -f "$dump.heaplens-index"' EXIT
export HEAPLENS_CACHE="$scratch/cache"
head -n 200 "$dump" > "$scratch/first-200-lines.json"
PREPARE="rm -rf $dump.heaplens-index $scratch/cache $scratch/first-200-lines.json.heaplens-index"
cat "$dump" > /dev/null # page cache
"$new" --version > /dev/null 2>&1 # the launcher's start-up archive, before any timing

echo "### The floor of a first top, against harb ($dump)"
echo
interleave "heaplens top (first run)" "$new top $dump" \
  "start: heaplens top of 200 lines" "$new top $scratch/first-200-lines.json" \
  "read: cat" "cat $dump > /dev/null" \
  "parse: heaplens histogram --by class" "$new histogram $dump --by class" \
  "harb (load, dominators, quit)" "printf 'quit\\n' | $peers/harb/harb $dump"
