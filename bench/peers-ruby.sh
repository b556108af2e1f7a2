#!/usr/bin/env bash
# bench/peers-ruby.sh NEW [OLD [DUMP [PEERS]]] -- heaplens against harb and heap-profiler on one
# Ruby dump, interleaved round by round (bench/peers-lib.sh), with an older heaplens beside.
#   NEW, OLD  heaplens launchers (e.g. ./heaplens, and /tmp/speed-main/heaplens from
#             `git worktree add --detach /tmp/speed-main main` and its build); OLD may be "-"
#   DUMP      default /tmp/heaplens-bench130/big.json, the 149 MB "Rails" dump
#             (bench/make-big-dump.sh /tmp/heaplens-bench130 0.072)
#   PEERS     what bench/peers-build.sh built, default /tmp/heaplens-peers
# Two tables: (1) top, a first run (no index: it is deleted before each run), against harb
# loading the dump and its dominator tree (then quit); (2) the report by gem, file, location and
# class: one heaplens histogram run of the four keys, against heap-profiler's report (which
# prints those four and more from one read), and OLD's four histogram runs.
# heap-profiler runs with --batch-size 100M: its default (10 MB) refuses the dump's 18 MB line.
# Environment: ROUNDS (default 7); TABLES (default "top report": which tables). Needs hyperfine and jq.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/peers-lib.sh"
peer_args /tmp/heaplens-bench130/big.json "$@"
cache="$(mktemp -d)"; trap 'rm -rf "$cache"; rm -f "$dump.heaplens-index"' EXIT
export HEAPLENS_CACHE="$cache"
PREPARE="rm -rf $dump.heaplens-index $cache/*"
cat "$dump" > /dev/null # page cache
keys=(gem file location class)
"$new" --version > /dev/null 2>&1 # the launcher's start-up archive, before any timing
[ "$old" = - ] || "$old" --version > /dev/null 2>&1

if [[ " ${TABLES:-top report} " == *" top "* ]]; then
echo "### top, first run, against harb ($dump)"
echo
args=("heaplens top" "$new top $dump")
[ "$old" = - ] || args+=("heaplens (old) top" "$old top $dump")
args+=("harb (load, dominators, quit)" "printf 'quit\\n' | $peers/harb/harb $dump")
interleave "${args[@]}"
echo
fi

[[ " ${TABLES:-top report} " == *" report "* ]] || exit 0
echo "### gem, file, location and class, against heap-profiler ($dump)"
echo
args=("heaplens histogram --by gem,file,location,class" "$new histogram $dump --by gem,file,location,class --top 50")
if [ "$old" != - ]; then
  four=""
  for k in "${keys[@]}"; do four+="$old histogram $dump --by $k --top 50 > /dev/null; "; done
  args+=("heaplens (old): four histogram runs" "$four")
  args+=("heaplens (old) histogram --by class" "$old histogram $dump --by class")
fi
args+=("heaplens histogram --by class" "$new histogram $dump --by class")
args+=("heap-profiler report" "ruby -I $peers/heap-profiler/lib $peers/heap-profiler/exe/heap-profiler --batch-size 100M $dump")
interleave "${args[@]}"
